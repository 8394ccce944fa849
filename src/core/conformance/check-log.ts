import type { TransportExchange } from '../mcp/connection.js';
import { ExchangeLog } from '../mcp/exchange-log.js';
import type { Era, Exchange } from '../mcp/types.js';

/** A check keeps this many of its own exchanges (its evidence shows the first few). */
const OWN_LIMIT = 64;

/**
 * One check's view of the run's exchange log: what it records goes to the run's log too, its
 * evidence is only its own exchanges (checks run concurrently over HTTP), and log-wide checks
 * still read the whole run through `all()`.
 */
export class CheckLog extends ExchangeLog {
  private readonly own: Exchange[] = [];
  private ownCount = 0;

  constructor(private readonly run: ExchangeLog) {
    super(0);
  }

  override add(exchange: TransportExchange, era: Era | 'probe'): Exchange {
    const recorded = this.run.add(exchange, era);
    this.ownCount += 1;
    if (this.own.length < OWN_LIMIT) this.own.push(recorded);
    return recorded;
  }

  override get size(): number {
    return this.ownCount;
  }

  override since(mark: number): Exchange[] {
    return this.own.slice(mark);
  }

  override all(): readonly Exchange[] {
    return this.run.all();
  }
}
