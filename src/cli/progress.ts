import type { BehaviourProgress } from '../core/evals/behaviour.js';
import type { Output } from './output.js';

const BAR_WIDTH = 24;

/** A progress bar on a terminal; on CI logs, a plain line at each tenth of the work. */
export class Progress {
  private lastDecile = -1;

  constructor(private readonly out: Output) {}

  conformance(checkId: string, index: number, total: number): void {
    if (this.out.isTTY) this.out.progress(`conformance ${bar(index, total)} ${index}/${total} ${checkId}`);
  }

  behaviour(p: BehaviourProgress): void {
    const line = `runs ${p.done}/${p.total} · ${p.cached} cached · ${p.modelCalls} model calls · $${p.knownCostUsd.toFixed(4)}`;
    if (this.out.isTTY) {
      this.out.progress(`behaviour ${bar(p.done, p.total)} ${line}`);
      return;
    }
    const decile = p.total === 0 ? 10 : Math.floor((10 * p.done) / p.total);
    if (decile !== this.lastDecile) {
      this.lastDecile = decile;
      this.out.stderr(`behaviour ${decile * 10}%: ${line}`);
    }
  }

  done(): void {
    if (this.out.isTTY) this.out.progress('');
  }
}

function bar(done: number, total: number): string {
  const filled = total === 0 ? BAR_WIDTH : Math.round((BAR_WIDTH * done) / total);
  return `[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}]`;
}

/**
 * While a server starts: a ticking line on a terminal; on CI logs a line every 10 s, so a server that
 * takes its time (an npx download, a cold container) is never a silent wait. Nothing for a fast start.
 */
export class ServerWait {
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;

  constructor(
    private readonly out: Output,
    private readonly budgetMs: number,
    private readonly logEveryS = 10,
  ) {}

  start(): void {
    if (this.timer) return;
    this.startedAt = Date.now();
    this.timer = setInterval(() => this.tick(), 1000);
    this.timer.unref();
  }

  stop(): void {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.out.isTTY) this.out.progress('');
  }

  private tick(): void {
    const seconds = Math.round((Date.now() - this.startedAt) / 1000);
    const line = `waiting for the server to answer: ${seconds} s of its ${Math.round(this.budgetMs / 1000)} s start-up budget (--startup-timeout)`;
    if (this.out.isTTY) this.out.progress(line);
    else if (seconds > 0 && seconds % this.logEveryS === 0) this.out.stderr(`mcp-evals: ${line}`);
  }
}
