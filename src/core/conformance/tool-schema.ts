import { Ajv2020, MissingRefError, type ValidateFunction } from 'ajv/dist/2020.js';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv as AjvDraft07 } from 'ajv/dist/ajv.js';
import addFormatsModule from 'ajv-formats';
import { precompiledMeta, type Validator } from '../validators/precompiled.js';
import { linearEngine, type RegexRefused } from './linear-regex.js';

/*
 * Tool schema analysis (TOOL-02..TOOL-05): which dialect a tool's inputSchema/outputSchema is written in,
 * whether it validates against that dialect's meta-schema, whether every `$ref` resolves inside the
 * document, and whether the schema stays within the checker's own resource bounds.
 *
 * Nothing here does I/O. `$ref`s are resolved by a static walk of the document, and ajv only ever gets
 * the synchronous `compile()` with no `loadSchema` option: an external document a schema points at is
 * never fetched; it is replaced by a permissive stand-in (only so that compilation can go on), and the
 * ref is reported as external, i.e. rejected.
 */

export type Dialect = '2020-12' | '2019-09' | 'draft-07';

type AnyAjv = Ajv2020 | Ajv2019 | AjvDraft07;

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
type AddFormats = (ajv: AnyAjv) => unknown;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

/** The meta-schema each supported dialect is validated against (ids as ajv registers them). */
export const META_SCHEMA_IDS: Record<Dialect, string> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema',
};

/** The base URI given to a root schema without an absolute `$id`; `.invalid` never resolves, and nothing is fetched anyway. */
export const DOCUMENT_BASE = 'https://mcp-evals.invalid/tool-schema.json';

/** TOOL-05: the checker's own limits for one schema. */
export const BOUNDS = { maxDepth: 32, maxSubschemas: 2000, maxCompileMs: 1000 } as const;

export type DialectInfo =
  | { supported: true; dialect: Dialect; declared?: string }
  | { supported: false; declared: string };

/** Which dialect a schema is written in: 2020-12 unless `$schema` says otherwise. */
export function dialectOf(schema: unknown): DialectInfo {
  const declared = isRecord(schema) ? schema.$schema : undefined;
  if (declared === undefined) return { supported: true, dialect: '2020-12' };
  if (typeof declared !== 'string') return { supported: false, declared: JSON.stringify(declared) };
  const normalized = declared.trim().replace(/#$/, '').replace(/^http:/, 'https:');
  for (const [dialect, id] of Object.entries(META_SCHEMA_IDS) as Array<[Dialect, string]>) {
    if (normalized === id.replace(/^http:/, 'https:')) return { supported: true, dialect, declared };
  }
  return { supported: false, declared };
}

// ---------------------------------------------------------------------------------------------
// The static walk: resources ($id), anchors, refs, depth and subschema count
// ---------------------------------------------------------------------------------------------

/** Keywords whose value is one subschema. */
const SINGLE = ['additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'];
/** Keywords whose value is an array of subschemas. */
const ARRAY = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas. */
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];

export interface ChildSchema {
  /** The keyword it sits under: properties, items, anyOf, ... */
  keyword: string;
  /** JSON pointer segment(s) from the parent: "properties/name", "anyOf/0". */
  path: string;
  /** The property name, for properties. */
  name?: string;
  schema: unknown;
}

/** The immediate subschemas of a schema object, under every applicator keyword of 2020-12, 2019-09 and draft-07. */
export function childSchemas(node: Record<string, unknown>): ChildSchema[] {
  const out: ChildSchema[] = [];
  for (const keyword of SINGLE) if (keyword in node) out.push({ keyword, path: escapePointer(keyword), schema: node[keyword] });
  for (const keyword of ARRAY) {
    const value = node[keyword];
    if (Array.isArray(value)) value.forEach((item, index) => out.push({ keyword, path: `${keyword}/${index}`, schema: item }));
  }
  const items = node.items;
  if (Array.isArray(items)) items.forEach((item, index) => out.push({ keyword: 'items', path: `items/${index}`, schema: item }));
  else if (items !== undefined) out.push({ keyword: 'items', path: 'items', schema: items });
  for (const keyword of MAP) {
    const value = node[keyword];
    if (!isRecord(value)) continue;
    for (const [name, sub] of Object.entries(value)) {
      // draft-07 `dependencies` also takes arrays of property names: not subschemas.
      if (!Array.isArray(sub)) out.push({ keyword, path: `${keyword}/${escapePointer(name)}`, name, schema: sub });
    }
  }
  return out;
}

