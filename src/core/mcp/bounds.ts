import type { TransportExchange } from './connection.js';
import { detach } from './json-depth.js';
import { thousands } from '../thousands.js';

/**
 * What a server can make us keep is bounded in count and bytes: past a bound the first entries stay
 * and the rest are counted ("1,165,140 more notifications dropped"), so a flood costs time, not memory.
 */
export const BUFFER_BOUNDS = {
  /** Unsolicited records (notifications, stray responses, garbage) kept per connection. */
  strayRecords: 1000,
  /** Bytes of raw text kept in those records. */
  strayBytes: 4 * 1024 * 1024,
  /** Messages (besides the answer) and garbage lines kept in one exchange. */
  exchangeMessages: 100,
  /** Bytes of an exchange's body kept as evidence. */
  exchangeBodyBytes: 256 * 1024,
  /** Events kept with their arrival times while a stream is read. */
  streamEvents: 10_000,
  /** Characters of one stdout line's text kept with it (its parsed message has all of it). */
  lineTextChars: 64 * 1024,
  /** Bytes of stdout lines held for answer matching. */
  retainedLineBytes: 32 * 1024 * 1024,
} as const;

/** What the bounds can drop, as report.json counts it (conformance.dropped). */
export type DropKind = 'unsolicited' | 'evidenceMessages' | 'streamEvents' | 'bodyBytes' | 'stderrBytes';

/** How each kind reads in a summary: "1,165,140 more notifications … dropped". */
export const DROP_NOUNS: Record<DropKind, string> = {
  unsolicited: 'notifications and other unsolicited messages',
  evidenceMessages: 'messages of an exchange past its evidence sample',
  streamEvents: 'stream events',
  bodyBytes: 'bytes of response bodies',
  stderrBytes: 'bytes of stderr',
};

/**
 * One run's count of what the bounds dropped, by kind: each buffer adds what it drops where it drops
 * it, so the report can say how much the evidence leaves out instead of cutting silently.
 */
export class DropTally {
  private readonly counts = new Map<DropKind, number>();

  add(kind: DropKind, count: number): void {
    if (count > 0) this.counts.set(kind, (this.counts.get(kind) ?? 0) + count);
  }

  /** The non-zero counts, or undefined when nothing was dropped. */
  totals(): Partial<Record<DropKind, number>> | undefined {
    return this.counts.size > 0 ? Object.fromEntries(this.counts) : undefined;
  }
}

/** "1,165,140 notifications and other unsolicited messages, 2,000 stream events": for summaries. */
export function describeDrops(dropped: Partial<Record<DropKind, number>>): string {
  return (Object.keys(DROP_NOUNS) as DropKind[])
    .filter((kind) => (dropped[kind] ?? 0) > 0)
    .map((kind) => `${thousands(dropped[kind] ?? 0)} ${DROP_NOUNS[kind]}`)
    .join(', ');
}

/** Keeps the first `maxCount` items within `maxBytes` and counts the rest. */
export class BoundedList<T> {
  readonly items: T[] = [];
  dropped = 0;
  private bytes = 0;

  constructor(
    private readonly maxCount: number,
    private readonly maxBytes: number,
    private readonly sizeOf: (item: T) => number,
  ) {}

  push(item: T): boolean {
    const size = this.sizeOf(item);
    if (this.items.length >= this.maxCount || this.bytes + size > this.maxBytes) {
      this.dropped += 1;
      return false;
    }
    this.items.push(item);
    this.bytes += size;
    return true;
  }
}

/** "1,165,140 more notifications dropped" */
export function droppedNote(count: number, what: string): string {
  return `${thousands(count)} more ${what} dropped`;
}

/**
 * An exchange as kept in the log: at most `exchangeMessages` messages and garbage lines (the answer
 * always stays) and `exchangeBodyBytes` of body, each cut noted in the body itself.
 */
export function boundExchange<E extends TransportExchange>(exchange: E, drops?: DropTally): E {
  const response = exchange.response;
  if (!response) return exchange;
  const limit = BUFFER_BOUNDS.exchangeMessages;
  const notes: string[] = [];
  let { messages, garbage, body } = response;
  if (messages.length > limit) {
    const kept = messages.slice(0, limit);
    if (response.answer && !kept.includes(response.answer)) kept.push(response.answer);
    notes.push(droppedNote(messages.length - limit, 'messages'));
    drops?.add('evidenceMessages', messages.length - limit);
    messages = kept;
  }
  if (garbage.length > limit) {
    notes.push(droppedNote(garbage.length - limit, 'unparseable lines'));
    drops?.add('evidenceMessages', garbage.length - limit);
    garbage = garbage.slice(0, limit);
  }
  if (body.length > BUFFER_BOUNDS.exchangeBodyBytes) {
    notes.push(`${thousands(body.length - BUFFER_BOUNDS.exchangeBodyBytes)} more characters of the body dropped`);
    // A copy, not a slice: the log must not keep the whole body alive through a view of it.
    const kept = detach(body.slice(0, BUFFER_BOUNDS.exchangeBodyBytes));
    drops?.add('bodyBytes', Buffer.byteLength(body) - Buffer.byteLength(kept));
    body = kept;
  }
  if (notes.length === 0) return exchange;
  return { ...exchange, response: { ...response, messages, garbage, body: `${body}\n(${notes.join('; ')})` } };
}
