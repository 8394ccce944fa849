import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCliProcess } from '../helpers/cli-process.js';
import { REFERENCE_SERVER } from '../helpers/conformance.js';

/**
 * Issue 26 item 2: a stdio server whose grandchildren, in new sessions, sleep for ten minutes (one
 * holding the server's stdout and stderr open, one with closed stdio, one double-forked away from
 * the tree but holding stdout). Before, the CLI wrote its report and then waited for the grandchild
 * that held its pipe (121.6 s for a two-minute sleeper), and the others outlived the run. Now it
 * exits once the server has, and none of them is left running (Linux: /proc; see descendants.ts).
 */
const FIXTURE = fileURLToPath(new URL('../fixtures/servers/grandchildren.mjs', import.meta.url));

/** Running, as /proc says: a zombie waiting for its new parent to reap it has ended. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function stillRunning(pids: number[]): Promise<number[]> {
  // Signals are delivered asynchronously: give them a moment, not a race.
  for (let i = 0; i < 50 && pids.some(running); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return pids.filter(running);
}

describe.runIf(process.platform === 'linux')('a server that leaves grandchildren behind', () => {
  it('the CLI exits once its report is written and the server has exited, and no grandchild outlives the run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-evals-grandchildren-'));
    const pidFile = join(dir, 'pids');
    const command = ['node', FIXTURE, pidFile, '--', 'node', REFERENCE_SERVER].map((part) => JSON.stringify(part)).join(' ');
    const out = join(dir, 'out');
    // The sleepers last ten minutes: a CLI held by the one on its pipe would run into this deadline.
    const result = await runCliProcess(['conformance', '--command', command, '--only', 'tools-list-order-stable', '--out', out], { timeoutMs: 90_000 });
    const pids = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
    if (existsSync(`${pidFile}.daemon`)) pids.push(Number(readFileSync(`${pidFile}.daemon`, 'utf8')));
    const left = await stillRunning(pids);
    for (const pid of left) process.kill(pid, 'SIGKILL'); // not to leave them to the next test
    expect(result.timedOut, result.stderr.slice(-2000)).toBe(false);
    expect(result.code, `${result.stdout.slice(-1000)}\n${result.stderr.slice(-1000)}`).toBe(0);
    expect(existsSync(join(out, 'report.json'))).toBe(true);
    expect(pids).toHaveLength(3);
    expect(left, `grandchildren still running: ${left.join(', ')}`).toEqual([]);
  }, 120_000);
});
