import { analyzeSchema, isRecord, validateInstance, type SchemaDocument } from './tool-schema.js';
import { tryLinear } from './linear-regex.js';

/*
 * Argument synthesis for tools/call probes: the smallest value that the tool's own inputSchema accepts
 * (required properties only, const/enum/default/examples first), and values that the schema rejects.
 * Every synthesized value is checked with ajv against the schema before it is sent.
 */

export type Synthesis = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string };

export interface InvalidArguments {
  /** What was broken, for the probe label and messages: "city: a number instead of string". */
  description: string;
  value: Record<string, unknown>;
  /** The property the probe is about. */
  property: string;
}

interface Options {
  /** Use `default` and `examples` (const and enum are constraints and are always used). */
  hints: boolean;
  /** Which anyOf/oneOf branch and which regex alternative to take. */
  branch: number;
}

/** The synthesis strategies tried in order until one gives a value the schema accepts. */
const STRATEGIES: Options[] = [
  { hints: true, branch: 0 },
  { hints: false, branch: 0 },
  { hints: true, branch: 1 },
  { hints: false, branch: 1 },
  { hints: false, branch: 2 },
  { hints: false, branch: 3 },
];

const MAX_DEPTH = 24;
/** Limits on the size of one synthesized value: a schema can demand more than is sensible to send. */
const MAX_NODES = 5000;
const MAX_LENGTH = 10_000;
const MAX_ITEMS = 1000;

/** Values generated in the current attempt (generation is synchronous, so one counter is enough). */
let generated = 0;

class Unsynthesizable extends Error {}

/** A minimal valid arguments object for an inputSchema, verified with ajv, or why there is none. */
export function synthesizeArguments(schema: unknown): Synthesis {
  const analysis = analyzeSchema(schema);
  const reasons: string[] = [];
  for (const options of STRATEGIES) {
    let value: unknown;
    try {
      generated = 0;
      value = generate(schema, analysis.document, options, 0, 0);
    } catch (error) {
      reasons.push(error instanceof Error ? error.message : String(error));
      continue;
    }
    if (!isRecord(value)) {
      reasons.push('the schema does not describe an object');
      continue;
    }
    const check = validateInstance(schema, value);
    if (check.unchecked) return { ok: false, reason: check.unchecked };
    if (check.partial) return { ok: false, reason: `the synthesized value cannot be verified: ${check.partial}` };
    if (check.errors.length === 0) return { ok: true, value };
    reasons.push(`${JSON.stringify(value)} does not validate: ${check.errors.join('; ')}`);
  }
  return { ok: false, reason: `no value synthesized from the inputSchema validates against it (${[...new Set(reasons)].slice(0, 2).join(' | ')})` };
}

/**
 * Arguments that break the inputSchema, most convincing first: a wrong type for a required property,
 * a missing required property, a wrong type for an optional property, a value outside an enum. Each one
 * is confirmed invalid by ajv. `avoid` names properties to break only as a last resort (x-mcp-header ones).
 */
export function synthesizeInvalidArguments(schema: unknown, valid: Record<string, unknown>, avoid: ReadonlySet<string> = new Set()): InvalidArguments[] {
  const analysis = analyzeSchema(schema);
  if (!analysis.validate) return [];
  const root = effective(schema, analysis.document, { hints: false, branch: 0 }, 0);
  const properties = isRecord(root.properties) ? root.properties : {};
  const required = Array.isArray(root.required) ? root.required.filter((name): name is string => typeof name === 'string') : [];
  const optional = Object.keys(properties).filter((name) => !required.includes(name));
  const candidates: InvalidArguments[] = [];
  const order = (names: string[]) => [...names.filter((name) => !avoid.has(name)), ...names.filter((name) => avoid.has(name))];

  const wrongTypes = (names: string[], kind: string) => {
    for (const name of order(names)) {
      const sub = properties[name];
      if (sub === undefined) continue;
      let types: string[];
      try {
        types = typesOf(effective(sub, analysis.document, { hints: false, branch: 0 }, 0));
      } catch {
        continue;
      }
      if (types.length === 0) continue;
      const wrong = wrongValueFor(types);
      if (wrong) candidates.push({ property: name, description: `${kind} ${name}: ${wrong.label} instead of ${types.join('/')}`, value: { ...valid, [name]: wrong.value } });
    }
  };
  wrongTypes(required, 'required property');
  for (const name of order(required)) {
    const value = { ...valid };
    delete value[name];
    candidates.push({ property: name, description: `required property ${name} left out`, value });
  }
  wrongTypes(optional, 'optional property');
  for (const name of order([...required, ...optional])) {
    const sub = properties[name];
    if (isRecord(sub) && Array.isArray(sub.enum)) candidates.push({ property: name, description: `${name}: a value outside its enum`, value: { ...valid, [name]: '__mcp_evals_not_in_enum__' } });
  }
  return candidates.filter((candidate) => {
    const check = validateInstance(schema, candidate.value);
    return !check.unchecked && !check.partial && check.errors.length > 0;
  });
}

