/**
 * How deeply a parsed JSON value nests, found without recursion. JSON.parse reads any depth, but
 * JSON.stringify, structuredClone, ajv and our own walkers recurse: a message nested deeper than
 * MAX_JSON_DEPTH is refused where it enters (as a message that could not be used), so nothing
 * downstream can overflow the stack on it.
 */
export const MAX_JSON_DEPTH = 512;

/** True when `value` nests more than `limit` arrays/objects deep. */
export function nestsDeeperThan(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: node, depth } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node as Record<string, unknown>)) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}
