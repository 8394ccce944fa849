import { finding } from './catalog.js';
import { contentWords, identifierWords, isObject, pointerToken, stem, stringField, words, MAX_TEXT_CHARS, STOP_WORDS } from './text.js';
import { COMPONENTS, type Component, type ComponentResult, type SurfaceFinding } from './types.js';

/**
 * Description smells, after "MCP Tool Descriptions Are Smelly!" (arXiv:2602.14878): six
 * components a description should carry. The study graded them with an LLM; here each is
 * present or missing by word lists and schema parts, and the evidence says which counted.
 */

/** Spec TOOL-12: 1–128 characters of [A-Za-z0-9_.-]. */
const VALID_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

const VERBS = new Set(
  (
    'get fetch retrieve return list search find query look read write create make add insert update edit modify change set ' +
    'delete remove drop clear move rename copy send post publish upload download open close start stop run execute call invoke ' +
    'compute calculate convert translate generate summarize summarise analyze analyse parse validate check verify test echo print ' +
    'show display render format sort filter count measure monitor track log record save store load import export sync schedule ' +
    'book cancel archive restore merge split resolve navigate click type fill take capture scan inspect describe explain compare ' +
    'subscribe notify trigger deploy build install enable disable grant revoke assign invite approve reject reply comment tag ' +
    'label link unlink attach detach extract transform encode decode encrypt decrypt hash sign annotate sample wait sleep ping ' +
    'provide allow enumerate browse access manage handle process perform apply append replace lookup draw plot evaluate predict ' +
    'recommend estimate report ask answer greet emit refresh reset resize crop upload paginate reverse tell announce fork commit push pull ' +
    'clone checkout review watch observe simulate retrieve obtain collect gather pick choose select toggle demonstrate compress ' +
    'decompress zip unzip lock unlock initialize initialise scale kill terminate launch submit restart reboot stop pause resume ' +
    'uninstall upgrade downgrade rollback roll patch apply wipe purge flush bind unbind mount unmount forward proxy connect disconnect ' +
    'authenticate authorize login logout register unregister spawn fork interact press hover drag drop scroll upload highlight ' +
    'visualize visualise illustrate depict use'
  ).split(' '),
);

const DETERMINERS = new Set(['the', 'a', 'an', 'all', 'one', 'each', 'every', 'your', 'its', 'their', 'this', 'that', 'any', 'some', 'multiple', 'several', 'two', 'new', 'up', 'back', 'out']);