/** The JSON types a (flattened) schema admits, explicit or inferred from its keywords; [] when unconstrained. */
function typesOf(schema: Record<string, unknown>): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  return [];
}

function wrongValueFor(types: string[]): { label: string; value: unknown } | undefined {
  const admits = (type: string) => types.includes(type) || (type === 'integer' && types.includes('number'));
  // Values a lenient validator is least likely to coerce into the expected type.
  if (!admits('string')) {
    const first = types.find((t) => t !== 'null') ?? 'null';
    const article = /^[aeiou]/.test(first) ? 'an' : 'a';
    return { label: 'a string', value: `not-${article}-${first}` };
  }
  if (!admits('object')) return { label: 'an object', value: { 'mcp-evals': 'not a string' } };
  if (!admits('array')) return { label: 'an array', value: [1, 2, 3] };
  if (!admits('number')) return { label: 'a number', value: 12345 };
  if (!admits('boolean')) return { label: 'a boolean', value: true };
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------------

function generate(node: unknown, doc: SchemaDocument, options: Options, depth: number, index: number): unknown {
  if (depth > MAX_DEPTH) throw new Unsynthesizable('the schema nests (or recurses) too deep to synthesize a value');
  if (node === false) throw new Unsynthesizable('a required value has the schema false');
  generated += 1;
  if (generated > MAX_NODES) throw new Unsynthesizable(`a valid value would need more than ${MAX_NODES} parts`);
  const schema = effective(node, doc, options, depth);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) {
    if (schema.enum.length === 0) throw new Unsynthesizable('an enum is empty');
    return schema.enum[index % schema.enum.length];
  }
  if (options.hints && index === 0) {
    if ('default' in schema) return schema.default;
    if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  }
  switch (pickType(schema)) {
    case 'object':
      return generateObject(schema, doc, options, depth);
    case 'array':
      return generateArray(schema, doc, options, depth);
    case 'string':
      return generateString(schema, options, index);
    case 'integer':
      return generateNumber(schema, true, index);
    case 'number':
      return generateNumber(schema, false, index);
    case 'boolean':
      return index % 2 === 1;
    case 'null':
      return null;
    default:
      return 'example';
  }
}

function pickType(schema: Record<string, unknown>): string {
  const declared = typesOf(schema);
  if (declared.length > 0) return declared.find((type) => type !== 'null') ?? declared[0];
  const has = (...keys: string[]) => keys.some((key) => key in schema);
  if (has('properties', 'required', 'additionalProperties', 'patternProperties', 'minProperties', 'propertyNames')) return 'object';
  if (has('items', 'prefixItems', 'minItems', 'maxItems', 'contains', 'uniqueItems')) return 'array';
  if (has('pattern', 'format', 'minLength', 'maxLength')) return 'string';
  if (has('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf')) return 'number';
  return 'any';
}

function generateObject(schema: Record<string, unknown>, doc: SchemaDocument, options: Options, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
  const add = (name: string) => {
    if (name in out) return;
    out[name] = generate(propertySchema(schema, properties, name), doc, options, depth + 1, 0);
  };
  for (const name of required) add(name);
  // dependentRequired (2019-09+) and array-valued draft-07 dependencies pull in more properties.
  const dependents = { ...(isRecord(schema.dependencies) ? schema.dependencies : {}), ...(isRecord(schema.dependentRequired) ? schema.dependentRequired : {}) };
  for (let round = 0; round < 4; round += 1) {
    for (const [name, needs] of Object.entries(dependents)) if (name in out && Array.isArray(needs)) for (const need of needs) if (typeof need === 'string') add(need);
  }
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  if (minProperties > MAX_ITEMS) throw new Unsynthesizable(`minProperties ${minProperties} is too large to synthesize`);
  for (const name of Object.keys(properties)) {
    if (Object.keys(out).length >= minProperties) break;
    add(name);
  }
  for (let extra = 1; Object.keys(out).length < minProperties && extra <= minProperties; extra += 1) {
    if (schema.additionalProperties === false) break;
    out[`extra${extra}`] = generate(isRecord(schema.additionalProperties) ? schema.additionalProperties : true, doc, options, depth + 1, 0);
  }
  return out;
}

