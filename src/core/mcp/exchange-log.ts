import { boundExchange, type DropTally } from './bounds.js';
import type { TransportExchange } from './connection.js';
import type { Era, Exchange } from './types.js';

/**
 * Every exchange of a run, numbered; a check's evidence is the slice recorded while it ran. Each is
 * kept bounded (see bounds.ts): a server cannot fill the log with one flooded answer.
 */
export class ExchangeLog {
  private readonly entries: Exchange[] = [];
  private seq = 0;

  /**
   * `retain`: how many exchanges to keep (the behaviour layer needs none; conformance needs all).
   * `drops`: where what the bounds cut from an exchange is counted (the run's tally, for the report).
   */
  constructor(
    private readonly retain = Number.POSITIVE_INFINITY,
    private readonly drops?: DropTally,
  ) {}

  add(exchange: TransportExchange, era: Era | 'probe'): Exchange {
    const recorded: Exchange = { seq: ++this.seq, era, ...boundExchange(exchange, this.drops) };
    this.entries.push(recorded);
    if (this.entries.length > this.retain) this.entries.splice(0, this.entries.length - this.retain);
    return recorded;
  }

  get size(): number {
    return this.entries.length;
  }

  since(mark: number): Exchange[] {
    return this.entries.slice(mark);
  }

  all(): readonly Exchange[] {
    return this.entries;
  }
}
