/**
 * Keeps secrets out of every record: reports, logs, artifacts, PR comments and child processes all
 * start from these. One process-wide registry (`RUN_SECRETS`) knows every secret value of the run
 * (header values, model keys, URL credentials, the GitHub token), and every writer passes its text
 * through it, so an echoed secret is removed in whatever encoding it comes back.
 */

const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key|x-auth-token)$|token|secret|key/i;

/** Shorter values are not looked for: too many false matches (a 4-character "test" would eat words). */
export const MIN_REDACTED_LENGTH = 6;

export const REDACTED = '[redacted]';

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = SECRET_HEADER.test(name) ? REDACTED : value;
  return out;
}

/** Whether a header's value is a credential (by its name). */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER.test(name) || /auth|session|password|credential/i.test(name);
}

/** Replaces every occurrence of the given secret values (in every encoding, see Redactor) in a text. */
export function redactText(text: string, secrets: readonly string[]): string {
  return new Redactor(secrets).redact(text);
}

/**
 * The forms a secret takes when echoed back: raw; base64 at each of the three byte alignments it can
 * sit at inside a longer encoded text (and base64url); URL-encoded (upper- and lower-case escapes,
 * `+` for space); hex (both cases); and escaped for JSON, HTML and XML.
 */
export function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Set<string>([secret]);
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Only the characters that depend on the secret's bits alone, whatever surrounds it.
    const fragment = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    if (fragment.length >= MIN_REDACTED_LENGTH) {
      forms.add(fragment);
      forms.add(fragment.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  const url = encodeURIComponent(secret);
  forms.add(url);
  forms.add(url.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()));
  forms.add(url.replace(/%20/g, '+'));
  forms.add(bytes.toString('hex'));
  forms.add(bytes.toString('hex').toUpperCase());
  forms.add(JSON.stringify(secret).slice(1, -1));
  forms.add(secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'));
  forms.add(secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;'));
  return [...forms].filter((form) => form.length >= MIN_REDACTED_LENGTH);
}

/**
 * Secret values and every form of them (secretForms), removed in one pass over a text: the
 * alternation is longest first, so a secret that contains another is removed whole.
 */
export class Redactor {
  private readonly secrets = new Set<string>();
  private pattern: RegExp | undefined;

  constructor(secrets: Iterable<string> = []) {
    this.add(...secrets);
  }

  /** Registers secret values; shorter than MIN_REDACTED_LENGTH and empty ones are ignored. */
  add(...secrets: Array<string | undefined>): this {
    for (const secret of secrets) {
      if (typeof secret !== 'string' || secret.length < MIN_REDACTED_LENGTH || this.secrets.has(secret)) continue;
      this.secrets.add(secret);
      this.pattern = undefined;
    }
    return this;
  }

  get size(): number {
    return this.secrets.size;
  }

  values(): string[] {
    return [...this.secrets];
  }

  redact(text: string): string {
    if (this.secrets.size === 0 || text.length < MIN_REDACTED_LENGTH) return text;
    this.pattern ??= new RegExp(
      [...new Set([...this.secrets].flatMap(secretForms))]
        .sort((a, b) => b.length - a.length)
        .map((form) => form.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
        .join('|'),
      'g',
    );
    return text.replace(this.pattern, REDACTED);
  }
}

/**
 * Variables that hold a credential whenever they are set (the default model keys, GitHub's and the
 * runner's tokens): redacted from every output even when no config names them.
 */
export const AMBIENT_SECRET_ENV = ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GITHUB_TOKEN', 'GH_TOKEN', 'ACTIONS_RUNTIME_TOKEN', 'ACTIONS_ID_TOKEN_REQUEST_TOKEN'];

/** Every secret value of this run (registered by the entry points), in front of every writer. */
export const RUN_SECRETS = new Redactor();

/**
 * The proxy variables a child inherits (mcp/process-group NETWORK_ENV): not credentials, but a
 * `http://user:password@proxy` in one carries one.
 */
export const PROXY_ENV = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'all_proxy'];

/**
 * Every value handed to a child (`--env`, the action's env input, server.env, however given: by
 * name, NAME=VALUE or a literal in the file) is a secret of the run, unless the user made its name
 * public (server.env_public, --env-public, the action's env-public input); a public value still
 * has a URL's credentials removed (a proxy's password).
 */
export function registerChildEnv(env: Readonly<Record<string, string>>, publicNames: Iterable<string> = []): void {
  const open = new Set(publicNames);
  for (const [name, value] of Object.entries(env)) {
    if (!open.has(name)) RUN_SECRETS.add(value);
    RUN_SECRETS.add(...urlSecrets(value));
  }
}

/** Shorthand: `text` with every secret of the run removed. */
export function redactRun(text: string): string {
  return RUN_SECRETS.redact(text);
}

/**
 * The credentials inside a URL: `user:password@` (each part, and the pair as Basic auth carries
 * it) and the values of query parameters whose name says token, key, secret, password, signature,
 * auth or code.
 */
export function urlSecrets(text: string): string[] {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [];
  }
  const out: string[] = [];
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  if (user) out.push(user);
  if (password) out.push(password, `${user}:${password}`);
  for (const [name, value] of url.searchParams) if (/token|key|secret|passw|sig|auth|code|credential|session/i.test(name) && value) out.push(value);
  return out;
}

/** Registers the secrets a run's config and flags name: header values, URL credentials, and the values of the named environment variables. */
export function registerRunSecrets(input: { headers?: Record<string, string>; urls?: Array<string | undefined>; env?: Readonly<Record<string, string | undefined>>; envNames?: Array<string | undefined>; values?: Array<string | undefined> }): void {
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    if (!isSecretHeader(name)) continue;
    RUN_SECRETS.add(value);
    // `Bearer abc…` / `Basic …`: the credential alone is echoed too.
    const [, scheme, credential] = /^\s*(\S+)\s+(\S.*)$/.exec(value) ?? [];
    if (credential) RUN_SECRETS.add(credential);
    // Basic: the decoded `user:password` (and the password alone) can be echoed too.
    if (credential && /^basic$/i.test(scheme)) {
      const pair = Buffer.from(credential, 'base64').toString('utf8');
      RUN_SECRETS.add(pair, pair.slice(pair.indexOf(':') + 1));
    }
  }
  for (const url of input.urls ?? []) if (url) RUN_SECRETS.add(...urlSecrets(url));
  for (const name of input.envNames ?? []) if (name) RUN_SECRETS.add(input.env?.[name]);
  RUN_SECRETS.add(...(input.values ?? []));
}

/** What registerConfigSecrets reads of an EvalConfig (structural, so the daemon and tests can pass less). */
export interface SecretBearingConfig {
  server: { url?: string; headers?: Record<string, string>; env?: Record<string, string> } | object;
  models: ReadonlyArray<{ api_key_env?: string; endpoint?: string }>;
  judge?: { api_key_env?: string; endpoint?: string };
  embeddings?: { api_key_env?: string; endpoint?: string };
  otlp?: { endpoint?: string; headers?: Record<string, string> };
  daemon?: { url?: string; token_env?: string };
}

/** Registers every secret a config leads to: server and OTLP header values, URL credentials, the model/judge/embeddings keys. */
export function registerConfigSecrets(config: SecretBearingConfig, env: Readonly<Record<string, string | undefined>>): void {
  const server = config.server as { url?: string; headers?: Record<string, string> };
  const parties = [...config.models, config.judge, config.embeddings];
  registerRunSecrets({
    headers: { ...server.headers, ...config.otlp?.headers },
    urls: [server.url, config.otlp?.endpoint, config.daemon?.url, ...parties.map((party) => party?.endpoint)],
    env,
    envNames: [...parties.map((party) => party?.api_key_env), config.daemon?.token_env],
  });
}