export interface RefFinding {
  /** The keyword: `$ref`, `$dynamicRef` or `$recursiveRef`. */
  keyword: string;
  /** The value as written. */
  ref: string;
  /** JSON pointer (inside the schema) of the subschema holding it. */
  at: string;
  /** The absolute URI it resolves to (against DOCUMENT_BASE when the document has no absolute `$id`). */
  absolute: string;
  /** local: points into this document; builtin: a meta-schema every validator knows; external: anything else. */
  kind: 'local' | 'builtin' | 'external';
  /** For local refs: whether the target exists. */
  resolves: boolean;
}

/** A schema document after the static walk; resolves local refs without any I/O. */
export class SchemaDocument {
  readonly root: unknown;
  readonly dialect: DialectInfo;
  /** Absolute URI (without fragment) → the subschema that is that resource. */
  readonly resources = new Map<string, unknown>();
  /** `absolute#anchor` → subschema. */
  readonly anchors = new Map<string, unknown>();
  readonly refs: RefFinding[] = [];
  /** Deepest subschema nesting seen (root = 0). */
  depth = 0;
  /** Subschemas seen, root included. */
  subschemas = 0;
  /** Set when the walk stopped at a bound: the rest of the document was not looked at. */
  truncated?: string;
  private readonly bases = new Map<object, string>();
  private readonly rootBase: string;

  constructor(root: unknown) {
    this.root = root;
    this.dialect = dialectOf(root);
    const rootId = isRecord(root) && typeof root.$id === 'string' ? root.$id : undefined;
    this.rootBase = stripFragment(resolveUri(rootId ?? '', DOCUMENT_BASE) ?? DOCUMENT_BASE);
    this.walk(root, this.rootBase, '', 0, new Set());
    for (const ref of this.refs) this.classify(ref);
  }

  /** The base URI a subschema's relative refs resolve against. */
  baseOf(node: unknown): string {
    return (isRecord(node) && this.bases.get(node)) || this.rootBase;
  }

  /** The absolute URI of the document root (its `$id`, or DOCUMENT_BASE). */
  get base(): string {
    return this.rootBase;
  }

  /** Resolves a ref found in `from` to a subschema of this document, or undefined. */
  resolve(ref: string, from: unknown = this.root): unknown {
    const absolute = resolveUri(ref, this.baseOf(from));
    if (absolute === undefined) return undefined;
    return this.lookup(absolute);
  }

  /** Looks an absolute URI up among this document's resources and anchors. */
  lookup(absolute: string): unknown {
    const hashAt = absolute.indexOf('#');
    const documentUri = hashAt === -1 ? absolute : absolute.slice(0, hashAt);
    const fragment = hashAt === -1 ? '' : absolute.slice(hashAt + 1);
    const resource = this.resources.get(documentUri);
    if (resource === undefined) return undefined;
    if (fragment === '') return resource;
    if (fragment.startsWith('/')) return evaluatePointer(resource, fragment);
    return this.anchors.get(`${documentUri}#${safeDecode(fragment)}`);
  }

  private walk(node: unknown, parentBase: string, pointer: string, depth: number, seen: Set<object>): void {
    if (!isRecord(node)) {
      if (typeof node === 'boolean') this.count(depth);
      return;
    }
    if (seen.has(node)) return;
    seen.add(node);
    if (this.truncated) return;
    this.count(depth);
    if (depth > BOUNDS.maxDepth) {
      this.truncated = `nested more than ${BOUNDS.maxDepth} subschemas deep (at ${pointer || '/'})`;
      return;
    }
    if (this.subschemas > BOUNDS.maxSubschemas) {
      this.truncated = `more than ${BOUNDS.maxSubschemas} subschemas`;
      return;
    }
    let base = parentBase;
    const draft07 = this.dialect.supported && this.dialect.dialect === 'draft-07';
    // draft-07 ignores every keyword beside $ref, $id included.
    const refOnly = draft07 && typeof node.$ref === 'string';
    if (typeof node.$id === 'string' && !refOnly) {
      const id = node.$id;
      if (draft07 && id.startsWith('#')) {
        this.anchors.set(`${stripFragment(base)}${id}`, node);
      } else {
        const absolute = resolveUri(id, base);
        if (absolute !== undefined) {
          base = stripFragment(absolute);
          if (!this.resources.has(base)) this.resources.set(base, node);
          // draft-07 allows "$id": "other.json#anchor" too.
          const hashAt = absolute.indexOf('#');
          if (hashAt !== -1 && absolute.length > hashAt + 1) this.anchors.set(absolute, node);
        }
      }
    }
    if (depth === 0 && !this.resources.has(base)) this.resources.set(base, node);
    this.bases.set(node, base);
    for (const keyword of ['$anchor', '$dynamicAnchor']) {
      const anchor = node[keyword];
      if (typeof anchor === 'string' && !refOnly) this.anchors.set(`${base}#${anchor}`, node);
    }
    for (const keyword of ['$ref', '$dynamicRef', '$recursiveRef']) {
      const ref = node[keyword];
      if (typeof ref === 'string') this.refs.push({ keyword, ref, at: pointer || '/', absolute: resolveUri(ref, base) ?? ref, kind: 'external', resolves: false });
    }
    // Subschemas beside a draft-07 $ref are still walked: their refs are part of the document.
    for (const sub of childSchemas(node)) this.walk(sub.schema, base, `${pointer}/${sub.path}`, depth + 1, seen);
  }

