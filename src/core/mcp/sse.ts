/**
 * A minimal, strict-enough Server-Sent Events parser (the WHATWG event-stream grammar), incremental:
 * each chunk is scanned once, so a large stream costs time linear in its bytes, not in bytes × chunks.
 */

export interface SseEvent {
  event?: string;
  id?: string;
  data: string;
}

export interface SseParse {
  events: SseEvent[];
  /** `:` comment lines (keep-alives), which a client must tolerate. */
  comments: number;
  /** Text after the last complete event, not yet dispatched. */
  rest: string;
}

/** Feed chunks with push(); each call returns the events its text completed. */
export class SseParser {
  /** `:` comment lines seen so far. */
  comments = 0;
  /** Lines scanned so far (for tests that count the work). */
  linesScanned = 0;
  private data: string[] = [];
  private event: string | undefined;
  private id: string | undefined;
  /** Offset in the last chunk just after the last event it dispatched; -1 when it dispatched none. */
  private dispatchedAt = -1;
  /** The unterminated line so far, in parts. */
  private tailParts: string[] = [];
  /** The last chunk ended in CR (maybe half of a CRLF). */
  private heldCr = false;

  push(chunk: string): SseEvent[] {
    const events: SseEvent[] = [];
    let start = 0;
    this.dispatchedAt = -1;
    if (this.heldCr) {
      // The previous chunk ended in CR: its line ends there, and an LF here belongs to it.
      this.heldCr = false;
      this.finishLine('', events, 0);
      if (chunk.startsWith('\n')) start = 1;
      if (this.dispatchedAt === 0) this.dispatchedAt = start;
    }
    // Next CR and LF positions, each searched again only once passed: every chunk is scanned once,
    // and an unterminated line is kept as parts, so a long line costs no rescans either.
    let cr = -2;
    let lf = -2;
    for (;;) {
      if (cr !== -1 && cr < start) cr = chunk.indexOf('\r', start);
      if (lf !== -1 && lf < start) lf = chunk.indexOf('\n', start);
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      if (end === -1) break;
      if (chunk[end] === '\r' && end === chunk.length - 1) {
        this.heldCr = true;
        this.tailParts.push(chunk.slice(start, end));
        return events;
      }
      const next = end + (chunk[end] === '\r' && chunk[end + 1] === '\n' ? 2 : 1);
      this.finishLine(chunk.slice(start, end), events, next);
      start = next;
    }
    if (start < chunk.length) this.tailParts.push(chunk.slice(start));
    return events;
  }

  /** The pending parts plus `last` make one line; `next` is where the text after it starts in this chunk. */
  private finishLine(last: string, events: SseEvent[], next: number): void {
    const line = this.tailParts.length > 0 ? this.tailParts.join('') + last : last;
    this.tailParts = [];
    if (this.line(line, events)) this.dispatchedAt = next;
  }

  /** Ends the stream: a held CR terminates its line; an event without its blank line is not dispatched. */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.heldCr) {
      this.heldCr = false;
      this.finishLine('', events, 0);
    }
    return events;
  }

  /** Where, in the last chunk, the undispatched remainder starts (-1: the chunk completed no event). */
  get undispatchedFrom(): number {
    return this.dispatchedAt;
  }

  /** Handles one line; true when it was the blank line that ends an event. */
  private line(line: string, events: SseEvent[]): boolean {
    this.linesScanned += 1;
    if (line === '') {
      if (this.data.length > 0) events.push({ event: this.event, id: this.id, data: this.data.join('\n') });
      this.data = [];
      this.event = undefined;
      this.id = undefined;
      return true;
    }
    if (line.startsWith(':')) {
      this.comments += 1;
      return false;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id') this.id = value;
    return false;
  }
}

/** Parses a complete text at once. */
export function parseSse(text: string): SseParse {
  const parser = new SseParser();
  const events = parser.push(text);
  const rest = text.slice(Math.max(0, parser.undispatchedFrom));
  // A trailing CR ends its line: parseSse sees the whole text.
  events.push(...parser.end());
  return { events, comments: parser.comments, rest };
}

/**
 * An event with an event ID and an empty data field: the priming event a 2025-11-25 server SHOULD
 * send first, so that a client can resume the stream. Not a message, and not garbage.
 */
export function isPrimingEvent(event: SseEvent): boolean {
  return event.id !== undefined && event.data.trim() === '';
}
