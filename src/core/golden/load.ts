import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { layer2Problems } from '../faults/validate.js';
import { goldenSetHash } from './hash.js';
import type { ArgMatch, ArgMatchMode, GoldenCase, GoldenSet } from './types.js';
import {
  InvalidFileError,
  locateItem,
  locateKey,
  locatePath,
  nodeLocation,
  readError,
  readYamlFile,
  schemaProblems,
  schemaValidator,
  suggestion,
  type Problem,
  type YamlSource,
  yamlSourceOf,
} from './yaml-source.js';

export { InvalidFileError, readError, type Problem } from './yaml-source.js';

export const GOLDEN_SCHEMA_FILE = 'golden.schema.json';

/** The fields a case may have, as tasks.yaml spells them. */
export const CASE_FIELDS = [
  'id',
  'prompt',
  'expect_tool',
  'expect_args',
  'arg_match',
  'expect_sequence',
  'sequence_mode',
  'expected',
  'max_steps',
  'tier',
  'kind',
  'rubric',
  'faults',
  'inject',
  'scorers',
  'runs',
  'input_responses',
  'source_trace_id',
  'budgets',
] as const;

export const ARG_MATCH_MODES: readonly ArgMatchMode[] = ['exact', 'fuzzy', 'regex', 'number', 'any_of', 'present', 'ignore', 'semantic'];

/** Modes that compare against nothing, so they need no entry in expect_args. */
const MODES_WITHOUT_EXPECTED: ReadonlySet<ArgMatchMode> = new Set(['present', 'ignore']);

/** Which mode each option of an arg_match mapping belongs to. */
const OPTION_MODES: Record<'threshold' | 'tolerance' | 'pattern' | 'values', readonly ArgMatchMode[]> = {
  threshold: ['fuzzy', 'semantic'],
  tolerance: ['number'],
  pattern: ['regex'],
  values: ['any_of'],
};

/** Fields people add for notes; YAML comments are the place for those. */
const NOTE_FIELDS = new Set(['description', 'notes', 'note', 'comment', 'comments', 'title', 'name']);

/**
 * Compiles an arg_match regex as the loader checks it: a JavaScript regex, no flags (the arguments
 * scorer anchors it as `^(?:pattern)$`, which compiles whenever the pattern does).
 */
export function compileArgPattern(pattern: string): RegExp {
  return new RegExp(pattern);
}

/**
 * Reads and validates tasks.yaml. Rubrics that name a file (relative to tasks.yaml) are replaced by
 * the file's text, so the judge gets the text and the case hash changes when the rubric does.
 * Throws ConfigurationError (an InvalidFileError listing every problem, with file:line:column).
 */
export async function loadGoldenSet(file: string): Promise<GoldenSet> {
  const source = await readYamlFile(file, 'the golden set');
  const set = goldenSetOf(source, file);
  const problems = await resolveRubrics(set, source, dirname(resolve(file)));
  if (problems.length > 0) throw new InvalidFileError(file, problems);
  set.hash = goldenSetHash(set);
  return set;
}

/**
 * Parses and validates tasks.yaml text (no I/O: `rubric` stays as written). `file` is used in
 * messages and locations.
 */
export function parseGoldenSet(text: string, file: string): GoldenSet {
  return goldenSetOf(yamlSourceOf(text, file), file);
}

function goldenSetOf(source: YamlSource, file: string): GoldenSet {
  const data = source.data;
  const root = source.doc.contents;

  if (data === null || data === undefined) {
    throw new InvalidFileError(file, [{ location: { file, line: 1, column: 1 }, message: 'no cases: the file is empty (write a list of cases: `- id: ...` with a `prompt:`)' }]);
  }
  if (!Array.isArray(data)) {
    const isMapping = typeof data === 'object';
    const hint =
      isMapping && 'cases' in (data as object) ? 'the cases go at the top level as a list, not under `cases:`'
      : isMapping ? 'got a mapping; start each case with `- id: ...`'
      : 'start each case with `- id: ...`';
    throw new InvalidFileError(file, [{ location: nodeLocation(source, root), message: `expected a list of cases: ${hint}` }]);
  }
  if (data.length === 0) throw new InvalidFileError(file, [{ location: nodeLocation(source, root), message: 'no cases: the list is empty' }]);

  const label = (index: number): string => {
    const item = data[index] as Record<string, unknown> | null;
    const id = item && typeof item === 'object' ? item.id : undefined;
    return typeof id === 'string' && id !== '' ? `case "${id}"` : `case #${index + 1}`;
  };

  const problems: Problem[] = schemaProblems(source, schemaValidator(GOLDEN_SCHEMA_FILE), {
    // `/3/arg_match/city` → `case "weather": ` + `arg_match.city`.
    context: (segments) => (segments.length === 0 ? { prefix: '', field: [] } : { prefix: `${label(Number(segments[0]))}: `, field: segments.slice(1) }),
    unknownKey(parent, key, allowed) {
      if (parent.length !== 1) return undefined;
      const hint = suggestion(key, allowed);
      if (!hint && NOTE_FIELDS.has(key)) return `unknown field "${key}" (for notes, use a YAML comment: # ...)`;
      return undefined;
    },
  });

  problems.push(...semanticProblems(source, data, label));
  if (problems.length > 0) throw new InvalidFileError(file, problems);

  // structuredClone: YAML aliases can make two cases share one object; each case gets its own.
  const cases = data.map((item, index) => normalizeCase(structuredClone(item) as Record<string, unknown>, locateItem(source, [String(index)])));
  const set: GoldenSet = { file, cases, hash: '' };
  set.hash = goldenSetHash(set);
  return set;
}

