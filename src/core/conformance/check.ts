import type { Exchange } from '../mcp/types.js';
import type { Level, Status, SubResult } from './types.js';
import type { CheckContext } from './context.js';

export type Capability = 'tools' | 'resources' | 'prompts' | 'completions' | 'logging';

/** A conformance check: metadata the registry and docs read, and a run function. */
export interface CheckDefinition {
  /** Stable kebab-case id; never renamed once released (expected-failures files name it). */
  id: string;
  title: string;
  level: Level;
  /** Requirement row ids this check covers. */
  requirements: string[];
  /** Which of the seven named Layer-0 assertions (1..7) this check is behind. */
  assertion?: number;
  /** Which eras' runs include it. */
  eras: Array<'2026-07-28' | '2025-11-25'>;
  /** Only on this transport. */
  transport?: 'stdio' | 'http';
  /** Skipped unless the server declares all of these capabilities. */
  needs?: Capability[];
  /** Runs after every other check, over the whole exchange log. */
  late?: boolean;
  /**
   * Asks whether the server is dual-era (isDualEra) before it sends anything: over stdio that waits
   * for the era probe's own process to start and answer, so the checks on the first process ask it
   * last, and the first process does their work meanwhile instead of idling.
   */
  awaitsEraProbe?: boolean;
  /**
   * Watches a stream or waits out a window (notifications that must or must not come): the slowest
   * checks, so a concurrent run starts them first rather than let one end the run alone.
   */
  watches?: boolean;
  /**
   * stdio: how many fresh processes a run of this check takes (ctx.fresh, ctx.untouched), so the run
   * starts them ahead of need, side by side. One taken only on a failure need not be counted; one
   * taken only on some servers is (an unplanned take leaves another check a start-up to wait for).
   */
  freshProcesses?: number;
  /**
   * stdio, 2026-07-28: every request of the check goes to fresh processes of its own (it may read
   * the lists the run has walked), so it runs beside the checks on the first process, not after them.
   */
  ownProcess?: boolean;
  run(ctx: CheckContext): Promise<Verdict>;
}

export interface Verdict {
  /** `fail` becomes `warn` for a SHOULD check; `warn` is for advice that never fails a run. */
  status: Exclude<Status, never>;
  message: string;
  subResults?: SubResult[];
}

export const pass = (message: string, subResults?: SubResult[]): Verdict => ({ status: 'pass', message, subResults });
export const fail = (message: string, subResults?: SubResult[]): Verdict => ({ status: 'fail', message, subResults });
export const warn = (message: string, subResults?: SubResult[]): Verdict => ({ status: 'warn', message, subResults });
export const skip = (message: string): Verdict => ({ status: 'skip', message });

/** Turns a list of per-item findings into one verdict: any failing item fails the check. */
export function fromSubResults(subResults: SubResult[], passMessage: string, noun = 'item'): Verdict {
  if (subResults.length === 0) return skip(`nothing to check: no ${plural(noun)}`);
  const failed = subResults.filter((sub) => sub.status === 'fail');
  const warned = subResults.filter((sub) => sub.status === 'warn');
  if (failed.length > 0) {
    const first = failed[0];
    const more = failed.length > 1 ? ` (and ${failed.length - 1} more ${failed.length > 2 ? plural(noun) : noun})` : '';
    return fail(`${first.id}: ${first.message}${more}`, subResults);
  }
  if (warned.length > 0) return warn(`${warned[0].id}: ${warned[0].message}`, subResults);
  return pass(passMessage, subResults);
}

export function defineCheck(definition: CheckDefinition): CheckDefinition {
  return definition;
}

/**
 * Every check judges a late answer as an answer (the client waits on past a missed deadline, see
 * mcp/connection.ts Overtime) and says it came late (runner.ts runOne applies this to every
 * verdict): a pass becomes a warning naming the exchange and the deadline, so a correct server that
 * is merely slow never fails and is never silently slow. A warning says so too.
 */
export function answeredLate(verdict: Verdict, exchanges: readonly Exchange[]): Verdict {
  if (verdict.status !== 'pass' && verdict.status !== 'warn') return verdict;
  const late = exchanges.filter((exchange) => exchange.observed?.answeredLate !== undefined);
  if (late.length === 0) return verdict;
  const first = late[0];
  const { afterMs, timeoutMs } = first.observed!.answeredLate!;
  const more = late.length > 1 ? ` (and ${late.length - 1} more request${late.length > 2 ? 's' : ''})` : '';
  const note = `${first.request.method} was answered after ${afterMs} ms, over its ${timeoutMs} ms deadline${more}, and judged as answered: raise --timeout`;
  return { ...verdict, status: 'warn', message: `${verdict.message}; but ${note}` };
}

function plural(noun: string): string {
  return noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`;
}
