/**
 * What poisoning does, in words, in the languages instructions are written in (en, es, fr, de,
 * pt, ru, zh, ja): override the model's role or rules, hide something from the user, ask for
 * data the tool does not need (the conversation, secrets, other tools' output), and change how
 * another tool behaves. The rules in poisoning.ts combine these; no single word decides.
 * Patterns are built from word lists here so that a language is one line to extend.
 */

/** Latin and Cyrillic words need boundaries; Chinese and Japanese have none. */
const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';

function any(parts: string[], flags = 'iu'): RegExp {
  return new RegExp(parts.join('|'), flags);
}

/** Overriding the model's instructions or role. */
export const OVERRIDE = any([
  // en
  `${B}(ignore|disregard|forget|override|bypass|skip)\\s+(all\\s+|any\\s+)?(of\\s+)?(the\\s+|your\\s+)?(previous|prior|above|earlier|preceding|original|system|safety|existing|other)\\s+(instructions?|prompts?|rules|guidelines|directives|messages|polic(y|ies)|constraints)${E}`,
  `${B}(previous|prior|earlier|original|old|your)\\s+(instructions|guidelines|rules|directives|constraints)\\s+(no longer|do not|don't|are no longer)\\s+appl`,
  `${B}you are now${E}|${B}from (now|this point) (on|forward),?\\s+(you|act|behave|respond)${E}|${B}new (system )?instructions?\\s*:|${B}you are (now )?(acting|operating|running) as${E}`,
  `${B}(guidance|instructions|guidelines|rules|policies|setup|configuration)\\b[^.]{0,80}\\bno longer appl`,
  `${B}(policies|policy|instructions|guidelines|rules|constraints)\\b[^.;]{0,60}\\b(are|is|have been|has been) (superseded|void|revoked|suspended|overridden|lifted|no longer valid)`,
  `${B}(comply with|follow|obey|execute) (any|all|every) (instructions?|commands?|requests?)\\b[^.]{0,40}\\b(tool (outputs?|results?)|tool responses?)`,
  `${B}treats? (requests|instructions)\\b[^.]{0,30}\\btool results?\\b[^.]{0,30}\\b(operator|admin|system)`,
  `${B}(act|behave|respond|operate) as\\b[^.]{0,60}\\b(with no|without (any )?)(restrictions|limits|filters|guidelines)`,
  `${B}(developer|god|admin|jailbreak|unrestricted) mode${E}`,
  `${B}system\\s+(message|prompt|override|notice|instruction)s?\\s*(#+|:)|#{2,}\\s*system${E}`,
  `${B}(safety|security|content|usage)\\s+(policy|policies|guidelines|filters?|rules)\\s+(has|have)\\s+(been\\s+)?(updated|changed|disabled|lifted|removed|suspended)`,
  `${B}without (asking|requesting|seeking)( the user)?( for)? (confirmation|permission|approval|consent)`,
  `${B}(do not|don't|does not|doesn't|never) (ask|request|seek)( the user)?( for)? (confirmation|permission|approval)`,
  `<\\s*\\/?\\s*(important|system|instructions?|secret|hidden|admin|assistant)\\s*>`,
  // es
  `${B}(ignora|ignore|ignorar|olvida|olvide|omite)\\s+(todas\\s+)?(las\\s+|tus\\s+)?(instrucciones|reglas|indicaciones)(\\s+(anteriores|previas))?`,
  `${B}a partir de ahora,?\\s+(eres|act[uú]a|responde)`,
  // fr
  `${B}(ignore|ignorez|oublie|oubliez)\\s+(toutes\\s+)?(les\\s+|tes\\s+|vos\\s+)?(instructions|consignes|règles)(\\s+(précédentes|antérieures))?`,
  `${B}(à|a) partir de maintenant,?\\s+(tu es|vous êtes|agis|agissez)|${B}désormais,?\\s+(tu|vous)${E}|${B}ne s'appliquent plus${E}|${B}tu n'es plus${E}`,
  // de
  `${B}(ignoriere|ignorieren sie|vergiss|vergessen sie)\\s+(alle\\s+)?(vorherigen\\s+|bisherigen\\s+|früheren\\s+|deine\\s+)?(anweisungen|instruktionen|regeln|vorgaben)`,
  `${B}ab (jetzt|sofort) bist du${E}`,
  // pt
  `${B}(ignore|ignora|esqueça|esqueca)\\s+(todas\\s+)?(as\\s+|suas\\s+)?(instruções|instrucoes|regras)(\\s+(anteriores|prévias))?`,
  `${B}a partir de agora,?\\s+(você é|voce e|aja|responda)`,
  // ru
  `${B}(игнорируй|игнорируйте|забудь|забудьте|проигнорируй)\\s+(все\\s+)?(предыдущие\\s+|прежние\\s+|свои\\s+)?(инструкции|указания|правила)`,
  `${B}теперь ты${E}`,
  // zh
  `(忽略|无视|忘记|忘掉)(之前|以前|先前|上述|上面|所有|全部)?(的)?(所有|全部)?(指令|指示|说明|规则|提示)`,
  `你现在是|从现在起你|从现在开始你`,
  // ja
  `(これまで|以前|前|上記)の(すべての|全ての)?(指示|命令|ルール|指令)を(無視|忘れ)`,
  `(指示|命令)を無視して|あなたは今から`,
]);