/** Checks a schema cannot express. Each guards on the types it needs (the schema reports the rest). */
function semanticProblems(source: YamlSource, data: unknown[], label: (index: number) => string): Problem[] {
  const problems: Problem[] = [];
  const firstById = new Map<string, number>();

  data.forEach((item, index) => {
    if (!isPlainObject(item)) return;
    const at = String(index);
    const prefix = `${label(index)}: `;
    const add = (location: Problem['location'], message: string) => problems.push({ location, message: `${prefix}${message}` });
    const has = (field: string) => Object.hasOwn(item, field);

    // Unique ids.
    if (typeof item.id === 'string') {
      const first = firstById.get(item.id);
      if (first === undefined) firstById.set(item.id, index);
      else {
        const here = locatePath(source, [at, 'id']);
        const there = locatePath(source, [String(first), 'id']);
        problems.push({
          location: here,
          message: `duplicate case id "${item.id}" at lines ${there.line} and ${here.line} (ids must be unique: they key the cache, the baseline and the report)`,
        });
      }
    }

    // Layer 2: faults / inject entries (src/core/faults/validate.ts).
    layer2Problems(source, item, at, add);

    // expect_tool: null says "no tool"; expectations about a call contradict it.
    const negative = has('expect_tool') && item.expect_tool === null;
    const needsTool: string[] = [];
    for (const field of ['expect_args', 'arg_match', 'expect_sequence'] as const) {
      if (!has(field)) continue;
      if (negative) {
        const toolLine = locatePath(source, [at, 'expect_tool']).line;
        add(locateKey(source, [at], field), `${field} contradicts expect_tool: null (line ${toolLine}), which says the model must call no tool`);
      } else if (field !== 'expect_sequence' && !has('expect_tool')) {
        needsTool.push(field);
        add(locateKey(source, [at], field), `${field} needs expect_tool: the name of the tool whose arguments these are`);
      }
    }

    if (has('sequence_mode') && !has('expect_sequence')) {
      add(locateKey(source, [at], 'sequence_mode'), 'sequence_mode applies to expect_sequence, which this case does not have');
    }

    if (negative || needsTool.includes('arg_match') || !isPlainObject(item.arg_match)) return;
    const expectArgs = isPlainObject(item.expect_args) ? item.expect_args : undefined;
    for (const [arg, spec] of Object.entries(item.arg_match)) {
      const mode = typeof spec === 'string' ? spec : isPlainObject(spec) ? spec.mode : undefined;
      if (typeof mode !== 'string' || !(ARG_MATCH_MODES as readonly string[]).includes(mode)) continue; // the schema says why
      const options = isPlainObject(spec) ? spec : {};
      const hasExpected = expectArgs !== undefined && Object.hasOwn(expectArgs, arg);
      const expected = hasExpected ? expectArgs[arg] : undefined;
      const specPath = [at, 'arg_match', arg];

      for (const [option, modes] of Object.entries(OPTION_MODES)) {
        if (Object.hasOwn(options, option) && !modes.includes(mode as ArgMatchMode)) {
          add(locateKey(source, specPath, option), `arg_match.${arg}: ${option} applies to mode ${modes.join(' and ')}, not ${mode}`);
        }
      }

      const selfContained = (mode === 'regex' && typeof options.pattern === 'string') || (mode === 'any_of' && Array.isArray(options.values));
      if (!hasExpected && !MODES_WITHOUT_EXPECTED.has(mode as ArgMatchMode) && !selfContained) {
        const hint = expectArgs ? suggestion(arg, Object.keys(expectArgs)) : '';
        add(
          locateKey(source, [at, 'arg_match'], arg),
          `arg_match names "${arg}", which expect_args does not have${hint} (mode ${mode} compares against the expected value; only present and ignore need none)`,
        );
        continue;
      }

      if (mode === 'regex') {
        const fromOption = typeof options.pattern === 'string';
        // A number is used as its text (`zip: 98101`); anything else cannot be a pattern.
        const pattern = fromOption ? (options.pattern as string) : typeof expected === 'number' ? String(expected) : expected;
        if (typeof pattern !== 'string') {
          add(locatePath(source, [at, 'expect_args', arg]), `arg_match.${arg} is regex, so expect_args.${arg} must be a pattern string (or give arg_match.${arg}.pattern)`);
        } else {
          try {
            compileArgPattern(pattern);
          } catch (error) {
            const where = fromOption ? locatePath(source, [...specPath, 'pattern']) : locatePath(source, [at, 'expect_args', arg]);
            const reason = (error instanceof Error ? error.message : String(error)).replace(/^Invalid regular expression: /, '');
            add(where, `${fromOption ? `arg_match.${arg}.pattern` : `expect_args.${arg}`} is not a valid regular expression: ${reason}`);
          }
        }
      }
      if (mode === 'number' && hasExpected && !isNumeric(expected)) {
        add(locatePath(source, [at, 'expect_args', arg]), `arg_match.${arg} is number, so expect_args.${arg} must be a number`);
      }
    }
  });
  return problems;
}