function propertySchema(schema: Record<string, unknown>, properties: Record<string, unknown>, name: string): unknown {
  if (name in properties) return properties[name];
  if (isRecord(schema.patternProperties)) {
    // An invalid or refused pattern is the schema checks' business: here it matches nothing.
    for (const [pattern, sub] of Object.entries(schema.patternProperties)) if (tryLinear(pattern)?.test(name)) return sub;
  }
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) return schema.additionalProperties;
  return true;
}

function generateArray(schema: Record<string, unknown>, doc: SchemaDocument, options: Options, depth: number): unknown[] {
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
  const rest = Array.isArray(schema.items) ? (schema.additionalItems ?? true) : (schema.items ?? true);
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  if (minItems > MAX_ITEMS) throw new Unsynthesizable(`minItems ${minItems} is too large to synthesize`);
  const out: unknown[] = [];
  for (let i = 0; i < minItems; i += 1) out.push(generate(i < prefix.length ? prefix[i] : rest, doc, options, depth + 1, i));
  if (schema.contains !== undefined) {
    const needed = typeof schema.minContains === 'number' ? schema.minContains : 1;
    for (let i = 0; i < needed; i += 1) out.push(generate(schema.contains, doc, options, depth + 1, i));
  }
  return out;
}

const FORMATS: Record<string, string> = {
  date: '2026-01-01',
  'date-time': '2026-01-01T00:00:00Z',
  time: '00:00:00Z',
  duration: 'P1D',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.com/',
  iri: 'https://example.com/',
  url: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  'iri-reference': 'https://example.com/',
  'uri-template': 'https://example.com/{id}',
  uuid: '00000000-0000-4000-8000-000000000000',
  regex: '.*',
  'json-pointer': '/a',
  'relative-json-pointer': '0',
  byte: 'AA==',
  password: 'example',
  binary: 'example',
};

function generateString(schema: Record<string, unknown>, options: Options, index: number): string {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  if (minLength > MAX_LENGTH) throw new Unsynthesizable(`minLength ${minLength} is too large to synthesize`);
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  const fits = (text: string) => [...text].length >= minLength && (maxLength === undefined || [...text].length <= maxLength) && (pattern === undefined || matches(pattern, text));
  const formatted = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (formatted !== undefined && fits(formatted)) return formatted;
  if (pattern !== undefined) {
    const sampled = sampleRegex(pattern, { minLength, maxLength, alternative: options.branch });
    if (sampled !== undefined) return sampled;
  }
  let text = index === 0 ? 'example' : `example${index}`;
  if (maxLength !== undefined && text.length > maxLength) text = text.slice(0, Math.max(maxLength, 0));
  while (text.length < minLength) text += 'x';
  return text;
}

function generateNumber(schema: Record<string, unknown>, integer: boolean, index: number): number {
  const num = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const minimum = num('minimum');
  const maximum = num('maximum');
  const exclusiveMinimum = num('exclusiveMinimum');
  const exclusiveMaximum = num('exclusiveMaximum');
  const multipleOf = num('multipleOf');
  // The tightest lower and upper bounds, and whether each is exclusive.
  let low = minimum;
  let lowExclusive = false;
  if (exclusiveMinimum !== undefined && (low === undefined || exclusiveMinimum >= low)) [low, lowExclusive] = [exclusiveMinimum, true];
  let high = maximum;
  let highExclusive = false;
  if (exclusiveMaximum !== undefined && (high === undefined || exclusiveMaximum <= high)) [high, highExclusive] = [exclusiveMaximum, true];
  if (integer) {
    if (low !== undefined) [low, lowExclusive] = [lowExclusive ? Math.floor(low) + 1 : Math.ceil(low), false];
    if (high !== undefined) [high, highExclusive] = [highExclusive ? Math.ceil(high) - 1 : Math.floor(high), false];
  }
  const allows = (value: number) =>
    (low === undefined || (lowExclusive ? value > low : value >= low)) && (high === undefined || (highExclusive ? value < high : value <= high));
  // An exclusive bound is approached by at most 1, or by half the width of the range.
  const inset = low !== undefined && high !== undefined ? Math.min(1, (high - low) / 2) : 1;
  let value: number;
  if (allows(0)) value = 0;
  else if (low !== undefined && low > 0) value = lowExclusive ? low + inset : low;
  else if (high !== undefined) value = highExclusive ? high - inset : high;
  else value = 0;
  if (multipleOf !== undefined && multipleOf > 0) {
    const up = Math.ceil(value / multipleOf - 1e-9) * multipleOf;
    value = allows(up) ? up : Math.floor(value / multipleOf + 1e-9) * multipleOf;
  }
  const step = multipleOf ?? 1;
  if (index > 0 && allows(value + index * step)) value += index * step;
  return integer ? Math.round(value) : value;
}