/** Keeping something from the user. */
export const CONCEAL = any([
  `${B}(do not|don't|never|without)\\s+(tell|telling|inform|informing|mention|mentioning|reveal|revealing|notify|notifying|alert|alerting|show|showing|warn|warning|letting|flag|flagging)\\b[^.;]{0,30}\\b(the\\s+)?(user|human|customer)s?${E}`,
  `${B}(the user|user) (must|should|need) (not|never) (know|see|be told|find out|notice)`,
  `${B}no need to (mention|tell|inform|notify|disclose|say)${E}`,
  `${B}(do not|don't|never) (mention|reveal|disclose) (it|this|that)${E}|${B}keep (this|it) between us${E}`,
  `${B}(silently|secretly|quietly|covertly|invisibly) (copy|copies|send|sends|forward|forwards|upload|uploads|add|adds|include|includes|log|logs|mirror|mirrors|store|stores|bcc)${E}`,
  `${B}(keep|hide) (this|it|that) (hidden|secret|private)? ?from the user${E}|${B}without (the user's|their) (knowledge|consent|awareness)`,
  // es
  `${B}no\\s+(se lo\\s+|le\\s+)?(digas|menciones|informes|avises|cuentes|muestres)\\b[^.]{0,20}(usuario)?|${B}sin (avisar|decirle|informar|notificar)( al?)? usuario`,
  // fr
  `${B}ne\\s+(le\\s+|lui\\s+|leur\\s+)?(dis|dites|mentionne|mentionnez|signale|signalez|montre|montrez)\\s+pas|${B}sans (prévenir|informer|avertir|le dire à) l'utilisateur`,
  // de
  `${B}(sage|erwähne|verrate|zeige|informiere)\\b[^.]{0,30}\\b(nutzer|benutzer|anwender)\\w*\\s+(nichts|nicht)|${B}ohne (den|dem) (nutzer|benutzer|anwender) zu (informieren|benachrichtigen|fragen)`,
  `${B}(nicht|nichts) (dem|den) (nutzer|benutzer|anwender) (sagen|erwähnen|mitteilen)`,
  // pt
  `${B}sem (avisar|informar|contar|notificar)( o| ao)? usu[aá]rio|${B}n[aã]o (conte|diga|mencione|informe|avise|mostre)\\b[^.]{0,20}usu[aá]rio`,
  // ru
  `${B}не\\s+(говори|говорите|сообщай|сообщайте|рассказывай|рассказывайте|показывай|упоминай)\\b|${B}без ведома пользователя|${B}незаметно`,
  // zh
  `不要(告诉|通知|提醒|让)(用户|使用者)|不要让用户知道|(悄悄|秘密|偷偷)地?`,
  // ja
  `ユーザー(に|には)(は)?(伝え|言わ|知らせ|教え|見せ)(ないで|ず)|こっそり|密かに`,
]);