function normalizeCase(item: Record<string, unknown>, location: GoldenCase['location']): GoldenCase {
  const out: Record<string, unknown> = {};
  for (const field of CASE_FIELDS) {
    if (Object.hasOwn(item, field)) out[field] = item[field];
  }
  if (isPlainObject(item.arg_match)) {
    const normalized: Record<string, ArgMatch> = {};
    for (const [arg, spec] of Object.entries(item.arg_match)) {
      normalized[arg] = typeof spec === 'string' ? { mode: spec as ArgMatchMode } : ({ ...(spec as object) } as ArgMatch);
    }
    out.arg_match = normalized;
  }
  out.location = location;
  return out as unknown as GoldenCase;
}

/** A rubric is a file when it is one path-like word ending in .md/.markdown/.txt, or names a file that exists. */
async function resolveRubrics(set: GoldenSet, source: YamlSource, dir: string): Promise<Problem[]> {
  const problems: Problem[] = [];
  await Promise.all(
    set.cases.map(async (c, index) => {
      if (c.rubric === undefined) return;
      const outcome = await readRubric(c.rubric, dir);
      if (outcome.kind === 'text') c.rubric = outcome.text;
      else if (outcome.kind === 'error') problems.push({ location: locatePath(source, [String(index), 'rubric']), message: `case "${c.id}": ${outcome.message}` });
    }),
  );
  return problems;
}

/**
 * Reads a rubric given as a path (relative to `dir`). `inline` when the value is the rubric itself.
 * Shared with the config loader (judge.rubric).
 */
export async function readRubric(value: string, dir: string): Promise<{ kind: 'inline' } | { kind: 'text'; text: string } | { kind: 'error'; message: string }> {
  const candidate = value.trim();
  if (candidate === '' || candidate.includes('\n')) return { kind: 'inline' };
  const looksLikePath = /^[^\s]+\.(md|markdown|txt)$/i.test(candidate);
  const path = resolve(dir, candidate);
  let isFile = false;
  try {
    isFile = (await stat(path)).isFile();
  } catch {
    isFile = false;
  }
  if (!isFile) return looksLikePath ? { kind: 'error', message: `rubric file "${candidate}" not found (looked for ${path})` } : { kind: 'inline' };
  try {
    const text = await readFile(path, 'utf8');
    if (text.trim() === '') return { kind: 'error', message: `rubric file "${candidate}" is empty` };
    return { kind: 'text', text };
  } catch (error) {
    return { kind: 'error', message: `cannot read rubric file "${candidate}": ${readError(error)}` };
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A number, or a string that spells one as the number matcher reads it (`"12.5"`, `"1e3"`, `"1,250"`). */
function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'string') return false;
  const text = value.trim();
  return /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(text) || /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(text);
}
