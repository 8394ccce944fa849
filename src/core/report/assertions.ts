import type { CheckResult, Status } from '../conformance/types.js';

/** The seven named Layer-0 assertions, in the order a summary lists them. */
export const ASSERTIONS: ReadonlyArray<{ number: number; name: string }> = [
  { number: 1, name: 'discover & supportedVersions' },
  { number: 2, name: 'tools/list order' },
  { number: 3, name: 'ttlMs/cacheScope' },
  { number: 4, name: 'resultType' },
  { number: 5, name: 'tool schemas & $ref' },
  { number: 6, name: 'error codes' },
  { number: 7, name: 'Mcp-Method/Mcp-Name headers' },
];

/** An assertion's outcome: the worst status of the checks behind it, or `n/a` when none of them ran. */
export type AssertionOutcome = Exclude<Status, 'skip'> | 'n/a';

export interface AssertionRow {
  number: number;
  name: string;
  outcome: AssertionOutcome;
  /** Checks behind this assertion, skipped ones included. */
  checks: CheckResult[];
}

const SEVERITY: Record<Exclude<Status, 'skip'>, number> = { pass: 0, warn: 1, fail: 2 };

/**
 * The outcome of each of the seven assertions. Skipped checks did not run, so they do not count;
 * an assertion whose checks were all skipped, or that has none (#7 on stdio), is `n/a`.
 */
export function assertionRows(checks: readonly CheckResult[]): AssertionRow[] {
  return ASSERTIONS.map(({ number, name }) => {
    const behind = checks.filter((check) => check.assertion === number);
    let outcome: AssertionOutcome = 'n/a';
    for (const check of behind) {
      if (check.status === 'skip') continue;
      if (outcome === 'n/a' || SEVERITY[check.status] > SEVERITY[outcome]) outcome = check.status;
    }
    return { number, name, outcome, checks: behind };
  });
}
