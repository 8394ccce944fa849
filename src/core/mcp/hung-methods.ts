import type { JsonObject } from './types.js';

/**
 * A hanging method costs one deadline, not one per check (issue 11 item 6): once a plain request
 * such as `tools/call get_weather` got no answer within the deadline, later plain requests for the
 * method fail at once, saying which call hung and in which check, instead of each waiting out its
 * own deadline. Probes that change the envelope are always sent (see isPlain in client.ts). A
 * timeout counts as a hang only when the server answered a request sent after it (on stdio, a
 * fence sent after the deadline): a machine or server that is slow at everything is not a hang.
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

  /**
   * Active only for the conformance checks. An agent (layers 1–2) must be free to retry a tool
   * that timed out once, and its client does not send fences: there it is inactive.
   */
  constructor(readonly active = true) {}

  /** When the latest request that got an answer was sent. */
  private latestAnsweredStart = 0;

  /** Every answered request is recorded: it tells a hung method from a server that is slow at everything. */
  answered(startedAt: number): void {
    this.latestAnsweredStart = Math.max(this.latestAnsweredStart, startedAt);
  }

  /** Did the server answer a request sent after `startedAt`? Then a request from then that is still unanswered is stuck, not queued. */
  answeredAfter(startedAt: number): boolean {
    return this.latestAnsweredStart > startedAt;
  }

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
