import { redactRun } from '../core/mcp/redact.js';
import { inertLines } from '../core/report/inert.js';

/** Where the CLI writes: the console in real use, buffers in tests. */
export interface Output {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Progress that overwrites itself; only called when `isTTY`. */
  progress(text: string): void;
  readonly isTTY: boolean;
  readonly color: boolean;
}

export function consoleOutput(): Output {
  const isTTY = process.stderr.isTTY === true;
  const color = process.stdout.isTTY === true && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
  return {
    stdout: (text) => process.stdout.write(`${text}\n`),
    stderr: (text) => process.stderr.write(`${text}\n`),
    progress: (text) => process.stderr.write(`\r\x1b[2K${text}`),
    isTTY,
    color,
  };
}

/**
 * The net under every line the CLI prints: the run's secrets removed (in every encoding), and
 * nothing a terminal or a runner would act on (see core/report/inert); our own colours kept.
 */
export function guarded(out: Output): Output {
  const clean = (text: string) => inertLines(redactRun(text), { keepColor: out.color });
  return {
    stdout: (text) => out.stdout(clean(text)),
    stderr: (text) => out.stderr(clean(text)),
    progress: (text) => out.progress(clean(text)),
    isTTY: out.isTTY,
    color: out.color,
  };
}