/** Data the model has and a tool seldom needs: the conversation, secrets, other tools' output. */
export const SENSITIVE = any([
  // en
  `${B}(conversation|chat|message|dialog(ue)?)\\s+(history|so far|transcript|log|logs|context)${E}`,
  `${B}(transcript|contents?|summary|record|copy|copies) of (the |your |this |our |all |every |each )*(conversation|chat|messages?|session|emails?)`,
  `${B}(every|all|each) (of the )?(messages?|prompts?)\\b[^.]{0,20}\\b(user|you)\\b|${B}the user has (written|typed|said|sent)${E}|${B}(the user's|user's|their) (conversation|chat|messages)${E}|${B}(previous|prior|earlier|all|every|the user's) (user )?(messages|prompts|turns)${E}|${B}(entire|full|whole|complete) (conversation|chat|dialog(ue)?|context window|context)${E}`,
  `${B}(your|the) (system prompt|instructions|system message)${E}`,
  `${B}(api|access|secret|private|ssh|auth|bearer|session|refresh)[ _-]?(keys?|tokens?)${E}|${B}passwords?${E}|${B}credentials?${E}|${B}passphrases?${E}|${B}cookies${E}`,
  `${B}environment variables?${E}|${B}env vars${E}|process\\.env|${B}[A-Z][A-Z0-9]*_(TOKEN|KEY|SECRET|PASSWORD)${E}`,
  `~\\/\\.[\\w./-]+|[\\w/~.-]*\\.ssh\\/?[\\w./-]*|${B}id_(rsa|dsa|ecdsa|ed25519)${E}|(^|[\\s"'\`(/=])\\.env(\\.\\w+)?${E}|\\.aws\\/|\\.npmrc|\\.netrc|\\.pgpass|\\.gitconfig|\\.git-credentials|\\.docker\\/config|\\/etc\\/(passwd|shadow)|${B}mcp\\.json|claude_desktop_config`,
  `${B}(output|outputs|result|results|response|responses|return values?)\\b[^.]{0,40}\\b(other|every|each|all|previous|that|those) (other )?tools?${E}`,
  `${B}tool'?s'? (raw|full|complete|unabridged|entire|verbatim|,|\\s)*(output|result|response)s?${E}`,
  // other tools' output, in the other languages
  `salida (completa )?de (todas )?(las )?(otras )?herramientas|sortie (complète )?des (autres )?outils|résultats? des autres outils|ausgabe(n)? (aller )?(der )?(anderen )?(werkzeuge|tools)|saída (completa )?de (todas )?(as )?(outras )?ferramentas|вывод (всех )?других инструментов|其他工具的(输出|结果)|他のツールの(出力|結果)`,
  // es
  `${B}(historial|registro)\\s+((completo|entero)\\s+)?(de\\s+la\\s+|del\\s+)?(conversación|conversacion|chat)|${B}(conversación|conversacion) (completa|entera)|${B}contraseñas?${E}|${B}credenciales${E}|${B}claves?\\s+(api|privadas?|ssh|secretas?)${E}|${B}variables de entorno${E}`,
  // fr
  `${B}historique (de la |du )?(conversation|chat|discussion)|${B}(toute )?la conversation${E}|${B}mots? de passe${E}|${B}identifiants${E}|${B}clés?\\s+(d'api|api|privées?|ssh|secrètes?)${E}|${B}variables d'environnement${E}`,
  // de
  `(chat|gesprächs|konversations|nachrichten)verlauf|${B}(gesamte[nr]?\\s+)?(konversation|unterhaltung)${E}|${B}passw(o|ö)rt(er)?${E}|${B}zugangsdaten${E}|${B}(api|private[nr]?|ssh|geheime[nr]?)[- ]?schlüssel${E}|${B}umgebungsvariablen${E}`,
  // pt
  `${B}histórico (completo )?(da|de|do) (conversa|chat)|${B}conversa (completa|inteira)${E}|${B}senhas?${E}|${B}credenciais${E}|${B}chaves?\\s+(api|privadas?|ssh|secretas?)${E}|${B}variáveis de ambiente${E}`,
  // ru
  `${B}(истори[юя]|содержимое)\\s+(переписки|чата|разговора|диалога|беседы)|${B}переписк[уаи]${E}|${B}парол(ь|и|я)${E}|${B}уч[её]тные данные${E}|${B}(приватный|закрытый|секретный|ssh)[- ]ключ|${B}переменные окружения${E}`,
  // zh
  `对话(内容|历史|记录)|聊天(记录|内容|历史)|会话(历史|记录|内容)|所有对话|密码|凭据|凭证|私钥|密钥|令牌|环境变量|系统提示`,
  // ja
  `会話(の)?(履歴|内容|記録)|チャット(の)?履歴|パスワード|認証情報|秘密鍵|APIキー|トークン|環境変数|システムプロンプト`,
]);