const USAGE = /\b(to (display|show|visuali[sz]e|compare|analy[sz]e|track|find|get|see|check|inspect|understand|explore|illustrate|present)\b[^.]{0,80}\b(such as|for example|e\.g\.|like)|use cases?|(use|call) (this|it) (tool )?(to|for|when)|use (this|it)( tool)? (when|to|for|if|whenever|only|instead)|(use|call) (when|whenever)|when (you|the user) (need|want|ask|wish|have|are)|(do not|don't|never|avoid) (use|call|using|calling)|only (use|call)|instead of|use \w+ instead|prefer(red)? (over|to)|best (for|suited|used)|useful (for|when|to)|ideal for|good for|when to use|helpful (for|when)|suitable for|designed (for|to)|intended (for|to))\b/i;
const RETURNS = /\b(returns?|returned|returning|responds? with|outputs?|yields?|gives? back|produces?|results? (in|is|are|contains?)|response (is|contains|includes))\b/i;
const LIMITS = /\b(limit(s|ed)?|maximum|max|minimum|at most|at least|up to|no more than|rate[- ]limit\w*|per (page|request|call|minute|hour|day)|quota|timeout|paginat\w*|truncat\w*|page size|only (works|within|for|in|on|returns|if|when)|cannot|can't|requires?|read-only|read only|side effects?|irreversibl\w*|permanent(ly)?|overwrit\w*|destructive|deletes?|modif(y|ies)|caution|careful|restricted|allowed (directories|paths))\b/i;
const ERRORS = /\b(errors?|fail(s|ed|ure|ing)?|throws?|exceptions?|invalid|not found|does not exist|doesn't exist|missing|unless|otherwise)\b/i;
/** A description that shows what a string looks like. */
const FORMAT_HINT = /\be\.g\.|\b(eg|for example|example|such as|format(ted)?|iso|url|uri|absolute|relative|regex|pattern|one of|like)\b|`[^`]+`|"[^"]+"|'[^'\s]+'/i;
/** Arguments that are free text by nature: no format to hint at. */
const FREE_TEXT = /^(query|q|text|message|content|contents|prompt|body|description|title|name|comment|note|input|question|search|keywords?|instructions?|reason|summary|thought|answer)$/i;
/** Parameter name words a model understands without a description (GitHub's owner/repo, a page number, a path). */
const SELF_DESCRIBING = new Set(
  'owner repo repository title body page per size path file name id pid url uri email message text content query namespace timeout ms max result limit offset count number issue pull request comment description label user username tool context line lines include hidden directory folder width height session resource port target'
    .split(' ')
    .map(stem),
);
const SCHEMA_WORDS = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'tool', 'param', 'parameter', 'argument', 'input', 'value', 'optional', 'required', 'field', 'type'].map(stem));

export interface ToolAssessment {
  name: string;
  components: Record<Component, ComponentResult>;
  score: number;
  findings: SurfaceFinding[];
}

export interface Property {
  name: string;
  schema: Record<string, unknown>;
  required: boolean;
  pointer: string;
}

/** A description on the property, or on what its array holds (memory's `deletions`: items described field by field). */
function describedInSchema(schema: Record<string, unknown>): boolean {
  if ((stringField(schema, 'description') ?? '').trim()) return true;
  const items = isObject(schema.items) ? schema.items : undefined;
  if (!items) return false;
  if ((stringField(items, 'description') ?? '').trim()) return true;
  const fields = isObject(items.properties) ? Object.values(items.properties) : [];
  return fields.length > 0 && fields.every((field) => isObject(field) && Boolean((stringField(field, 'description') ?? '').trim()));
}

/** The top-level properties of a tool's inputSchema. */
export function propertiesOf(tool: Record<string, unknown>): Property[] {
  const schema = isObject(tool.inputSchema) ? tool.inputSchema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((item): item is string => typeof item === 'string') : []);
  return Object.entries(properties)
    .slice(0, 500)
    .map(([name, value]) => ({ name, schema: isObject(value) ? value : {}, required: required.has(name), pointer: `/inputSchema/properties/${pointerToken(name)}` }));
}

export function toolName(tool: Record<string, unknown>, index: number): string {
  return typeof tool.name === 'string' ? tool.name : `#${index}`;
}

/** Each tool's six components, score and smells; plus duplicated names across the list. */
export function assessTools(tools: Record<string, unknown>[]): ToolAssessment[] {
  const assessments = tools.map((tool, index) => assessTool(tool, index));
  const seen = new Map<string, number>();
  tools.forEach((tool, index) => {
    const name = toolName(tool, index);
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    if (count === 2) {
      assessments[index].findings.unshift(
        finding('name-duplicate', { kind: 'tool', name, pointer: '/name', message: `${tools.filter((t, i) => toolName(t, i) === name).length} tools are named "${name}"`, evidence: `tools/list items ${tools.map((t, i) => (toolName(t, i) === name ? i : -1)).filter((i) => i >= 0).join(', ')}` }),
      );
    }
  });
  return assessments;
}

function assessTool(tool: Record<string, unknown>, index: number): ToolAssessment {
  const name = toolName(tool, index);
  const at = { kind: 'tool' as const, name };
  const findings: SurfaceFinding[] = [];
  if (typeof tool.name !== 'string' || !VALID_NAME.test(tool.name)) {
    const why = typeof tool.name !== 'string' ? 'the name is not a string' : tool.name.length === 0 || tool.name.length > 128 ? `${tool.name.length} characters` : `characters outside [A-Za-z0-9_.-]: ${[...new Set(tool.name.replace(/[A-Za-z0-9_.-]/g, ''))].map((c) => JSON.stringify(c)).join(' ')}`;
    findings.push(finding('name-invalid', { ...at, pointer: '/name', message: `the name "${name.slice(0, 140)}" breaks TOOL-12 (${why})`, evidence: why }));
  }
  const description = (stringField(tool, 'description') ?? '').slice(0, MAX_TEXT_CHARS);
  const properties = propertiesOf(tool);
  // Stemmed, so that "paths" mentions `path`; whole words, so that "requests" does not mention `q`.
  const mentioned = new Set(identifierWords(description).concat(words(description)).map(stem));
  const text = description.toLowerCase();
  // Whole words only: GitHub's `q` is not "mentioned" by "requests".
  const namedInDescription = (property: string) => new RegExp(`(?<![\\p{L}\\p{N}_])${property.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_])`, 'u').test(text) || identifierWords(property).every((word) => mentioned.has(stem(word)));

  const undescribed = properties.filter((p) => !describedInSchema(p.schema) && !namedInDescription(p.name));
  for (const property of undescribed) {
    // A name a model reads unaided (owner, page, path) is a note; one whose meaning or format it must guess (q, sha, origin) a warning.
    // Listed values or a declared format say what goes in, if not why: a note too.
    // ...given a tool description to read it by: `id` of a tool described nowhere is anyone's guess.
    const plain = description.trim() !== '' && identifierWords(property.name).every((word) => SELF_DESCRIBING.has(stem(word))) || Array.isArray(property.schema.enum) || typeof property.schema.format === 'string' || property.schema.type === 'boolean';
    findings.push(
      finding('param-undescribed', {
        ...at,
        pointer: property.pointer,
        message: `parameter "${property.name}" has no description, and the tool description does not mention it`,
        evidence: plain ? `no description; "${property.name}" reads plainly or lists its values or format, so a note` : `no description, and "${property.name}" leaves its meaning or format to guess`,
        ...(plain ? { level: 'note' as const } : {}),
      }),
    );
  }
  findings.push(...enumSmells(properties, description, at), ...formatSmells(properties, at));

  const repeat = description.trim() === '' ? undefined : repeatsSchema(name, description, properties);
  const components = assessComponents(tool, description, properties, undescribed, repeat);
  if (description.trim() === '') {
    findings.unshift(finding('description-missing', { ...at, pointer: '/description', message: `tool "${name}" has ${tool.description === undefined ? 'no' : 'an empty'} description` }));
  } else {
    for (const component of COMPONENTS) {
      if (component === 'arguments' || components[component].present) continue;
      findings.push(finding(`missing-${component}`, { ...at, pointer: '/description', message: `the description of "${name}" does not say ${COMPONENT_PHRASE[component]}`, evidence: components[component].evidence }));
    }
    if (repeat) findings.push(finding('description-repeats-schema', { ...at, pointer: '/description', message: `the description of "${name}" adds nothing to its name and parameter names`, evidence: repeat }));
  }
  const present = COMPONENTS.filter((component) => components[component].present).length;
  return { name, components, score: Math.round((present / COMPONENTS.length) * 100), findings };
}

const COMPONENT_PHRASE: Record<Component, string> = {
  purpose: 'what the tool does',
  usage: 'when to use it (or when not to)',
  arguments: "what each argument means",
  returns: 'what it returns',
  limits: 'its limits or side effects',
  errors: 'how it fails',
};

function assessComponents(tool: Record<string, unknown>, description: string, properties: Property[], undescribed: Property[], repeat: string | undefined): Record<Component, ComponentResult> {
  // A description may start with a newline and indentation (a template literal): its first sentence is the first non-blank one.
  const firstSentence = description.trim().split(/(?<=[.!?])\s|\n/)[0] ?? '';
  const sentenceWords = words(firstSentence);
  const known = sentenceWords.find((word) => verbForms(word).some((form) => VERBS.has(form)));
  // "Asks the user …": a third-person verb opening the sentence before an article or determiner.
  const opening = /^[a-z]{3,}s$/.test(sentenceWords[0] ?? '') && DETERMINERS.has(sentenceWords[1] ?? '') ? sentenceWords[0] : undefined;
  // "A tool for …", "Tool to …": the purpose stated as what the tool is for.
  const toolFor = /\btool (for|to|that)\b/i.exec(firstSentence)?.[0];
  // "Current weather for a city.": a noun phrase naming what the tool gives, and what for.
  const nounPhrase = sentenceWords.length >= 3 ? /^[^,;:]*?\b\w+ (for|of|about|between)\b/i.exec(firstSentence)?.[0] : undefined;
  // "Scale the deployment …": any first word before an article or determiner is an imperative by its shape.
  const imperative = sentenceWords.length >= 3 && !STOP_WORDS.has(sentenceWords[0] ?? '') && DETERMINERS.has(sentenceWords[1] ?? '') ? sentenceWords[0] : undefined;
  const verb = known ?? opening ?? imperative;
  const purpose: ComponentResult =
    repeat ? { present: false, evidence: 'it only repeats the name and parameter names' }
    : sentenceWords.length >= 2 && verb ? { present: true, evidence: `first sentence has the verb "${verb}"` }
    : toolFor ? { present: true, evidence: `first sentence says "${toolFor}"` }
    : nounPhrase ? { present: true, evidence: `first sentence names what it gives: "${nounPhrase}"` }
    : { present: false, evidence: sentenceWords.length < 2 ? `first sentence has ${sentenceWords.length} word(s)` : 'no action verb in the first sentence' };
  const annotations = isObject(tool.annotations) ? tool.annotations : {};
  const hinted = ['readOnlyHint', 'destructiveHint'].filter((key) => typeof annotations[key] === 'boolean');
  const limitsMatch = LIMITS.exec(description);
  return {
    purpose,
    usage: byPattern(USAGE, description, 'no "use this when / do not use" phrase'),
    arguments:
      properties.length === 0 ? { present: true, evidence: 'no parameters' }
      : undescribed.length === 0 ? { present: true, evidence: `${properties.length}/${properties.length} parameters described` }
      : { present: false, evidence: `undescribed: ${undescribed.map((p) => p.name).join(', ')}` },
    returns: isObject(tool.outputSchema) ? { present: true, evidence: 'outputSchema' } : byPattern(RETURNS, description, 'no "returns …" phrase and no outputSchema'),
    limits:
      limitsMatch ? { present: true, evidence: `"${limitsMatch[0]}"` }
      : hinted.length > 0 ? { present: true, evidence: hinted.map((key) => `annotations.${key}`).join(', ') }
      : { present: false, evidence: 'no limit or side-effect words and no readOnlyHint/destructiveHint' },
    errors: byPattern(ERRORS, description, 'no "fails / error / if not found" phrase'),
  };
}

/** A word that is (an inflection of) an action verb of the list: names of tools that differ only by these differ in what they do. */
export function isVerb(word: string): boolean {
  return verbForms(word).some((form) => VERBS.has(form));
}

/** The word and what it may be an inflection of: toggles → toggle, searches → search, copied → copy, running → runn(ing). */
function verbForms(word: string): string[] {
  return [word, word.replace(/s$/, ''), word.replace(/es$/, ''), word.replace(/ies$/, 'y'), word.replace(/ied$/, 'y'), word.replace(/ed$/, ''), word.replace(/d$/, ''), word.replace(/ing$/, ''), word.replace(/ing$/, 'e')];
}

function byPattern(pattern: RegExp, text: string, absent: string): ComponentResult {
  const match = pattern.exec(text);
  return match ? { present: true, evidence: `"${match[0]}"` } : { present: false, evidence: absent };
}

function enumSmells(properties: Property[], description: string, at: { kind: 'tool'; name: string }): SurfaceFinding[] {
  const out: SurfaceFinding[] = [];
  for (const property of properties) {
    const values = Array.isArray(property.schema.enum) ? property.schema.enum.filter((v): v is string => typeof v === 'string').slice(0, 100) : [];
    if (values.length < 2) continue;
    const text = `${stringField(property.schema, 'description') ?? ''}\n${description}`.toLowerCase();
    if (values.some((value) => text.includes(value.toLowerCase()))) continue;
    out.push(finding('enum-unexplained', { ...at, pointer: `${property.pointer}/enum`, message: `parameter "${property.name}" lists ${values.length} values but no description mentions any of them`, evidence: values.slice(0, 8).join(', ') + (values.length > 8 ? ', …' : '') }));
  }
  return out;
}

function formatSmells(properties: Property[], at: { kind: 'tool'; name: string }): SurfaceFinding[] {
  const out: SurfaceFinding[] = [];
  for (const property of properties) {
    const schema = property.schema;
    if (!property.required || FREE_TEXT.test(property.name)) continue;
    if (schema.type !== undefined && schema.type !== 'string') continue;
    const hints = ['pattern', 'format', 'enum', 'const', 'examples', 'example', 'default'].filter((key) => schema[key] !== undefined);
    if (hints.length > 0) continue;
    const text = stringField(schema, 'description') ?? '';
    if (FORMAT_HINT.test(text)) continue;
    out.push(finding('required-no-format', { ...at, pointer: property.pointer, message: `required argument "${property.name}" has no pattern, format, enum or example`, evidence: text ? `description "${text.slice(0, 120)}" shows no example` : 'no description' }));
  }
  return out;
}

/** The description's content words, when every one of them is already in the name, the parameter names or schema words. */
function repeatsSchema(name: string, description: string, properties: Property[]): string | undefined {
  const own = contentWords(words(description));
  if (own.length === 0) return undefined;
  const known = new Set([...contentWords(identifierWords(name)), ...properties.flatMap((p) => contentWords(identifierWords(p.name))), ...SCHEMA_WORDS]);
  if (!own.every((word) => known.has(word))) return undefined;
  return `every word (${[...new Set(own)].join(', ')}) is in the name, a parameter name or a type`;
}
