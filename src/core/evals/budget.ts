/**
 * The spend ceiling of a run. A model call is reserved before it is made, so concurrent runs can
 * never overspend `max_model_calls` (four in flight at the limit are four reservations, not four
 * extra calls). Every request that goes out counts: a failed call (a garbage reply, a 500) keeps
 * its reservation, and each retry of a failed attempt is reserved like a call of its own. Once a
 * limit is reached, later calls and retries are refused and the run ends cleanly.
 */
export class Budget {
  /** Calls answered, plus calls reserved and still in flight. */
  private reserved = 0;
  private made = 0;
  private failed = 0;
  private cost = 0;
  private unknownCost = false;
  private exhaustedBy: string | undefined;

  constructor(private readonly limits: { max_cost_usd?: number; max_model_calls?: number }) {}

  /** Whether a new run may start (nothing is reserved; a refusal marks the budget exhausted). */
  mayStart(): boolean {
    const refusal = this.refusal();
    if (refusal !== undefined) this.exhaustedBy ??= refusal;
    return refusal === undefined;
  }

  /** Reserve one model call before making it; false (and the budget is exhausted) once a limit is reached. */
  reserve(): boolean {
    const refusal = this.refusal();
    if (refusal !== undefined) {
      this.exhaustedBy ??= refusal;
      return false;
    }
    this.reserved += 1;
    return true;
  }

  /** The reserved call was answered: it counts, with its cost (null: unknown price). */
  settle(costUsd: number | null): void {
    this.made += 1;
    if (costUsd === null) this.unknownCost = true;
    else this.cost += costUsd;
  }

  /** The reserved call failed: it went out, so it counts as made and failed, and keeps its reservation. */
  release(): void {
    this.made += 1;
    this.failed += 1;
  }

  /**
   * An attempt of a call failed and is to be retried: the failed attempt counts as made and failed,
   * and the retry is reserved. False (nothing counted: the caller's release counts the attempt)
   * once a limit is reached.
   */
  retry(): boolean {
    const refusal = this.refusal();
    if (refusal !== undefined) {
      this.exhaustedBy ??= refusal;
      return false;
    }
    this.made += 1;
    this.failed += 1;
    this.reserved += 1;
    return true;
  }

  private refusal(): string | undefined {
    if (this.exhaustedBy) return this.exhaustedBy;
    if (this.limits.max_model_calls !== undefined && this.reserved >= this.limits.max_model_calls) return `the budget of ${this.limits.max_model_calls} model calls was reached`;
    if (this.limits.max_cost_usd !== undefined && this.cost >= this.limits.max_cost_usd) return `the budget of $${this.limits.max_cost_usd} was reached ($${this.cost.toFixed(4)} spent)`;
    return undefined;
  }

  /** Model calls made, failed ones included. */
  get modelCalls(): number {
    return this.made;
  }

  get failedCalls(): number {
    return this.failed;
  }

  /** Dollars spent, or null when any call's price was unknown. */
  get costUsd(): number | null {
    return this.unknownCost ? null : this.cost;
  }

  /** Dollars spent on calls whose price is known (for a progress display). */
  get knownCostUsd(): number {
    return this.cost;
  }

  get exhausted(): string | undefined {
    return this.exhaustedBy;
  }
}