  private count(depth: number): void {
    this.subschemas += 1;
    if (depth > this.depth) this.depth = depth;
  }

  private classify(ref: RefFinding): void {
    const absolute = ref.absolute;
    const hashAt = absolute.indexOf('#');
    const documentUri = hashAt === -1 ? absolute : absolute.slice(0, hashAt);
    if (ref.keyword === '$recursiveRef' || this.resources.has(documentUri) || ref.ref.startsWith('#')) {
      ref.kind = 'local';
      ref.resolves = ref.keyword === '$recursiveRef' ? true : this.lookup(absolute) !== undefined;
      return;
    }
    if (isBuiltin(documentUri)) {
      ref.kind = 'builtin';
      ref.resolves = true;
      return;
    }
    ref.kind = 'external';
    ref.resolves = false;
  }
}

// ---------------------------------------------------------------------------------------------
// The analysis the checks read
// ---------------------------------------------------------------------------------------------

export interface SchemaAnalysis {
  dialect: DialectInfo;
  /** Meta-schema validation errors (empty: valid); undefined when the dialect is unsupported. */
  metaErrors?: string[];
  /** Every ref in the document, classified. */
  refs: RefFinding[];
  /** Local refs that do not resolve inside the document (TOOL-03). */
  missingLocalRefs: RefFinding[];
  /** Refs to documents this one does not define (TOOL-04): never fetched, reported as rejected. */
  externalRefs: RefFinding[];
  /** ajv could not compile the schema for a reason other than a missing ref. */
  compileError?: string;
  /**
   * A pattern is not a valid ECMA-262 regex with the `u` flag (the schema was compiled without it), or
   * needs backtracking that the linear-time engine refuses (that pattern accepts everything).
   */
  regexWarning?: string;
  /** Patterns refused by the linear-time engine: validation passes over them (see linear-regex.ts). */
  regexRefused?: string;
  /** ajv could not resolve a ref the static walk thought fine (reported with TOOL-03). */
  unresolvedByCompiler?: string;
  bounds: { depth: number; subschemas: number; compileMs?: number; exceeded: string[] };
  /** The compiled validator, with permissive stand-ins for external documents; absent when it did not compile. */
  validate?: ValidateFunction;
  document: SchemaDocument;
}

const analyses = new WeakMap<object, SchemaAnalysis>();

/**
 * Analyses one schema (memoized per object, so the checks of one run share the work). Synchronous on
 * purpose: there is no way for it to wait on a network answer.
 */
export function analyzeSchema(schema: unknown): SchemaAnalysis {
  if (isRecord(schema)) {
    const cached = analyses.get(schema);
    if (cached) return cached;
  }
  const document = new SchemaDocument(schema);
  const dialect = document.dialect;
  const analysis: SchemaAnalysis = {
    dialect,
    refs: document.refs,
    missingLocalRefs: document.refs.filter((ref) => ref.kind === 'local' && !ref.resolves),
    externalRefs: document.refs.filter((ref) => ref.kind === 'external'),
    bounds: { depth: document.depth, subschemas: document.subschemas, exceeded: [] },
    document,
  };
  if (document.truncated) analysis.bounds.exceeded.push(document.truncated);
  if (dialect.supported) {
    analysis.metaErrors = metaValidate(dialect.dialect, schema);
    // Over the bounds, the checker does not hand the schema to its compiler at all (TOOL-05).
    if (!document.truncated) compileInto(analysis, dialect.dialect, schema);
  }
  if (isRecord(schema)) analyses.set(schema, analysis);
  return analysis;
}

/**
 * Validates a value against a schema: problems (empty: valid), or why it could not be checked at all
 * (`unchecked`), or why a pass means less than it says (`partial`: external refs were stood in for).
 */
