import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument, visit, type Document, type Node, type Pair } from 'yaml';
import { ConfigurationError, formatLocation } from '../errors.js';
import { schemasDir } from '../paths.js';
import type { SourceLocation } from './types.js';

/**
 * Shared machinery of the YAML loaders (tasks.yaml, mcp-evals.yml): parsing with source positions,
 * mapping JSON Schema errors back to the YAML node they are about, "did you mean" suggestions, and
 * one error that carries every problem found.
 */

/** One mistake in a user's file, with where it is. */
export interface Problem {
  location: SourceLocation;
  message: string;
}

/**
 * Every problem found in one file, at once (a user fixes them in one round, not one per run). The
 * first problem's position is `location`; `problems` holds them all, sorted by position, so the
 * Action can annotate each line.
 */
export class InvalidFileError extends ConfigurationError {
  readonly problems: Problem[];

  constructor(file: string, problems: Problem[]) {
    const sorted = sortProblems(problems);
    const first = sorted[0] ?? { location: { file, line: 1, column: 1 }, message: 'invalid file' };
    super(first.message, first.location);
    this.problems = sorted;
    if (sorted.length > 1) {
      this.message = [`${sorted.length} problems in ${file}:`, ...sorted.map((p) => `${formatLocation(p.location)}: ${p.message}`)].join('\n');
    }
  }
}