// ---------------------------------------------------------------------------------------------
// Flattening: $ref, allOf and the chosen anyOf/oneOf branch merged into one schema
// ---------------------------------------------------------------------------------------------

function effective(node: unknown, doc: SchemaDocument, options: Options, depth: number): Record<string, unknown> {
  if (depth > MAX_DEPTH) throw new Unsynthesizable('the schema nests (or recurses) too deep to synthesize a value');
  if (node === true || node === undefined) return {};
  if (!isRecord(node)) throw new Unsynthesizable(`a subschema is ${JSON.stringify(node)}`);
  let merged: Record<string, unknown> = {};
  for (const keyword of ['$ref', '$dynamicRef', '$recursiveRef']) {
    const ref = node[keyword];
    if (typeof ref !== 'string') continue;
    const target = keyword === '$recursiveRef' ? doc.root : doc.resolve(ref, node);
    if (target === undefined) throw new Unsynthesizable(`$ref ${ref} does not resolve inside the schema`);
    merged = merge(merged, effective(target, doc, options, depth + 1));
  }
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!['$ref', '$dynamicRef', '$recursiveRef', 'allOf', 'anyOf', 'oneOf', '$defs', 'definitions', '$id', '$schema', '$anchor', '$dynamicAnchor'].includes(key)) own[key] = value;
  }
  merged = merge(merged, own);
  if (Array.isArray(node.allOf)) for (const branch of node.allOf) merged = merge(merged, effective(branch, doc, options, depth + 1));
  for (const keyword of ['anyOf', 'oneOf']) {
    const branches = node[keyword];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    // Prefer branches that are not just `null`, so an optional-looking anyOf still yields a value.
    const useful = branches.filter((branch) => !(isRecord(branch) && branch.type === 'null'));
    const pool = useful.length > 0 ? useful : branches;
    merged = merge(merged, effective(pool[options.branch % pool.length], doc, options, depth + 1));
  }
  return merged;
}