export function validateInstance(schema: unknown, value: unknown): { errors: string[]; unchecked?: string; partial?: string } {
  const analysis = analyzeSchema(schema);
  if (!analysis.validate) {
    const why = !analysis.dialect.supported
      ? `unsupported dialect ${analysis.dialect.declared}`
      : analysis.bounds.exceeded[0] ?? analysis.compileError ?? analysis.unresolvedByCompiler ?? (analysis.missingLocalRefs[0] ? `$ref ${analysis.missingLocalRefs[0].ref} does not resolve` : 'it does not compile');
    return { errors: [], unchecked: `the schema cannot be used for validation: ${why}` };
  }
  const external = analysis.externalRefs.map((ref) => ref.ref);
  const notFetched = external.length > 0 ? `the schema depends on external $ref ${[...new Set(external)].slice(0, 3).join(', ')}, which was not fetched; those parts were not checked` : undefined;
  const refused = analysis.regexRefused ? `${analysis.regexRefused}; it was not checked` : undefined;
  const partial = [notFetched, refused].filter(Boolean).join('; ') || undefined;
  if (analysis.validate(value)) return partial ? { errors: [], partial } : { errors: [] };
  return partial ? { errors: formatErrors(analysis.validate.errors), partial } : { errors: formatErrors(analysis.validate.errors) };
}

const metaValidators = new Map<Dialect, Validator>();

function compiledMeta(dialect: Dialect): Validator {
  let validate = metaValidators.get(dialect);
  if (!validate) {
    validate = newAjv(dialect, { allErrors: true }).getSchema(META_SCHEMA_IDS[dialect]) as Validator;
    metaValidators.set(dialect, validate);
  }
  return validate;
}

function metaValidate(dialect: Dialect, schema: unknown): string[] {
  // Generated at build time (validators/generate.mjs, with newAjv's settings): a run that loaded them
  // (loadPrecompiled) compiles no meta-schema; one that did not compiles it once per dialect.
  const validate = precompiledMeta(dialect) ?? compiledMeta(dialect);
  try {
    if (validate(schema)) return [];
    return formatErrors(validate.errors);
  } catch (error) {
    return [`could not be checked against the ${dialect} meta-schema: ${messageOf(error)}`];
  }
}

function compileInto(analysis: SchemaAnalysis, dialect: Dialect, schema: unknown): void {
  if (!isRecord(schema) && typeof schema !== 'boolean') return;
  // The copy names its base explicitly, so that ajv resolves relative refs exactly as the static walk did.
  const copy = isRecord(schema) ? { ...schema, $id: analysis.document.base, ...(schema.$schema === undefined ? {} : { $schema: META_SCHEMA_IDS[dialect] }) } : schema;
  const refusals: RegexRefused[] = [];
  const compile = (unicodeRegExp: boolean) => {
    // A fresh instance per schema: tools often reuse the same $id, which one shared instance would reject.
    const ajv = newAjv(dialect, { validateSchema: false, formats: true, unicodeRegExp, onRefused: (refusal) => refusals.push(refusal) });
    for (const [uri, stub] of stubsFor(analysis.externalRefs, dialect)) ajv.addSchema(stub, uri);
    return ajv.compile(copy);
  };
  const started = performance.now();
  try {
    analysis.validate = compile(true);
  } catch (error) {
    if (error instanceof MissingRefError) {
      if (analysis.missingLocalRefs.length === 0) analysis.unresolvedByCompiler = `ajv cannot resolve ${error.missingRef.replace(analysis.document.base, '')}`;
    } else if (error instanceof SyntaxError && /regular expression/i.test(error.message)) {
      // ECMA-262 without the `u` flag accepts more patterns (e.g. `[\w-.]`): usable, but worth a warning.
      try {
        analysis.validate = compile(false);
        analysis.regexWarning = `${error.message}; it compiles only without the u (unicode) flag`;
      } catch (again) {
        analysis.compileError = messageOf(again);
      }
    } else {
      analysis.compileError = messageOf(error);
    }
  }
  if (refusals.length > 0 && analysis.validate) {
    analysis.regexRefused = [...new Set(refusals.map((refusal) => refusal.message))].slice(0, 3).join('; ');
    analysis.regexWarning ??= analysis.regexRefused;
  }
  const compileMs = performance.now() - started;
  analysis.bounds.compileMs = Math.round(compileMs);
  if (compileMs > BOUNDS.maxCompileMs) analysis.bounds.exceeded.push(`compiling it took ${Math.round(compileMs)} ms (limit ${BOUNDS.maxCompileMs} ms)`);
}

