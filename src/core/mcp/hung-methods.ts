import type { JsonObject } from './types.js';

/**
 * A hanging method costs a bounded number of deadlines, not one per check (issue 11 item 6): once a
 * plain request such as `tools/list` got no answer within the deadline, later plain requests for
 * the method fail at once, saying which call hung and in which check, instead of each waiting out
 * its own deadline. A method with a target (a tool, a prompt, a resource) hangs for that target
 * only: one tool that is slow by design must not stop the others from being checked (issue 22
 * item 2). It hangs everywhere once two targets hung and none answered, or three hung. Probes that
 * change the envelope are always sent (see isPlain in client.ts). A timeout counts as a hang only
 * when the server answered a request sent after it (on stdio, a fence sent after the deadline): a
 * machine or server that is slow at everything is not a hang.
 */

/** Methods whose target (a tool, a prompt, a resource) is part of what hangs. */
const TARGET_PARAM: Record<string, 'name' | 'uri'> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/** Targets of one method that may hang before the method is taken to hang everywhere. */
const MAX_HUNG_TARGETS = 3;

interface Hang {
  /** `tools/call get_weather`: the call that hung. */
  call: string;
  method: string;
  timeoutMs: number;
  checkId?: string;
}

export class HungMethods {
  /** By call (`tools/call get_weather`), and by method once it hangs everywhere. */
  private readonly hung = new Map<string, Hang>();
  /** Methods for which some request got an answer. */
  private readonly answeredMethods = new Set<string>();

  /**
   * Active only for the conformance checks. An agent (layers 1–2) must be free to retry a tool
   * that timed out once, and its client does not send fences: there it is inactive.
   */
  constructor(
    readonly active = true,
    /**
     * The run's record, for a check on processes of its own: what hung on the first process is not
     * sent again, but what hangs or answers on its own processes stays its own (it runs beside others).
     */
    private readonly parent?: HungMethods,
  ) {}

  /** When the latest request that got an answer was sent. */
  private latestAnsweredStart = 0;

  /** Every answered request is recorded: it tells a hung method from a server that is slow at everything. */
  answered(startedAt: number, method?: string): void {
    this.latestAnsweredStart = Math.max(this.latestAnsweredStart, startedAt);
    if (method !== undefined) this.answeredMethods.add(method);
  }

  /** Did the server answer a request sent after `startedAt`? Then a request from then that is still unanswered is stuck, not queued. */
  answeredAfter(startedAt: number): boolean {
    return this.latestAnsweredStart > startedAt;
  }

  /** When a request's overtime (client.ts) saw the server answer nothing, not even the fence sent at its deadline. */
  private silentAt: number | undefined;

  wentSilent(at: number): void {
    this.silentAt = Math.max(this.silentAt ?? 0, at);
  }

  /** The server answered nothing in a whole overtime, and nothing sent since: a later miss is not waited on again. */
  get silent(): boolean {
    return this.silentAt !== undefined && !this.answeredAfter(this.silentAt - 1);
  }

  note(method: string, params: JsonObject, timeoutMs: number, checkId: string | undefined): void {
    const call = callOf(method, params);
    if (this.hung.has(method) || this.hung.has(call)) return;
    const hang = { call, method, timeoutMs, checkId };
    this.hung.set(call, hang);
    if (call === method) return;
    const targets = [...this.hung.values()].filter((other) => other.method === method).length;
    if (targets >= MAX_HUNG_TARGETS || (targets >= 2 && !this.answeredMethods.has(method))) this.hung.set(method, hang);
  }

  /** Whether `method` hangs whatever its target (always so for a method without one). */
  everywhere(method: string): boolean {
    return this.hung.has(method) || (this.parent?.everywhere(method) ?? false);
  }

  /** Why a request for `method` (with these params) is not sent, or undefined when it has not hung. */
  reason(method: string, params: JsonObject = {}): string | undefined {
    const hang = this.hung.get(method) ?? this.hung.get(callOf(method, params));
    if (!hang) return this.parent?.reason(method, params);
    const where = hang.checkId ? ` (see check ${hang.checkId})` : '';
    return `not sent: ${hang.call} did not answer within ${hang.timeoutMs} ms${where}`;
  }

  get count(): number {
    return this.hung.size;
  }
}

/** `tools/call get_weather` for a method with a string target, else the method. */
function callOf(method: string, params: JsonObject): string {
  const param = TARGET_PARAM[method];
  const target = param ? params[param] : undefined;
  return typeof target === 'string' ? `${method} ${target}` : method;
}