export function sortProblems(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return [...problems]
    .sort((a, b) => a.location.line - b.location.line || a.location.column - b.location.column)
    .filter((p) => {
      const key = `${p.location.line}:${p.location.column}:${p.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** A parsed YAML file, its plain-data value, and what is needed to point back into it. */
export interface YamlSource {
  file: string;
  text: string;
  doc: Document.Parsed;
  lineCounter: LineCounter;
  /** The document as plain data (what the schema validates). */
  data: unknown;
}

/**
 * Reads a YAML file a user wrote, keeping positions. A file that cannot be read, or is not YAML, is a
 * configuration error naming it (exit 2); `what` says which file in the message ("the config file").
 */
export async function readYamlFile(file: string, what: string): Promise<YamlSource> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigurationError(`cannot read ${what}: ${readError(error)}`, { file });
  }
  return yamlSourceOf(text, file);
}

/** Parses YAML text, keeping positions; a syntax error throws InvalidFileError with every problem. */
export function yamlSourceOf(text: string, file: string): YamlSource {
  const parsed = parseYamlSource(text, file);
  if (!parsed.source) throw new InvalidFileError(file, parsed.problems);
  return parsed.source;
}

/** Why a file could not be read, in words a user acts on. */
export function readError(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a folder, not a file';
  if (code === 'EACCES') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

/** Parses YAML, keeping positions. Syntax errors come back as problems (and no source). */
export function parseYamlSource(raw: string, file: string): { source?: YamlSource; problems: Problem[] } {
  // Editors on Windows may save a byte-order mark; it is not content (and it is no column either).
  const text = raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
  const lineCounter = new LineCounter();
  // merge: `<<: *defaults` is a common way to share fields between cases or models.
  const doc = parseDocument(text, { lineCounter, merge: true, prettyErrors: false });
  const at = (offset: number): SourceLocation => {
    const pos = lineCounter.linePos(Math.min(offset, text.length));
    return { file, line: pos.line, column: pos.col };
  };
  if (doc.errors.length > 0) {
    return { problems: doc.errors.map((error) => yamlProblem(text, error.code, error.message, error.pos[0], at)) };
  }
  // An alias to an anchor that does not exist is not a parse error; toJS would throw without a position.
  const unresolved: Problem[] = [];
  visit(doc, {
    Alias(_key, node) {
      if (node.resolve(doc as unknown as Document) === undefined) {
        unresolved.push({ location: at(node.range?.[0] ?? 0), message: `invalid YAML: alias *${node.source} refers to no anchor (&${node.source})` });
      }
    },
  });
  if (unresolved.length > 0) return { problems: unresolved };
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 1000 });
  } catch (error) {
    return { problems: [{ location: at(0), message: `invalid YAML: ${error instanceof Error ? error.message : String(error)}` }] };
  }
  return { source: { file, text, doc, lineCounter, data }, problems: [] };
}

function yamlProblem(text: string, code: string, message: string, offset: number, at: (offset: number) => SourceLocation): Problem {
  if (code === 'DUPLICATE_KEY') {
    const match = /^(?:"([^"]*)"|'([^']*)'|([^:#\n]*?))\s*:/.exec(text.slice(offset));
    const key = match?.[1] ?? match?.[2] ?? match?.[3]?.trim();
    return { location: at(offset), message: `duplicate key${key ? ` "${key}"` : ''} (each key may appear once in a mapping)` };
  }
  const quote = /^Missing closing (["'])quote/.exec(message)?.[1];
  if (code === 'MISSING_CHAR' && quote) {
    // The parser reports the end of the file; the useful place is where the string opens.
    let open = text.lastIndexOf(quote, offset - 1);
    while (quote === '"' && open > 0 && text[open - 1] === '\\') open = text.lastIndexOf(quote, open - 2);
    return { location: at(open >= 0 ? open : offset), message: `invalid YAML: a ${quote === '"' ? 'double' : 'single'}-quoted string is never closed (missing ${quote})` };
  }
  const first = (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '');
  return { location: at(offset), message: `invalid YAML: ${first}` };
}

/** The 1-based position of a character offset. */
export function positionOf(source: YamlSource, offset: number): SourceLocation {
  const pos = source.lineCounter.linePos(Math.min(Math.max(offset, 0), source.text.length));
  return { file: source.file, line: pos.line, column: pos.col };
}

/** Where a node starts (the document start when it has no range). */
export function nodeLocation(source: YamlSource, node: Node | null | undefined): SourceLocation {
  return positionOf(source, node?.range?.[0] ?? 0);
}

function resolve(source: YamlSource, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isAlias(current) && hops < 100; hops += 1) current = current.resolve(source.doc as unknown as Document);
  return current;
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return typeof key.value === 'symbol' ? undefined : String(key.value);
  if (typeof key === 'string' || typeof key === 'number' || typeof key === 'boolean') return String(key);
  return undefined;
}

function isMergePair(pair: Pair): boolean {
  return isScalar(pair.key) && (pair.key.value === '<<' || (typeof pair.key.value === 'symbol' && pair.key.value.description === '<<'));
}

/** The pair of a mapping with this key, looking through `<<` merges. */
export function findPair(source: YamlSource, map: unknown, key: string, depth = 0): Pair | undefined {
  const resolved = resolve(source, map);
  if (!isMap(resolved) || depth > 20) return undefined;
  const own = (resolved.items as Pair[]).find((pair) => keyText(pair.key) === key && !isMergePair(pair));
  if (own) return own;
  for (const pair of resolved.items as Pair[]) {
    if (!isMergePair(pair)) continue;
    const value = resolve(source, pair.value);
    const sources = isSeq(value) ? value.items : [value];
    for (const merged of sources) {
      const found = findPair(source, merged, key, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** The node a path of keys / indexes leads to, or the deepest one reached (`complete` false). */
export function nodeAtPath(source: YamlSource, segments: readonly string[]): { node: Node | undefined; complete: boolean; depth: number } {
  let node = resolve(source, source.doc.contents) as Node | undefined;
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i];
    let next: unknown;
    if (isSeq(node)) next = /^\d+$/.test(segment) ? node.items[Number(segment)] : undefined;
    else if (isMap(node)) next = findPair(source, node, segment)?.value;
    const resolved = resolve(source, next) as Node | undefined;
    if (!resolved || !(isScalar(resolved) || isMap(resolved) || isSeq(resolved))) return { node, complete: false, depth: i };
    node = resolved;
  }
  return { node, complete: true, depth: segments.length };
}

/** Where the value at a path is written (the deepest existing ancestor when it is not). */
export function locatePath(source: YamlSource, segments: readonly string[]): SourceLocation {
  const { node } = nodeAtPath(source, segments);
  return nodeLocation(source, node);
}

/** Where a key of the mapping at a path is written (the mapping when the key is not found). */
export function locateKey(source: YamlSource, mapSegments: readonly string[], key: string): SourceLocation {
  const { node, complete } = nodeAtPath(source, mapSegments);
  if (complete) {
    const pair = findPair(source, node, key);
    const keyNode = pair?.key as Node | undefined;
    if (keyNode?.range) return nodeLocation(source, keyNode);
  }
  return nodeLocation(source, node);
}

/**
 * Where a list item is written: its `- ` indicator when it has one (a case "starts" at its dash),
 * else where its content starts (flow lists).
 */
export function locateItem(source: YamlSource, segments: readonly string[]): SourceLocation {
  const { node, complete } = nodeAtPath(source, segments);
  if (!complete || !node?.range) return nodeLocation(source, node);
  const dash = dashBefore(source.text, node.range[0]);
  return positionOf(source, dash ?? node.range[0]);
}

/** The offset of the `-` that introduces the block-sequence item starting at `offset`, if any. */
function dashBefore(text: string, offset: number): number | undefined {
  const isDash = (i: number, lineStart: number) => text[i] === '-' && (i === lineStart || /\s/.test(text[i - 1] ?? ''));
  let i = offset - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i -= 1;
  const firstLineStart = text.lastIndexOf('\n', offset - 1) + 1;
  if (i >= firstLineStart) return isDash(i, firstLineStart) ? i : undefined;
  // The content is on a later line than its dash (`-` alone, maybe comment lines in between).
  while (i >= 0) {
    const lineEnd = i; // text[i] is '\n'
    const lineStart = text.lastIndexOf('\n', lineEnd - 1) + 1;
    let line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    const comment = line.search(/(^|\s)#/);
    if (comment !== -1) line = line.slice(0, comment);
    if (line.trim() === '') {
      i = lineStart - 1;
      continue;
    }
    const last = lineStart + line.trimEnd().length - 1;
    return isDash(last, lineStart) ? last : undefined;
  }
  return undefined;
}

/** JSON pointer (ajv's instancePath) to segments. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** `models[0].temperature`, `arg_match.location`, `headers["X-Api-Key"]`. */
export function renderPath(segments: readonly string[]): string {
  let out = '';
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) out += `[${segment}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// "Did you mean"

/** Edit distance (Levenshtein, with adjacent transpositions counted as one edit). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The closest candidate to a misspelt word, if one is close enough to be what was meant. Case,
 * `-`/`_` and camelCase differences are ignored (`expectTool`, `expect-tool` → `expect_tool`).
 */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const normalize = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().replace(/[-\s]/g, '_');
  const target = normalize(word);
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const normalized = normalize(candidate);
    const distance = normalized === target ? 0 : editDistance(target, normalized);
    const longest = Math.max(target.length, normalized.length);
    const allowed = longest < 4 ? 0 : Math.max(1, Math.floor(longest / 3));
    // A word that is a prefix/suffix of a candidate (`expect` → `expected`) also counts.
    const affix = target.length >= 4 && (normalized.startsWith(target) || target.startsWith(normalized));
    if ((distance <= allowed || affix) && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}

export function suggestion(word: string, candidates: Iterable<string>): string {
  const match = didYouMean(word, candidates);
  return match ? ` (did you mean "${match}"?)` : '';
}

// ---------------------------------------------------------------------------------------------
// JSON Schema

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

const compiled = new Map<string, ValidateFunction>();

/** A schema from schemas/, compiled once (2020-12, all errors, with the schema nodes for messages). */
export function schemaValidator(fileName: string): ValidateFunction {
  let validate = compiled.get(fileName);
  if (!validate) {
    const schema = JSON.parse(readFileSync(join(schemasDir(), fileName), 'utf8')) as Record<string, unknown>;
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true, verbose: true });
    // `x-hint`: how to say what a value must be, when the schema alone says it badly (a pattern).
    ajv.addKeyword({ keyword: 'x-hint', schemaType: 'string' });
    addFormats(ajv);
    validate = ajv.compile(schema);
    compiled.set(fileName, validate);
  }
  return validate;
}

export interface SchemaMessageOptions {
  /**
   * Turns the path of an error into the message's prefix (`case "weather-basic": `) and the path of
   * the field inside it that the message names (`arg_match.location`).
   */
  context(segments: string[]): { prefix: string; field: string[] };
  /** A message of its own for an unknown key (`api_key` in a config); undefined: the usual one. */
  unknownKey?(parent: string[], key: string, allowed: string[]): string | undefined;
}

/** Validates a source against a compiled schema and maps each error to a positioned problem. */
export function schemaProblems(source: YamlSource, validate: ValidateFunction, options: SchemaMessageOptions): Problem[] {
  if (validate(source.data)) return [];
  const problems: Problem[] = [];
  for (const error of validate.errors ?? []) {
    const problem = describeSchemaError(source, error, options);
    if (problem) problems.push(problem);
  }
  return problems;
}

function describeSchemaError(source: YamlSource, error: ErrorObject, options: SchemaMessageOptions): Problem | undefined {
  // Combinators say "one of the branches failed"; the branches' own errors (or the loader's
  // semantic checks) say what is wrong.
  if (['if', 'oneOf', 'anyOf', 'not', 'then', 'else'].includes(error.keyword)) return undefined;
  if (/\/(oneOf|anyOf)\/\d+\//.test(error.schemaPath)) return undefined;
  const segments = pointerSegments(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const parentSchema = (error.parentSchema ?? {}) as Record<string, unknown>;
  const { prefix, field } = options.context(segments);
  const name = renderPath(field);
  const subject = name ? `${name} ` : '';
  const data = error.data;

  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const allowed = Object.keys((parentSchema.properties as Record<string, unknown> | undefined) ?? {});
      const custom = options.unknownKey?.(segments, key, allowed);
      const where = name ? ` in ${name}` : '';
      const message = custom ?? `unknown field "${key}"${where}${suggestion(key, allowed)}`;
      return { location: locateKey(source, segments, key), message: `${prefix}${message}` };
    }
    case 'required': {
      const missing = String(params.missingProperty);
      const location = /^\d+$/.test(segments[segments.length - 1] ?? '') ? locateItem(source, segments) : locatePath(source, segments);
      return { location, message: `${prefix}${name ? `${name}: ` : ''}missing required field "${missing}"` };
    }
    default:
      return { location: locatePath(source, segments), message: `${prefix}${subject}${valueMessage(error, parentSchema, data)}` };
  }
}

function valueMessage(error: ErrorObject, parentSchema: Record<string, unknown>, data: unknown): string {
  const params = error.params as Record<string, unknown>;
  const hint = typeof parentSchema['x-hint'] === 'string' ? parentSchema['x-hint'] : undefined;
  switch (error.keyword) {
    case 'type': {
      const types = Array.isArray(params.type) ? (params.type as string[]) : [String(params.type)];
      const expected = hint ?? `must be ${types.map(typeName).join(' or ')}`;
      const numeric = types.every((t) => t === 'integer' || t === 'number');
      const fix =
        types.length === 1 && types[0] === 'string' && (typeof data === 'number' || typeof data === 'boolean') ? `; quote it to make it text: "${String(data)}"`
        : numeric && typeof data === 'string' && data.trim() !== '' && Number.isFinite(Number(data)) ? `; remove the quotes to make it a number`
        : '';
      return `${expected}, got ${describeValue(data)}${fix}`;
    }
    case 'enum':
    case 'const': {
      const allowed = (error.keyword === 'enum' ? (params.allowedValues as unknown[]) : [params.allowedValue]).map((v) => String(v));
      const got = typeof data === 'string' ? `"${truncate(data)}"` : describeValue(data);
      const hintText = typeof data === 'string' ? suggestion(data, allowed) : '';
      return `must be one of ${allowed.join(', ')}; got ${got}${hintText}`;
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${rangeText(parentSchema)}, got ${describeValue(data)}`;
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters long`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters long`;
    case 'minItems':
      return params.limit === 1 ? 'must list at least one item' : `must list at least ${String(params.limit)} items`;
    case 'maxItems':
      return `must list at most ${String(params.limit)} items`;
    case 'pattern':
      return hint ?? `must match the pattern ${String(params.pattern)}`;
    case 'format':
      return hint ?? (params.format === 'uri' ? 'must be a URL (http://... or https://...)' : `must be a valid ${String(params.format)}`);
    case 'uniqueItems':
      return 'must not list the same item twice';
    default:
      return hint ?? error.message ?? 'is invalid';
  }
}

function rangeText(schema: Record<string, unknown>): string {
  const whole = schema.type === 'integer' ? 'a whole number' : 'a number';
  const min = schema.minimum as number | undefined;
  const max = schema.maximum as number | undefined;
  const exMin = schema.exclusiveMinimum as number | undefined;
  const exMax = schema.exclusiveMaximum as number | undefined;
  if (min !== undefined && max !== undefined) return `must be ${whole} from ${min} to ${max}`;
  const parts: string[] = [];
  if (min !== undefined) parts.push(`at least ${min}`);
  if (exMin !== undefined) parts.push(`greater than ${exMin}`);
  if (max !== undefined) parts.push(`at most ${max}`);
  if (exMax !== undefined) parts.push(`less than ${exMax}`);
  return `must be ${parts.join(' and ')}`;
}

function typeName(type: string): string {
  switch (type) {
    case 'string':
      return 'a string';
    case 'integer':
      return 'a whole number';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'object':
      return 'a mapping';
    case 'array':
      return 'a list';
    case 'null':
      return 'null';
    default:
      return type;
  }
}

/** What a value is, for messages. Strings are never echoed (they may be secrets). */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing (null)';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return String(value);
    case 'boolean':
      return String(value);
    case 'object':
      return 'a mapping';
    default:
      return typeof value;
  }
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