/** Permissive stand-ins for external documents, shaped so every fragment the refs name exists. */
function stubsFor(external: RefFinding[], dialect: Dialect): Map<string, Record<string, unknown>> {
  const stubs = new Map<string, Record<string, unknown>>();
  for (const ref of external) {
    const hashAt = ref.absolute.indexOf('#');
    const documentUri = hashAt === -1 ? ref.absolute : ref.absolute.slice(0, hashAt);
    if (!/^[a-z][a-z0-9+.-]*:/i.test(documentUri)) continue;
    const fragment = hashAt === -1 ? '' : safeDecode(ref.absolute.slice(hashAt + 1));
    let stub = stubs.get(documentUri);
    if (!stub) {
      stub = {};
      stubs.set(documentUri, stub);
    }
    if (fragment.startsWith('/')) {
      let node = stub;
      const parts = fragment.slice(1).split('/').map(unescapePointer);
      for (const part of parts) {
        if (!isRecord(node[part])) node[part] = {};
        node = node[part] as Record<string, unknown>;
      }
    } else if (fragment !== '') {
      const defs = (stub.$defs ??= {}) as Record<string, unknown>;
      defs[`anchor-${fragment}`] = dialect === 'draft-07' ? { $id: `#${fragment}` } : { $anchor: fragment };
    }
  }
  return stubs;
}

function newAjv(dialect: Dialect, options: { allErrors?: boolean; validateSchema?: boolean; formats?: boolean; unicodeRegExp?: boolean; onRefused?: (refusal: RegexRefused) => void }): AnyAjv {
  // No `loadSchema`: ajv cannot fetch anything, and compile() is synchronous. Every pattern,
  // the server's and the meta-schemas' alike, runs on the linear-time engine.
  const settings = {
    code: { regExp: linearEngine(options.onRefused) },
    strict: false,
    logger: false as const,
    allErrors: options.allErrors ?? false,
    validateSchema: options.validateSchema ?? true,
    unicodeRegExp: options.unicodeRegExp ?? true,
  };
  const ajv = dialect === '2020-12' ? new Ajv2020(settings) : dialect === '2019-09' ? new Ajv2019(settings) : new AjvDraft07(settings);
  if (options.formats) addFormats(ajv);
  return ajv;
}

const BUILTIN = new Set([
  ...Object.values(META_SCHEMA_IDS),
  'http://json-schema.org/schema',
  ...['applicator', 'unevaluated', 'content', 'core', 'format-annotation', 'meta-data', 'validation'].map((part) => `https://json-schema.org/draft/2020-12/meta/${part}`),
  ...['applicator', 'content', 'core', 'format', 'meta-data', 'validation'].map((part) => `https://json-schema.org/draft/2019-09/meta/${part}`),
]);

function isBuiltin(documentUri: string): boolean {
  return BUILTIN.has(documentUri.replace(/#$/, ''));
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** RFC 3986 resolution; undefined when `ref` cannot be resolved against `base` (e.g. a relative ref under a urn). */
export function resolveUri(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}

function stripFragment(uri: string): string {
  const hashAt = uri.indexOf('#');
  return hashAt === -1 ? uri : uri.slice(0, hashAt);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function escapePointer(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapePointer(part: string): string {
  return part.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** RFC 6901 evaluation of a URI-fragment JSON pointer ("/$defs/a%20b"). */
export function evaluatePointer(root: unknown, fragment: string): unknown {
  if (fragment === '' || fragment === '/') return fragment === '' ? root : isRecord(root) ? root[''] : undefined;
  let node: unknown = root;
  for (const raw of fragment.slice(1).split('/')) {
    const part = unescapePointer(safeDecode(raw));
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(part)) return undefined;
      node = node[Number(part)];
    } else if (isRecord(node)) {
      if (!Object.prototype.hasOwnProperty.call(node, part)) return undefined;
      node = node[part];
    } else {
      return undefined;
    }
    if (node === undefined) return undefined;
  }
  return node;
}

export function formatErrors(errors: ReadonlyArray<{ instancePath: string; message?: string; params?: Record<string, unknown> }> | null | undefined, max = 5): string[] {
  const lines = (errors ?? []).map((error) => {
    const extra = error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : error.params && 'allowedValues' in error.params ? ` (${JSON.stringify(error.params.allowedValues)})` : '';
    return `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}${extra}`;
  });
  const unique = [...new Set(lines)];
  return unique.length > max ? [...unique.slice(0, max), `… ${unique.length - max} more`] : unique;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
