import { main } from '../../src/cli/main.js';
import type { Output } from '../../src/cli/output.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with captured output (no TTY, no colour). */
export async function runCli(argv: string[]): Promise<CliResult> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const output: Output = {
    stdout: (text) => stdout.push(text),
    stderr: (text) => stderr.push(text),
    progress: () => undefined,
    isTTY: false,
    color: false,
  };
  const code = await main(argv, output);
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}
