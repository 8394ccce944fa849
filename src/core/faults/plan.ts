import { seededRandom } from './prng.js';
import type { FaultSpec, FaultType } from './types.js';

/** The fault chosen for one agent tool call. */
export interface PlannedFault {
  type: FaultType;
  /** Index of the `faults:` entry that fired (0-based). */
  entry: number;
  /** Which targeted call of that entry this was (1-based). */
  call: number;
  delayMs?: number;
}

/**
 * The fault plan of one run (one repeat of one case on one model): a deterministic function of
 * (case id, repeat, the entries, the sequence of tool calls). Each entry counts the calls it
 * targets (calls of its `tool`, or every call) and, when it has a `probability`, draws one number
 * per targeted call from its own PRNG keyed by (case id, repeat, seed, entry index). Every entry
 * advances on every call it targets, so whether one entry fires never shifts another's stream;
 * when several fire on one call, the first listed wins.
 */
export class FaultPlan {
  private readonly counts: number[];
  private readonly draws: Array<(() => number) | undefined>;

  constructor(
    readonly entries: readonly FaultSpec[],
    readonly caseId: string,
    readonly repeat: number,
  ) {
    this.counts = entries.map(() => 0);
    this.draws = entries.map((entry, index) => (entry.probability === undefined ? undefined : seededRandom('mcp-evals-fault', caseId, repeat, entry.seed ?? 0, index)));
  }

  /** Call once per agent tool call, in order: the fault for this call, if any. */
  next(tool: string): PlannedFault | undefined {
    let chosen: PlannedFault | undefined;
    this.entries.forEach((entry, index) => {
      if (entry.tool !== undefined && entry.tool !== tool) return;
      const call = (this.counts[index] += 1);
      const draw = this.draws[index]?.();
      const onCall = entry.call === undefined || entry.call === call;
      const drawn = entry.probability === undefined || (draw !== undefined && draw < entry.probability);
      if (onCall && drawn && !chosen) chosen = { type: entry.type, entry: index, call, ...(entry.type === 'slow' ? { delayMs: entry.delay_ms ?? 0 } : {}) };
    });
    return chosen;
  }

  /** What the plan would do to a given sequence of tool calls (a fresh plan: this one is not advanced). */
  static preview(entries: readonly FaultSpec[], caseId: string, repeat: number, tools: readonly string[]): Array<PlannedFault | undefined> {
    const plan = new FaultPlan(entries, caseId, repeat);
    return tools.map((tool) => plan.next(tool));
  }
}
