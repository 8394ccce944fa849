import { ProcessGroup } from './process-group.js';
import {
  isIdlessError,
  isResponse,
  missFailure,
  parseJsonMessage,
  sameId,
  type CloseInfo,
  type Connection,
  type OutgoingMessage,
  type StreamCapture,
  type StreamOptions,
  type TimedMessage,
  type TransportExchange,
  type UnsolicitedRecord,
} from './connection.js';
import { didNotStart } from './startup-error.js';
import type { ReceivedMessage } from './types.js';
import { BUFFER_BOUNDS, BoundedList, droppedNote, type DropTally } from './bounds.js';
import { capString, detach, MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.js';
import { Utf8Text } from './utf8-text.js';
import { FloodGuard } from './flood.js';

export interface StdioOptions {
  command: string;
  cwd?: string;
  env?: Record<string, string>;
  /** A longer stdout line is dropped and reported instead of buffered without bound. */
  maxLineBytes?: number;
  /** How long the server gets to exit after stdin closes before it is signalled. */
  exitGraceMs?: number;
  /** Where what the bounds drop is counted (the run's tally). */
  drops?: DropTally;
  /** The run's unsolicited traffic, shared by every process of the server (see flood.ts). */
  flood?: FloodGuard;
}

interface Line {
  at: number;
  raw: string;
  /** Characters of the line as received, when `raw` keeps only its head. */
  size?: number;
  message?: ReceivedMessage;
  problem?: string;
}

interface Waiter {
  id: string | number | null;
  /** What it waits for (`tools/list`), for the flood finding. */
  method: string;
  /** The connection's unsolicited bytes and messages when the wait began. */
  fromBytes: number;
  fromMessages: number;
  resolve: (answer: Line) => void;
  fail: (reason: string) => void;
}

const DEFAULT_MAX_LINE = 16 * 1024 * 1024;
const FENCE_SLACK_MS = 30;

/** Answers to our own fence requests (see McpClient.fence) are bookkeeping, never evidence about a probe. */
function isFenceAnswer(line: { message?: ReceivedMessage }): boolean {
  return typeof line.message?.id === 'string' && line.message.id.startsWith('mcp-evals-fence-') && line.message.method === undefined;
}

/** For a line refused as too deep (see json-depth.ts): its JSON-RPC id, read without walking it. */
function tooDeepId(raw: string): { id?: string | number | null } | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !nestsDeeperThan(value)) return undefined;
    const id = (value as { id?: unknown }).id;
    return { id: typeof id === 'string' || typeof id === 'number' || id === null ? id : undefined };
  } catch {
    return undefined;
  }
}

/** Newline-delimited JSON-RPC over a spawned process's stdin/stdout. */
export class StdioConnection implements Connection {
  readonly kind = 'stdio' as const;
  readonly target: string;
  private readonly group: ProcessGroup;
  private readonly maxLine: number;
  private readonly exitGraceMs: number;
  private readonly drops: DropTally | undefined;
  private readonly flood: FloodGuard;
  /** Unsolicited traffic of this process so far, to charge each waiting request with what arrived during its wait. */
  private unsolicitedBytes = 0;
  private unsolicitedMessages = 0;
  private floodListeners: Array<() => void> = [];
  /** The line being read (a line in one chunk is decoded from it, not copied); `pendingHead` keeps its first bytes to show if it is not UTF-8. */
  private readonly pending = new Utf8Text(true);
  private pendingBytes = 0;
  private pendingHead: Buffer | undefined;
  private dropping = false;
  /** Set when the client closes stdin: what the server prints while it shuts down is not kept (keepStray). */
  private closing = false;
  /** Recent responses, for answers that arrive before their waiter; everything else goes to watchers. */
  private lines: Line[] = [];
  private lineBytes = 0;
  private waiters: Waiter[] = [];
  private claimed = new Set<Line>();
  private stray = new BoundedList<UnsolicitedRecord>(BUFFER_BOUNDS.strayRecords, BUFFER_BOUNDS.strayBytes, (record) => record.raw.length);
  private exitListeners: Array<() => void> = [];
  private watchers = new Set<(line: Line) => void>();
  /** When the server first answered anything: observation windows start after it, never at spawn. */
  private readyAt: number | undefined;
  private readyListeners: Array<() => void> = [];

