/** A minimal, strict-enough Server-Sent Events parser (the WHATWG event-stream grammar). */

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

export function parseSse(text: string): SseParse {
  const events: SseEvent[] = [];
  let comments = 0;
  let data: string[] = [];
  let event: string | undefined;
  let id: string | undefined;
  const lines = text.split(/\r\n|\r|\n/);
  // The last element is an unterminated line (or '' when the text ends in a newline).
  const rest = lines.pop() ?? '';
  let consumedUpTo = 0;
  let consumed = 0;
  for (const line of lines) {
    consumed += 1;
    if (line === '') {
      if (data.length > 0) events.push({ event, id, data: data.join('\n') });
      data = [];
      event = undefined;
      id = undefined;
      consumedUpTo = consumed;
      continue;
    }
    if (line.startsWith(':')) {
      comments += 1;
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') id = value;
  }
  const pendingLines = lines.slice(consumedUpTo);
  return { events, comments, rest: [...pendingLines, rest].join('\n') };
}
