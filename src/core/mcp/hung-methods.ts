import type { JsonObject } from './types.js';

/**
 * A hanging method costs one deadline, not one per check (issue 11 item 6): once a plain request
 * such as `tools/call get_weather` got no answer within the deadline, later plain requests for the
 * method fail at once, saying which call hung and in which check, instead of each waiting out its
 * own deadline. Probes that change the envelope are always sent (see isPlain in client.ts).
 */

/** Methods whose target (a tool, a prompt, a resource) is part of what hangs. */
const TARGET_PARAM: Record<string, 'name' | 'uri'> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

interface Hang {
  /** `tools/call get_weather`: the call that hung. */
  call: string;
  timeoutMs: number;
  checkId?: string;
}

export class HungMethods {
  private readonly hung = new Map<string, Hang>();

  note(method: string, params: JsonObject, timeoutMs: number, checkId: string | undefined): void {
    if (this.hung.has(method)) return;
    const param = TARGET_PARAM[method];
    const target = param ? params[param] : undefined;
    this.hung.set(method, { call: typeof target === 'string' ? `${method} ${target}` : method, timeoutMs, checkId });
  }

  /** Why a request for `method` is not sent, or undefined when the method has not hung. */
  reason(method: string): string | undefined {
    const hang = this.hung.get(method);
    if (!hang) return undefined;
    const where = hang.checkId ? ` (see check ${hang.checkId})` : '';
    return `not sent: ${hang.call} did not answer within ${hang.timeoutMs} ms${where}`;
  }

  get count(): number {
    return this.hung.size;
  }
}
