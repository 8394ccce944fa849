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
