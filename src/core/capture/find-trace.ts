import { ConfigurationError } from '../errors.js';
import type { TraceLine } from '../evals/run-evals.js';

/** Shortest prefix of a trace id accepted in place of the whole id. */
export const MIN_PREFIX = 6;

/**
 * The run a trace id names: the whole 32-hex id, or a unique prefix of at least 6 characters
 * (case-insensitive). `undefined` when none matches; ConfigurationError when a prefix is ambiguous.
 */
export function findTraceLine(lines: readonly TraceLine[], id: string): TraceLine | undefined {
  const wanted = id.trim().toLowerCase();
  const exact = lines.find((line) => line.trace.traceId.toLowerCase() === wanted);
  if (exact) return exact;
  if (wanted.length < MIN_PREFIX) return undefined;
  const matches = lines.filter((line) => line.trace.traceId.toLowerCase().startsWith(wanted));
  if (matches.length > 1) {
    throw new ConfigurationError(`trace id prefix "${id}" matches ${matches.length} runs (${matches.slice(0, 5).map(describeRun).join(', ')}): give more characters`);
  }
  return matches[0];
}

/** `0af7651916cd43dd (case weather-basic, model gpt, repeat 2)`. */
export function describeRun(line: TraceLine): string {
  return `${line.trace.traceId.slice(0, 16)} (case ${line.caseId}, model ${line.model}, repeat ${line.repeat})`;
}

/**
 * The `count` trace ids closest to `id`: longest common prefix first (ids are copied from output,
 * often shortened), then smallest edit distance, then file order.
 */
export function closestTraceIds(lines: readonly TraceLine[], id: string, count = 5): TraceLine[] {
  const wanted = id.trim().toLowerCase();
  return lines
    .map((line, index) => {
      const candidate = line.trace.traceId.toLowerCase();
      return { line, index, prefix: commonPrefix(wanted, candidate), distance: editDistance(wanted, candidate.slice(0, Math.max(wanted.length, 1))) };
    })
    .sort((a, b) => b.prefix - a.prefix || a.distance - b.distance || a.index - b.index)
    .slice(0, count)
    .map((entry) => entry.line);
}

/** The ConfigurationError for an unknown trace id: what was looked in, and the closest ids. */
export function unknownTraceError(lines: readonly TraceLine[], id: string, where: string): ConfigurationError {
  if (lines.length === 0) return new ConfigurationError(`unknown trace id "${id}": ${where} has no runs`);
  const closest = closestTraceIds(lines, id);
  return new ConfigurationError(`unknown trace id "${id}" in ${where} (${lines.length} runs); the closest ids:\n${closest.map((line) => `  ${line.trace.traceId}  case ${line.caseId}, model ${line.model}, repeat ${line.repeat}`).join('\n')}`);
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) current.push(Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = current;
  }
  return previous[b.length];
}