  constructor(options: StdioOptions) {
    this.target = options.command;
    this.maxLine = options.maxLineBytes ?? DEFAULT_MAX_LINE;
    this.exitGraceMs = options.exitGraceMs ?? 5000;
    this.drops = options.drops;
    this.flood = options.flood ?? new FloodGuard();
    this.group = new ProcessGroup(options.command, { cwd: options.cwd, env: options.env, stdin: 'pipe', drops: options.drops });
    this.group.child.stdout?.on('data', (chunk: Buffer) => this.onData(chunk));
    this.group.child.stdin?.on('error', () => {
      // EPIPE when the server died: surfaced through the exit, not as a crash of ours
    });
    this.group.child.once('exit', () => {
      for (const listener of this.exitListeners.splice(0)) listener();
    });
  }

  get pid(): number | undefined {
    return this.group.pid;
  }

  get alive(): boolean {
    return !this.group.hasExited;
  }

  stderrTail(): string {
    return this.group.stderrTail();
  }

  unsolicited(): UnsolicitedRecord[] {
    return [...this.stray.items];
  }

  /** Unsolicited records past the bound, counted but not kept. */
  unsolicitedDropped(): number {
    return this.stray.dropped;
  }

  async send(message: OutgoingMessage): Promise<TransportExchange> {
    const startedAt = Date.now();
    if (!this.alive) {
      return { transport: 'stdio', request: { method: message.method, body: message.body }, failure: this.deathMessage(), startedAt, durationMs: 0 };
    }
    if (this.flood.tripped) return { transport: 'stdio', request: { method: message.method, body: message.body }, failure: this.flood.notSent(message.method), startedAt, durationMs: 0 };
    // Evidence is a sample: the first lines that arrive while this exchange waits (and its answer), the rest counted.
    const sample = new BoundedList<Line>(BUFFER_BOUNDS.exchangeMessages, BUFFER_BOUNDS.exchangeBodyBytes, (line) => line.raw.length);
    const collect = (line: Line) => {
      if (!isFenceAnswer(line)) sample.push(line);
    };
    this.watchers.add(collect);
    try {
      return await this.exchange(message, startedAt, sample);
    } finally {
      this.watchers.delete(collect);
    }
  }

  private async exchange(message: OutgoingMessage, startedAt: number, sample: BoundedList<Line>): Promise<TransportExchange> {
    this.group.child.stdin?.write(message.body.endsWith('\n') ? message.body : `${message.body}\n`);

    let failure: string | undefined;
    let answer: Line | undefined;
    let late = false;
    if (message.expectAnswer) {
      const timed = message.fence ? { outcome: await this.answerOrFence(message.id ?? null, message.fence, message.timeoutMs, message.method) } : await this.answerInTime(message);
      const outcome = timed.outcome;
      late = timed.late === true;
      if (outcome === 'timeout') failure = missFailure('no response', message.timeoutMs, message.overtime, timed.stopped);
      else if (outcome === 'exit') failure = this.deathMessage();
      else if ('failure' in outcome) failure = outcome.failure;
      else answer = outcome;
    } else if (message.fence) {
      // A notification must get no reply: the fence's answer bounds the watch, plus a little slack.
      this.group.child.stdin?.write(`${message.fence.body}\n`);
      // The fence normally answers in milliseconds; on a loaded machine it may take longer, and an
      // answer arriving after the watch would be mistaken for a reply to the next notification.
      await this.waitForAnswer(message.fence.id, Math.max(message.quietMs ?? 300, message.timeoutMs));
      await this.quiet(FENCE_SLACK_MS);
    } else {
      await this.quiet(message.quietMs ?? 0);
    }
    const seen = [...sample.items];
    let dropped = sample.dropped;
    if (answer && !seen.includes(answer)) {
      seen.push(answer);
      dropped -= 1;
    }
    this.drops?.add('evidenceMessages', dropped);
    return {
      transport: 'stdio',
      request: { method: message.method, body: message.body },
      response:
        seen.length > 0 || answer
          ? {
              body: seen.map((line) => line.raw).join('\n') + (dropped > 0 ? `\n(${droppedNote(dropped, 'lines')})` : ''),
              messages: seen.flatMap((line) => (line.message ? [line.message] : [])),
              answer: answer?.message,
              garbage: seen.flatMap((line) => (line.problem ? [`${line.problem}: ${line.raw.slice(0, 200)}`] : [])),
            }
          : undefined,
      failure,
      ...(late && answer ? { observed: { answeredLate: { afterMs: answer.at - startedAt, timeoutMs: message.timeoutMs } } } : {}),
      startedAt,
      durationMs: Date.now() - startedAt,
    };
  }

