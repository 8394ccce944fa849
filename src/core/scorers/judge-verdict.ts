/** What a judge reply must be: `{"scores": {criterionId: 0..1}, "reasoning": string}`. */
export type VerdictOutcome = { ok: true; scores: Record<string, number>; reasoning: string } | { ok: false; problem: string };

/**
 * Reads the judge's message content: one JSON object, alone (one surrounding ```json fence is
 * tolerated) or inside a sentence ("Here is my verdict: {…}. Hope it helps"), where the first
 * object with a `scores` key is read. Prose without one, invalid JSON, a missing or non-numeric
 * criterion score, or a score outside 0..1 is a problem (the judge then abstains, it never
 * becomes a zero). Scores for criteria that were not asked for are ignored; `reasoning`
 * defaults to ''.
 */
export function parseVerdict(content: string, criteria: readonly string[]): VerdictOutcome {
  let text = content.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/i.exec(text);
  if (fenced) text = fenced[1].trim();
  if (!text.startsWith('{')) text = embeddedVerdict(text) ?? text;
  if (!text.startsWith('{')) return { ok: false, problem: `the verdict is prose, not a JSON object: "${preview(text)}"` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: `the verdict is not valid JSON: "${preview(text)}"` };
  }
  if (!isObject(value)) return { ok: false, problem: 'the verdict is not a JSON object' };
  const scores = value.scores;
  if (!isObject(scores)) return { ok: false, problem: 'the verdict has no "scores" object' };
  const out: Record<string, number> = {};
  for (const id of criteria) {
    if (!Object.hasOwn(scores, id)) return { ok: false, problem: `the verdict has no score for criterion \`${id}\`` };
    const score = scores[id];
    if (typeof score !== 'number' || !Number.isFinite(score)) return { ok: false, problem: `the score for criterion \`${id}\` is not a number: ${preview(JSON.stringify(score) ?? String(score))}` };
    if (score < 0 || score > 1) return { ok: false, problem: `the score for criterion \`${id}\` is ${score}, outside 0..1` };
    out[id] = score;
  }
  const reasoning = typeof value.reasoning === 'string' ? value.reasoning : '';
  return { ok: true, scores: out, reasoning };
}

/** The message content of an OpenAI-compatible chat completion, or why there is none. */
export function completionContent(reply: unknown): { ok: true; content: string } | { ok: false; problem: string } {
  const choice = isObject(reply) && Array.isArray(reply.choices) ? (reply.choices[0] as unknown) : undefined;
  const message = isObject(choice) ? choice.message : undefined;
  if (!isObject(message)) return { ok: false, problem: 'the reply is not a chat completion (no choices[0].message)' };
  if (typeof message.content === 'string' && message.content.trim() !== '') return { ok: true, content: message.content };
  if (typeof message.refusal === 'string' && message.refusal) return { ok: false, problem: `the judge refused: "${preview(message.refusal)}"` };
  return { ok: false, problem: 'the judge reply has no message content' };
}

/** How many `{` in a reply are tried as the start of an embedded verdict (bounds the work on a hostile reply). */
const EMBEDDED_STARTS = 16;

/**
 * The first balanced `{…}` in prose that parses as a JSON object with `scores`, or undefined.
 * Each candidate is found with one string-aware scan from its `{`.
 */
function embeddedVerdict(text: string): string | undefined {
  let from = text.indexOf('{');
  for (let tries = 0; from !== -1 && tries < EMBEDDED_STARTS; tries += 1) {
    const end = balancedEnd(text, from);
    if (end === -1) return undefined;
    const candidate = text.slice(from, end + 1);
    try {
      const value: unknown = JSON.parse(candidate);
      if (isObject(value) && Object.hasOwn(value, 'scores')) return candidate;
    } catch {
      // not JSON: try the next brace
    }
    from = text.indexOf('{', from + 1);
  }
  return undefined;
}

/** The index of the `}` closing the `{` at `start` (strings and escapes skipped), or -1. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}