/** Both schemas must hold: combine their constraints (enough for synthesis; ajv has the last word). */
function merge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const existing = out[key];
    if (existing === undefined) {
      out[key] = value;
      continue;
    }
    switch (key) {
      case 'properties':
      case 'patternProperties':
        if (isRecord(existing) && isRecord(value)) {
          const props: Record<string, unknown> = { ...existing };
          for (const [name, sub] of Object.entries(value)) props[name] = name in props ? { allOf: [props[name], sub] } : sub;
          out[key] = props;
        }
        break;
      case 'required':
        if (Array.isArray(existing) && Array.isArray(value)) out[key] = [...new Set([...existing, ...value])];
        break;
      case 'type': {
        const left = Array.isArray(existing) ? existing : [existing];
        const right = Array.isArray(value) ? value : [value];
        const both = left.filter((type) => right.includes(type) || (type === 'integer' && right.includes('number')));
        const extra = right.filter((type) => type === 'integer' && left.includes('number'));
        out[key] = [...new Set([...both, ...extra])];
        break;
      }
      case 'minimum':
      case 'exclusiveMinimum':
      case 'minLength':
      case 'minItems':
      case 'minProperties':
        if (typeof existing === 'number' && typeof value === 'number') out[key] = Math.max(existing, value);
        break;
      case 'maximum':
      case 'exclusiveMaximum':
      case 'maxLength':
      case 'maxItems':
      case 'maxProperties':
        if (typeof existing === 'number' && typeof value === 'number') out[key] = Math.min(existing, value);
        break;
      case 'enum':
        if (Array.isArray(existing) && Array.isArray(value)) {
          const common = existing.filter((item) => value.some((other) => JSON.stringify(other) === JSON.stringify(item)));
          out[key] = common.length > 0 ? common : existing;
        }
        break;
      default:
        out[key] = value;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// A small regex sampler: the shortest string a simple ECMA-262 pattern accepts
// ---------------------------------------------------------------------------------------------

type RegexNode =
  | { kind: 'seq'; items: RegexNode[] }
  | { kind: 'alt'; options: RegexNode[] }
  | { kind: 'char'; char: string }
  | { kind: 'repeat'; node: RegexNode; min: number; max: number };

class Unsupported extends Error {}

const CLASS_CANDIDATES = ['a', 'b', 'x', 'A', 'Z', '0', '1', '9', '_', '-', '.', ' ', '@', '/', ':', '+'];

/** Whether the pattern is ECMA-262 with the `u` flag; undefined when it is not ECMA-262 at all. */
function unicodeFlag(pattern: string): boolean | undefined {
  for (const unicode of [true, false]) {
    try {
      new RegExp(pattern, unicode ? 'u' : '');
      return unicode;
    } catch {
      // try without the flag
    }
  }
  return undefined;
}

function matches(pattern: string, text: string): boolean {
  return tryLinear(pattern)?.test(text) ?? false;
}

/** A string matching `pattern` within the length bounds, or undefined when the pattern is beyond this sampler. */
export function sampleRegex(pattern: string, bounds: { minLength?: number; maxLength?: number; alternative?: number } = {}): string | undefined {
  // Server patterns are only ever matched on the linear-time engine (see linear-regex.ts).
  const regex = tryLinear(pattern);
  const unicode = unicodeFlag(pattern);
  if (!regex || unicode === undefined) return undefined;
  const minLength = bounds.minLength ?? 0;
  const maxLength = bounds.maxLength ?? Infinity;
  if (minLength > 1000) return undefined;
  let tree: RegexNode;
  try {
    tree = new RegexParser(pattern, unicode).parse();
  } catch {
    return undefined;
  }
  const ok = (text: string) => regex.test(text) && [...text].length >= minLength && [...text].length <= maxLength;
  const alternatives = [bounds.alternative ?? 0, 0, 1, 2].filter((value, i, all) => all.indexOf(value) === i);
  for (const alternative of alternatives) {
    for (let stretch = 0; stretch <= Math.max(minLength, 1) + 1; stretch += 1) {
      const text = emit(tree, stretch, alternative);
      if (ok(text)) return text;
      // An unanchored end accepts padding.
      if (regex.test(text) && [...text].length < minLength) {
        const padded = text + 'a'.repeat(minLength - [...text].length);
        if (ok(padded)) return padded;
      }
    }
  }
  return undefined;
}

function emit(node: RegexNode, stretch: number, alternative: number): string {
  switch (node.kind) {
    case 'char':
      return node.char;
    case 'seq':
      return node.items.map((item) => emit(item, stretch, alternative)).join('');
    case 'alt':
      return emit(node.options[Math.min(alternative, node.options.length - 1)], stretch, alternative);
    case 'repeat': {
      const count = Math.min(node.max, Math.max(node.min, stretch));
      let text = '';
      for (let i = 0; i < count; i += 1) text += emit(node.node, stretch, alternative);
      return text;
    }
  }
}

class RegexParser {
  private at = 0;
  constructor(private readonly source: string, private readonly unicode: boolean) {}

  parse(): RegexNode {
    const node = this.alternation();
    if (this.at < this.source.length) throw new Unsupported(`unexpected ${this.source[this.at]}`);
    return node;
  }

  private alternation(): RegexNode {
    const options = [this.sequence()];
    while (this.source[this.at] === '|') {
      this.at += 1;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0] : { kind: 'alt', options };
  }

  private sequence(): RegexNode {
    const items: RegexNode[] = [];
    while (this.at < this.source.length && this.source[this.at] !== '|' && this.source[this.at] !== ')') {
      const atom = this.atom();
      items.push(this.quantified(atom));
    }
    return { kind: 'seq', items };
  }

  private quantified(atom: RegexNode): RegexNode {
    const c = this.source[this.at];
    let min: number;
    let max: number;
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!m) return atom;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      if (min > MAX_LENGTH) throw new Unsupported('a repetition too large to sample');
      this.at += m[0].length - 1;
    } else return atom;
    this.at += 1;
    if (this.source[this.at] === '?') this.at += 1;
    return { kind: 'repeat', node: atom, min, max };
  }

  private atom(): RegexNode {
    const c = this.source[this.at];
    if (c === '^' || c === '$') {
      this.at += 1;
      return { kind: 'seq', items: [] };
    }
    if (c === '(') {
      this.at += 1;
      if (this.source[this.at] === '?') {
        const rest = this.source.slice(this.at);
        if (rest.startsWith('?:')) this.at += 2;
        else if (/^\?<[A-Za-z_$][\w$]*>/.test(rest)) this.at = this.source.indexOf('>', this.at) + 1;
        else throw new Unsupported('lookaround');
      }
      const inner = this.alternation();
      if (this.source[this.at] !== ')') throw new Unsupported('unbalanced group');
      this.at += 1;
      return inner;
    }
    if (c === '[') return this.characterClass();
    if (c === '.') {
      this.at += 1;
      return { kind: 'char', char: 'a' };
    }
    if (c === '\\') return this.escape();
    const code = this.source.codePointAt(this.at) ?? 0;
    const char = String.fromCodePoint(code);
    this.at += char.length;
    return { kind: 'char', char };
  }

  private escape(): RegexNode {
    const next = this.source[this.at + 1];
    this.at += 2;
    switch (next) {
      case 'd':
        return { kind: 'char', char: '0' };
      case 'D':
      case 'w':
      case 'S':
        return { kind: 'char', char: 'a' };
      case 'W':
        return { kind: 'char', char: '-' };
      case 's':
        return { kind: 'char', char: ' ' };
      case 'b':
      case 'B':
        throw new Unsupported('word boundary');
      case 'n':
        return { kind: 'char', char: '\n' };
      case 't':
        return { kind: 'char', char: '\t' };
      case 'r':
        return { kind: 'char', char: '\r' };
      case 'p':
      case 'P': {
        const m = /^\{[^}]*\}/.exec(this.source.slice(this.at));
        if (m) this.at += m[0].length;
        return { kind: 'char', char: next === 'p' ? 'a' : '0' };
      }
      case 'x': {
        const m = /^[0-9a-fA-F]{2}/.exec(this.source.slice(this.at));
        if (!m) throw new Unsupported('bad \\x');
        this.at += 2;
        return { kind: 'char', char: String.fromCharCode(parseInt(m[0], 16)) };
      }
      case 'u': {
        const braced = /^\{([0-9a-fA-F]+)\}/.exec(this.source.slice(this.at));
        if (braced && this.unicode) {
          this.at += braced[0].length;
          return { kind: 'char', char: String.fromCodePoint(parseInt(braced[1], 16)) };
        }
        const m = /^[0-9a-fA-F]{4}/.exec(this.source.slice(this.at));
        if (!m) throw new Unsupported('bad \\u');
        this.at += 4;
        return { kind: 'char', char: String.fromCharCode(parseInt(m[0], 16)) };
      }
      case undefined:
        throw new Unsupported('trailing backslash');
      default:
        if (/[1-9]/.test(next) || next === 'k') throw new Unsupported('backreference');
        return { kind: 'char', char: next };
    }
  }

  /** A character class: the first of a few likely characters that the class itself accepts. */
  private characterClass(): RegexNode {
    const start = this.at;
    let i = this.at + 1;
    const negated = this.source[i] === '^';
    if (negated) i += 1;
    const firstAt = i;
    while (i < this.source.length && this.source[i] !== ']') i += this.source[i] === '\\' ? 2 : 1;
    if (i >= this.source.length) throw new Unsupported('unterminated class');
    this.at = i + 1;
    const text = this.source.slice(start, i + 1);
    let test: RegExp;
    try {
      test = new RegExp(`^${text}$`, this.unicode ? 'u' : '');
    } catch {
      throw new Unsupported('bad class');
    }
    const first = negated ? undefined : this.firstMember(firstAt);
    for (const candidate of [...(first === undefined ? [] : [first]), ...CLASS_CANDIDATES]) if (test.test(candidate)) return { kind: 'char', char: candidate };
    for (let code = 0x21; code < 0x7f; code += 1) if (test.test(String.fromCharCode(code))) return { kind: 'char', char: String.fromCharCode(code) };
    throw new Unsupported('no character found for a class');
  }

  private firstMember(at: number): string | undefined {
    const c = this.source[at];
    if (c === undefined || c === ']') return undefined;
    if (c !== '\\') return String.fromCodePoint(this.source.codePointAt(at) ?? 0);
    const next = this.source[at + 1];
    if (next === 'd') return '0';
    if (next === 'w') return 'a';
    if (next === 's') return ' ';
    return /[A-Za-z0-9]/.test(next ?? '') ? undefined : next;
  }
}