  /**
   * The answer by the deadline or, with `message.overtime`, in the grace after it (see Overtime): the
   * wait stops early when `missed` says the server is stuck on this request, unless a line is being
   * received right then (the answer may be arriving).
   */
  private async answerInTime(message: OutgoingMessage): Promise<{ outcome: Awaited<ReturnType<StdioConnection['waitForAnswer']>>; late?: boolean; stopped?: string }> {
    const id = message.id ?? null;
    const outcome = await this.waitForAnswer(id, message.timeoutMs, message.method);
    const overtime = message.overtime;
    if (outcome !== 'timeout' || !overtime || !this.alive) return { outcome };
    let stop: ((failure: string) => void) | undefined;
    const late = this.waitForAnswer(id, overtime.graceMs, message.method, (cancel) => (stop = cancel));
    let stopped: string | undefined;
    void overtime.missed().then((reason) => {
      if (reason === undefined || this.pendingBytes > 0) return;
      stopped = reason;
      stop?.(reason);
    });
    const second = await late;
    if (stopped !== undefined && typeof second === 'object' && 'failure' in second && second.failure === stopped) return { outcome: 'timeout', stopped };
    return { outcome: second, late: typeof second === 'object' && 'raw' in second };
  }

  /**
   * Send a request and record every stdout line (responses, notifications, garbage) with its arrival
   * time until `collectMs` has passed, or `afterAnswerMs` after the answer. Other traffic of the
   * process is included: the caller attributes messages (by subscription id, progress token...).
   */
  async stream(message: OutgoingMessage, options: StreamOptions): Promise<StreamCapture> {
    const startedAt = Date.now();
    const received: TimedMessage[] = [];
    let droppedLines = 0;
    const request = { method: message.method, body: message.body };
    if (!this.alive) {
      return { exchange: { transport: 'stdio', request, failure: this.deathMessage(), startedAt, durationMs: 0 }, received, endedByServer: true };
    }
    if (this.flood.tripped) return { exchange: { transport: 'stdio', request, failure: this.flood.notSent(message.method), startedAt, durationMs: 0 }, received, endedByServer: false };
    let onMatch: (() => void) | undefined;
    const matched = new Promise<'match'>((resolve) => {
      onMatch = () => resolve('match');
    });
    const watcher = (line: Line) => {
      if (isFenceAnswer(line)) return;
      if (received.length < BUFFER_BOUNDS.streamEvents) received.push({ at: line.at, raw: line.raw, message: line.message });
      else droppedLines += 1;
      if (options.until && line.message && options.until(line.message)) onMatch?.();
    };
    this.watchers.add(watcher);
    let answer: Line | undefined;
    let failure: string | undefined;
    const deadline = startedAt + options.collectMs;
    const left = () => Math.max(0, deadline - Date.now());
    try {
      this.group.child.stdin?.write(message.body.endsWith('\n') ? message.body : `${message.body}\n`);
      if (message.id === undefined) {
        await Promise.race([this.quiet(options.collectMs), matched]);
      } else {
        const answered = this.waitForAnswer(message.id, options.collectMs, message.method);
        let settled: Awaited<typeof answered> | undefined;
        void answered.then((outcome) => {
          settled = outcome;
        });
        const first = await Promise.race([answered, matched]);
        if (first === 'match') {
          // The server showed it is serving this request: watch a little longer, then fence.
          await Promise.race([this.quiet(Math.min(options.afterMatchMs ?? 0, left())), answered]);
          if (settled === undefined) await this.fenced(options.fence, message.timeoutMs);
          await Promise.resolve();
          if (settled === undefined) for (const waiter of this.waiters.filter((w) => sameId(w.id, message.id ?? null))) waiter.fail('still open');
          else if (typeof settled === 'object' && 'raw' in settled) answer = settled;
        } else if (first === 'exit') failure = this.deathMessage();
        else if (first !== 'timeout' && 'failure' in first) failure = first.failure;
        else if (first !== 'timeout') answer = first;
        if (answer && first !== 'match') {
          await this.quiet(Math.min(options.afterAnswerMs ?? 0, left()));
          await this.fenced(options.fence, message.timeoutMs);
        }
      }
    } finally {
      this.watchers.delete(watcher);
    }
    const lines = [...received];
    const sample = lines.slice(0, BUFFER_BOUNDS.exchangeMessages);
    const notKept = lines.length - sample.length + droppedLines;
    this.drops?.add('streamEvents', droppedLines);
    return {
      exchange: {
        transport: 'stdio',
        request,
        response:
          lines.length > 0
            ? {
                body: sample.map((line) => line.raw).join('\n') + (notKept > 0 ? `\n(${droppedNote(notKept, 'lines')})` : ''),
                messages: lines.flatMap((line) => (line.message ? [line.message] : [])),
                answer: answer?.message,
                garbage: lines.flatMap((line) => (line.message ? [] : [`not a JSON-RPC message: ${line.raw.slice(0, 200)}`])),
              }
            : undefined,
        failure,
        startedAt,
        durationMs: Date.now() - startedAt,
      },
      received: lines,
      endedByServer: !this.alive,
    };
  }

