import type { Node } from 'yaml';
import { ConfigurationError } from '../errors.js';
import type { CheckResult } from './types.js';

/** One line of an expected-failures file: `check-id` or `check-id:sub-id`, with where it was written. */
export interface ExpectedFailure {
  checkId: string;
  subId?: string;
  line: number;
  column: number;
}

export interface BaselineOutcome {
  checks: CheckResult[];
  /** Entries whose check or sub-result now passes outright (a warning is still expected): the baseline must be edited. */
  stale: ExpectedFailure[];
  /** Failures not in the baseline. */
  unexpected: CheckResult[];
}

/**
 * Reads the official conformance suite's baseline grammar: a YAML list of ids, or a mapping whose
 * `server` key holds that list (so one file can serve both tools).
 */
export async function parseExpectedFailures(text: string, file: string, knownCheckIds: ReadonlySet<string>): Promise<ExpectedFailure[]> {
  // The YAML parser loads only when there is a file to read: most conformance runs have none.
  const { LineCounter, isMap, isSeq, isScalar, parseDocument } = await import('../yaml.js');
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const where = (node: Node | null | undefined) => {
    const pos = lineCounter.linePos(node?.range?.[0] ?? 0);
    return { file, line: pos.line, column: pos.col };
  };
  if (doc.errors.length > 0) {
    const error = doc.errors[0];
    const pos = lineCounter.linePos(error.pos[0]);
    throw new ConfigurationError(`invalid YAML: ${error.message.split('\n')[0]}`, { file, line: pos.line, column: pos.col });
  }
  let list = doc.contents;
  if (list === null || (isScalar(list) && list.value === null)) return [];
  if (isMap(list)) {
    const server = list.get('server', true) as Node | undefined;
    if (server === undefined) throw new ConfigurationError('expected a list of check ids, or a mapping with a `server:` list', where(list));
    list = server as typeof list;
  }
  if (!isSeq(list)) throw new ConfigurationError('expected a list of check ids (`- check-id` or `- check-id:sub-id`)', where(list as Node));
  return list.items.map((item) => {
    const node = item as Node;
    if (!isScalar(node) || typeof node.value !== 'string' || node.value.trim() === '') {
      throw new ConfigurationError('each entry must be a string: `check-id` or `check-id:sub-id`', where(node));
    }
    const value = node.value.trim();
    const colon = value.indexOf(':');
    const checkId = colon === -1 ? value : value.slice(0, colon);
    const subId = colon === -1 ? undefined : value.slice(colon + 1);
    const { line, column } = where(node);
    if (!knownCheckIds.has(checkId)) {
      throw new ConfigurationError(`unknown check id "${checkId}" (run \`mcp-evals checks\` to list them)`, { file, line, column });
    }
    return { checkId, subId, line, column };
  });
}

/**
 * Marks expected failures, finds stale entries, and returns what still fails the run. As in the
 * official suite ("Baseline check passed"), a listed check or sub-result that now only warns is
 * still expected; an entry is stale only when what it names passes outright.
 */
export function applyExpectedFailures(checks: CheckResult[], expected: ExpectedFailure[]): BaselineOutcome {
  const stale: ExpectedFailure[] = [];
  const byCheck = new Map<string, ExpectedFailure[]>();
  for (const entry of expected) byCheck.set(entry.checkId, [...(byCheck.get(entry.checkId) ?? []), entry]);

  const marked = checks.map((check): CheckResult => {
    const entries = byCheck.get(check.id);
    if (!entries || check.status === 'skip') return check;
    const whole = entries.some((entry) => entry.subId === undefined);
    const subEntries = entries.filter((entry) => entry.subId !== undefined);
    for (const entry of subEntries) {
      const sub = check.subResults?.find((s) => s.id === entry.subId);
      if (sub?.status === 'pass') stale.push(entry);
    }
    if (check.status !== 'fail') {
      if (whole && check.status === 'pass') stale.push(...entries.filter((entry) => entry.subId === undefined));
      return check;
    }
    const failingSubs = (check.subResults ?? []).filter((sub) => sub.status === 'fail');
    const coveredBySubs = failingSubs.length > 0 && failingSubs.every((sub) => subEntries.some((entry) => entry.subId === sub.id));
    return whole || coveredBySubs ? { ...check, expected: 'expected-failure' } : check;
  });
  const staleIds = new Set(stale.map((entry) => entry.checkId));
  const withStale = marked.map((check) => (staleIds.has(check.id) ? { ...check, expected: 'stale-expected-failure' as const } : check));
  return {
    checks: withStale,
    stale,
    unexpected: withStale.filter((check) => check.status === 'fail' && check.expected !== 'expected-failure'),
  };
}