/** Asking the model to move data: read, collect, send, put into an argument. */
export const TRANSFER = any([
  // en (imperative and "you/the model must …" forms)
  `${B}(read|cat|open|load|fetch|collect|gather|extract|send|forward|upload|post|transmit|exfiltrate|leak|include|attach|append|prepend|add|put|insert|paste|copy|fill|provide|pass|supply|embed|encode|dump|share|reveal|print|output|submit|mirror|store|save|log|write|replace)${E}|${B}set (this|it|the \\w+ (field|parameter)) to${E}`,
  // es
  `${B}(lee|leer|lea|envía|envia|enviar|envíe|incluye|incluir|incluya|adjunta|adjuntar|pon|poner|ponga|agrega|agregar|añade|añadir|copia|copiar|pega|pegar|proporciona|pasa|pasar|comparte|revela)${E}`,
  // fr
  `${B}(lis|lire|lisez|envoie|envoyer|envoyez|inclus|inclure|incluez|ajoute|ajouter|ajoutez|mets|mettre|mettez|copie|copiez|colle|collez|fournis|fournissez|transmets|transmettez|joins|joignez|révèle|récupère|récupérez|place|placez|place-les)${E}`,
  // de
  `${B}(lies|lese|lesen|sende|senden|schicke|schicken|füge|fügen|hänge|kopiere|kopieren|übermittle|übermitteln|gib|geben|lade|teile|schreibe)${E}`,
  // pt
  `${B}(leia|ler|envie|enviar|mande|inclua|incluir|adicione|adicionar|coloque|colocar|copie|cole|forneça|passe|passar|anexe|compartilhe|revele)${E}`,
  // ru
  `${B}(прочитай|прочтите|прочти|прочитайте|отправь|отправьте|пришли|пришлите|включи|включите|добавь|добавьте|вставь|вставьте|скопируй|передай|передайте|помести|положи|укажи|загрузи)${E}`,
  // zh
  `读取|读出|发送|发到|上传|附加|附上|放入|放到|放进|填入|填写|包含|复制|粘贴|提供|传给|提交|转发`,
  // ja
  `読み(取|込)|送信|送っ|送る|入れ|含め|添付|コピー|貼り付け|記入|転送|アップロード`,
]);

/** A transfer negated before it ("do not include credentials", "never pass a private key"). */
export const NEGATION = any([
  `${B}(do not|don't|does not|doesn't|never|no need to|not|avoid|without|must not|mustn't|should not|shouldn't|cannot|can't)${E}`,
  `${B}(no|nunca|jamás|ne|jamais|nicht|nie|kein|keine|não|nao|не|никогда)${E}`,
  `不要|别|切勿|禁止|无需|ないで|しないで|不要です|禁止`,
]);

/** Words a tool's own job may legitimately involve: a tool named after them may ask for them. */
export const SENSITIVE_TOOL_WORDS = /pass(word)?|secret|credential|token|key|auth|login|env|ssh|cookie|vault|conversation|chat|history|transcript|memory/i;

/** Altering another tool's behaviour, in any of the languages: always, also, set, add, change, redirect. */
export const MODIFY = any([
  `${B}(always|additionally|secretly|silently)${E}`,
  `${B}(set|add|change|replace|modify|redirect|prepend|append|include|bcc|cc|override|rewrite|send|copy|forward)${E}`,
  `${B}(siempre|también|agrega|añade|cambia|reemplaza|toujours|aussi|ajoute|remplace|immer|auch|füge|ändere|ersetze|sempre|também|adicione|altere|всегда|также|добавь|замени)${E}`,
  `总是|始终|务必|同时|添加|替换|常に|必ず|追加|置き換え`,
]);

/** Steering the model away from a tool: never use X, X is broken. */
export const SUPPRESS = any([
  `${B}(never|do not|don't|avoid|stop) (use|call|using|calling|invoke|invoking|trust|trusting)${E}`,
  `${B}(is|are) (deprecated|broken|unsafe|malicious|compromised|untrusted|disabled|not to be trusted)${E}`,
  `${B}(returns|gives|produces|is returning) (truncated|corrupted|wrong|broken|stale|incorrect|unreliable)${E}|${B}known issue${E}`,
  `${B}(nunca|no) (uses|use|llames)${E}|${B}n'utilise (jamais|pas)${E}|${B}(niemals|nie|nicht) (verwenden|benutzen|aufrufen)${E}|${B}nunca (use|usar|chame)${E}|${B}никогда не (используй|вызывай)`,
  `不要(使用|调用)|禁止(使用|调用)|使わないで|使用しないで|呼び出さないで`,
]);

/** A reference to a tool: "the X tool", "tool X", "call X", "when X is used". */
export const TOOL_WORD = any([`${B}(tool|tools|function|call|calls|calling|invoke|use|using|used|available|enabled|installed|herramienta|outil|werkzeug|ferramenta|инструмент)${E}`, `工具|ツール|调用|呼び出`]);