  /**
   * Wait until the server has shown it is up: it answered one of `probes` (harmless requests with
   * fence ids, never counted as evidence) or anything else. Start-up has its own budget, apart from
   * the per-request deadline; undefined when ready, else why the server did not start.
   */
  async awaitReady(probes: Array<{ id: string; body: string }>, startupTimeoutMs: number, budgetMs = startupTimeoutMs): Promise<string | undefined> {
    if (this.readyAt !== undefined) return undefined;
    if (!this.alive) return this.startFailure();
    // A flooding server is up (it talks); what it is asked then fails at once, saying why (flood.ts).
    if (this.flood.tripped) return undefined;
    for (const probe of probes) this.group.child.stdin?.write(`${probe.body}\n`);
    const outcome = await new Promise<'ready' | 'exit' | 'timeout' | 'flood'>((resolve) => {
      const finish = (value: 'ready' | 'exit' | 'timeout' | 'flood') => {
        clearTimeout(timer);
        this.readyListeners = this.readyListeners.filter((listener) => listener !== onReady);
        this.exitListeners = this.exitListeners.filter((listener) => listener !== onExit);
        this.floodListeners = this.floodListeners.filter((listener) => listener !== onFlood);
        resolve(value);
      };
      const onReady = () => finish('ready');
      const onExit = () => setTimeout(() => finish(this.readyAt === undefined ? 'exit' : 'ready'), 20);
      const onFlood = () => finish('flood');
      const timer = setTimeout(() => finish('timeout'), startupTimeoutMs);
      this.readyListeners.push(onReady);
      this.exitListeners.push(onExit);
      this.floodListeners.push(onFlood);
    });
    if (outcome === 'ready' || outcome === 'flood') return undefined;
    if (outcome === 'exit') return this.startFailure();
    return didNotStart(`no answer to anything within the start-up budget of ${budgetMs} ms`, this.group.stderrTail(8000));
  }

  /** Close stdin and give the server `exitGraceMs` to exit on its own (STDIO-05), then kill the group. */
  async close(): Promise<CloseInfo> {
    this.closing = true;
    this.group.child.stdin?.end();
    const exitedPromptly = await this.group.waitForExit(this.exitGraceMs);
    await this.group.kill(500);
    const exit = this.group.exit;
    return { exitedPromptly, exitCode: exit?.code ?? null, signal: exit?.signal ?? null };
  }

  /** Kill without the polite stdin close (for a server already judged hung). */
  async kill(): Promise<void> {
    await this.group.kill(500);
  }

  private startFailure(): string {
    const exit = this.group.exit;
    const how = exit?.signal ? `killed by ${exit.signal}` : `exit code ${exit?.code ?? 'unknown'}`;
    return didNotStart(`the process ended before answering anything, ${how}`, this.group.stderrTail(8000));
  }

  private deathMessage(): string {
    const exit = this.group.exit;
    const how = exit?.signal ? `was killed by ${exit.signal}` : `exited with code ${exit?.code ?? 'unknown'}`;
    const tail = this.group.stderrTail(600).trim();
    return `server process ${how}${tail ? `; stderr ends with: ${tail}` : ''}`;
  }

