/** Stops a run cleanly when the configured spend is reached: later model calls are refused. */
export class Budget {
  private calls = 0;
  private cost = 0;
  private unknownCost = false;
  private exhaustedBy: string | undefined;

  constructor(private readonly limits: { max_cost_usd?: number; max_model_calls?: number }) {}

  /** Reserve one model call; false once a limit is reached. */
  mayCall(): boolean {
    if (this.exhaustedBy) return false;
    if (this.limits.max_model_calls !== undefined && this.calls >= this.limits.max_model_calls) {
      this.exhaustedBy = `the budget of ${this.limits.max_model_calls} model calls was reached`;
      return false;
    }
    if (this.limits.max_cost_usd !== undefined && this.cost >= this.limits.max_cost_usd) {
      this.exhaustedBy = `the budget of $${this.limits.max_cost_usd} was reached ($${this.cost.toFixed(4)} spent)`;
      return false;
    }
    return true;
  }

  record(costUsd: number | null): void {
    this.calls += 1;
    if (costUsd === null) this.unknownCost = true;
    else this.cost += costUsd;
  }

  get modelCalls(): number {
    return this.calls;
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