  private waitForAnswer(
    id: string | number | null,
    timeoutMs: number,
    method = 'a request',
    cancellable?: (cancel: (failure: string) => void) => void,
  ): Promise<Line | 'timeout' | 'exit' | { failure: string }> {
    const already = this.lines.find(
      (line) => !this.claimed.has(line) && line.message && (isResponse(line.message) || isIdlessError(line.message)) && sameId(line.message.id ?? null, id),
    );
    if (already) {
      this.claimed.add(already);
      return Promise.resolve(already);
    }
    if (this.flood.tripped) return Promise.resolve({ failure: this.flood.tripped });
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish('timeout'), timeoutMs);
      const onExit = () => setTimeout(() => finish('exit'), 20); // let the last stdout bytes arrive
      const waiter: Waiter = { id, method, fromBytes: this.unsolicitedBytes, fromMessages: this.unsolicitedMessages, resolve: (line) => finish(line), fail: (failure) => finish({ failure }) };
      const finish = (outcome: Line | 'timeout' | 'exit' | { failure: string }) => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== waiter);
        this.exitListeners = this.exitListeners.filter((l) => l !== onExit);
        resolve(outcome);
      };
      this.waiters.push(waiter);
      this.exitListeners.push(onExit);
      cancellable?.((failure) => finish({ failure }));
    });
  }

  /**
   * For input that may get no answer at all (a line that is not JSON): a fence request goes right
   * behind it, and once the fence is answered (plus slack) the wait is over, instead of a deadline.
   */
  private async answerOrFence(id: string | number | null, fence: { id: string; body: string }, timeoutMs: number, method?: string): Promise<Line | 'timeout' | 'exit' | { failure: string }> {
    this.group.child.stdin?.write(`${fence.body}\n`);
    const answered = this.waitForAnswer(id, timeoutMs, method);
    const fenced = this.waitForAnswer(fence.id, timeoutMs).then(async (outcome) => {
      await this.quiet(FENCE_SLACK_MS);
      return outcome;
    });
    const first = await Promise.race([answered.then((outcome) => ({ outcome, fence: false })), fenced.then((outcome) => ({ outcome, fence: true }))]);
    if (!first.fence) return first.outcome;
    const late = this.lines.find((line) => !this.claimed.has(line) && line.message && (isResponse(line.message) || isIdlessError(line.message)) && sameId(line.message.id ?? null, id));
    if (late) {
      this.claimed.add(late);
      return late;
    }
    // Stop the pending wait so it does not claim a line later.
    for (const waiter of this.waiters.filter((w) => sameId(w.id, id))) waiter.fail('superseded by the fence');
    return first.outcome === 'exit' ? 'exit' : { failure: 'no response (the server answered the request sent after it, and nothing for this one)' };
  }

  /** Send the fence and wait for its answer (plus slack): what the server wrote before it is in. */
  private async fenced(fence: { id: string; body: string } | undefined, timeoutMs: number): Promise<void> {
    if (!fence || !this.alive) return;
    this.group.child.stdin?.write(`${fence.body}\n`);
    await this.waitForAnswer(fence.id, timeoutMs);
    await this.quiet(FENCE_SLACK_MS);
  }

  private quiet(ms: number): Promise<void> {
    return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
  }

  private onData(chunk: Buffer): void {
    // Once the server flooded, nothing more is waited for: its output is no longer read line by line.
    if (this.flood.tripped) return;
    let start = 0;
    for (let index = chunk.indexOf(0x0a); index !== -1; index = chunk.indexOf(0x0a, start)) {
      this.append(chunk.subarray(start, index));
      this.endLine();
      start = index + 1;
    }
    if (start < chunk.length) this.append(chunk.subarray(start));
  }

  private append(part: Buffer): void {
    if (this.dropping) return;
    if (this.pendingBytes + part.length > this.maxLine) {
      this.dropping = true;
      this.pending.finish(0);
      this.pendingHead = undefined;
      return;
    }
    this.pendingHead ??= part.subarray(0, 500);
    this.pending.append(part);
    this.pendingBytes += part.length;
  }

  private endLine(): void {
    this.pendingBytes = 0;
    if (this.dropping) {
      this.dropping = false;
      this.record({ at: Date.now(), raw: `(a stdout line longer than ${this.maxLine} bytes, dropped)`, problem: 'oversized line' });
      // The dropped line was most likely an answer: fail what is waiting now rather than at its deadline.
      for (const waiter of [...this.waiters]) waiter.fail(`the server wrote a stdout line longer than ${this.maxLine} bytes; it was dropped unread`);
      return;
    }
    const head = this.pendingHead;
    this.pendingHead = undefined;
    this.takeText(this.pending.finish(), head);
  }

  /** A line's text, or undefined when its bytes (of which `head` is the start) are not UTF-8. */
  private takeText(text: string | undefined, head: Buffer | undefined): void {
    const at = Date.now();
    if (text === undefined) {
      this.record({ at, raw: head ? head.toString('latin1', 0, 500) : '', problem: 'not UTF-8' });
      return;
    }
    const raw = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (raw.trim() === '') return;
    const message = parseJsonMessage(raw);
    if (message) return this.record({ at, raw: this.keptText(raw), size: raw.length, message });
    const deep = tooDeepId(raw);
    if (!deep) return this.record({ at, raw: this.keptText(raw), size: raw.length, problem: 'not a JSON-RPC message' });
    const problem = `JSON nested deeper than ${MAX_JSON_DEPTH} levels, not processed`;
    this.record({ at, raw: detach(raw.slice(0, 500)), problem });
    // Most likely an answer: fail its waiter now, with the reason, rather than at its deadline.
    for (const waiter of this.waiters.filter((w) => deep.id !== undefined && sameId(w.id, deep.id))) waiter.fail(`the server's answer is ${problem}`);
  }

  /** A line's text as kept: past BUFFER_BOUNDS.lineTextChars only its head, so a 15 MB line is not held twice. */
  private keptText(raw: string): string {
    if (raw.length <= BUFFER_BOUNDS.lineTextChars) return raw;
    const kept = capString(raw, BUFFER_BOUNDS.lineTextChars);
    this.drops?.add('bodyBytes', Buffer.byteLength(raw) - Buffer.byteLength(kept));
    return kept;
  }

  /** Drops the older half of the held lines (by count, or by bytes when a few lines are huge). */
  private trimLines(): void {
    let cut = 0;
    let bytes = 0;
    while (cut < this.lines.length - 1 && (cut < this.lines.length / 2 || this.lineBytes - bytes > BUFFER_BOUNDS.retainedLineBytes)) {
      bytes += this.lines[cut].raw.length;
      cut += 1;
    }
    for (const line of this.lines.slice(0, cut)) this.claimed.delete(line);
    this.lines.splice(0, cut);
    this.lineBytes -= bytes;
  }

  /** Unsolicited records are kept up to the bound; the rest are counted, here and in the run's tally. */
  private keepStray(record: UnsolicitedRecord, size = record.raw.length): void {
    // The run closes its first process while other checks may still run (runner.ts): a finding must
    // not depend on which ends first, so lines after the close are neither kept nor charged.
    if (this.closing) return;
    if (!this.stray.push(record)) this.drops?.add('unsolicited', 1);
    this.chargeFlood(size);
  }

  /**
   * Charges unsolicited traffic to the run and to every request waiting now (see flood.ts): past a
   * request's bound, or the run's, the server is flooding and nothing of it is waited for any more.
   */
  private chargeFlood(size: number): void {
    this.unsolicitedBytes += size;
    this.unsolicitedMessages += 1;
    const runBound = this.flood.add(size);
    const flooded = this.waiters.find((waiter) => this.unsolicitedBytes - waiter.fromBytes > this.flood.perRequestBytes);
    if (flooded) this.flood.floodedRequest(flooded.method, this.unsolicitedBytes - flooded.fromBytes, this.unsolicitedMessages - flooded.fromMessages);
    else if (this.readyAt === undefined && this.unsolicitedBytes > this.flood.perRequestBytes) this.flood.floodedRequest('its first request', this.unsolicitedBytes, this.unsolicitedMessages);
    else if (!runBound) return;
    const why = this.flood.tripped!;
    for (const waiter of [...this.waiters]) waiter.fail(waiter === flooded ? why : `not answered: ${why}`);
    for (const listener of this.floodListeners.splice(0)) listener();
  }

  private record(line: Line): void {
    for (const watcher of this.watchers) watcher(line);
    const message = line.message;
    if (message && (isResponse(message) || isIdlessError(message))) {
      if (this.readyAt === undefined) {
        this.readyAt = line.at;
        for (const listener of this.readyListeners.splice(0)) listener();
      }
      this.lines.push(line);
      this.lineBytes += line.raw.length;
      if (this.lines.length > 10_000 || this.lineBytes > BUFFER_BOUNDS.retainedLineBytes) this.trimLines();
      const waiter = this.waiters.find((w) => sameId(w.id, message.id ?? null));
      if (waiter) {
        this.claimed.add(line);
        waiter.resolve(line);
        return;
      }
      if (!isFenceAnswer(line)) this.keepStray({ at: line.at, raw: line.raw, message, reason: 'response to no pending request' });
      return;
    }
    if (!message) {
      // A JSON-RPC error for unparseable input may carry id null; it is matched above. Everything else is a finding.
      this.keepStray({ at: line.at, raw: line.raw, reason: line.problem ?? 'unparseable' }, line.size);
      return;
    }
    const reason = message.method !== undefined && message.id !== undefined ? 'request from the server' : 'notification';
    this.keepStray({ at: line.at, raw: line.raw, message, reason }, line.size);
  }
}
