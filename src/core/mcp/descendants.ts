/**
 * Every process a server started, so that none outlives the run. A process group (ProcessGroup)
 * reaches what stays in it, but a grandchild that calls setsid() (a daemon, `setsid cmd &`, a
 * detached Node child) leaves it, and kill(-pid) no longer reaches it. On Linux the tree is read
 * from /proc while the server runs (a descendant is remembered with its start time, so a reused
 * pid is never signalled), and at the end the processes whose environment carries the marker the
 * server was started with are found too (a double fork escapes the tree, not its environment; the
 * way Jenkins finds a build's processes). Elsewhere (macOS, Windows) there is no /proc: the process
 * group is all there is.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** A process as /proc names it: the pid and its start time (clock ticks since boot), which a reused pid does not share. */
export interface ProcessStamp {
  pid: number;
  start: string;
}

interface ProcessStat {
  ppid: number;
  pgid: number;
  start: string;
}

export const HAS_PROC = process.platform === 'linux' && readable('/proc/self/stat');

function readable(path: string): boolean {
  try {
    readFileSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Fields 4 (ppid), 5 (pgrp) and 22 (starttime) of /proc/PID/stat; the command name (field 2) may hold spaces and parentheses, so fields are counted after its last `)`. */
function statOf(pid: number): ProcessStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ppid = Number(fields[1]);
  const pgid = Number(fields[2]);
  const start = fields[19];
  if (!Number.isInteger(ppid) || start === undefined) return undefined;
  return { ppid, pgid, start };
}

function allPids(): number[] {
  try {
    return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return [];
  }
}

/** The descendants of `root` now (children, theirs, and so on), whatever their session or group. */
export function descendantsOf(root: number): ProcessStamp[] {
  if (!HAS_PROC) return [];
  const children = new Map<number, Array<{ pid: number; start: string }>>();
  for (const pid of allPids()) {
    const stat = statOf(pid);
    if (!stat) continue;
    const list = children.get(stat.ppid) ?? [];
    list.push({ pid, start: stat.start });
    children.set(stat.ppid, list);
  }
  const found: ProcessStamp[] = [];
  const queue = [root];
  const seen = new Set<number>(queue);
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

/**
 * Processes other than ours whose environment carries `marker` (`NAME=value`), as every process a
 * server starts inherits it unless it clears its environment: a double fork leaves the tree (its
 * parent exits, init adopts it) but not the environment. Only our user's processes can be read.
 */
export function carrying(marker: string): ProcessStamp[] {
  if (!HAS_PROC) return [];
  const needle = Buffer.from(`\0${marker}\0`);
  const first = Buffer.from(`${marker}\0`);
  const found: ProcessStamp[] = [];
  for (const pid of allPids()) {
    if (pid === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${pid}/environ`);
    } catch {
      continue;
    }
    if (!(environ.includes(needle) || environ.subarray(0, first.length).equals(first))) continue;
    const stat = statOf(pid);
    if (stat) found.push({ pid, start: stat.start });
  }
  return found;
}

/** Whether the process is still the one we saw (same pid, same start time). */
export function isSame(stamp: ProcessStamp): boolean {
  return statOf(stamp.pid)?.start === stamp.start;
}

/** Signals a remembered process, and its own process group when it leads one (what it started in its new session). */
export function signalStamp(stamp: ProcessStamp, signal: NodeJS.Signals): void {
  const stat = statOf(stamp.pid);
  if (stat?.start !== stamp.start) return; // gone, or the pid now names another process
  try {
    if (stat.pgid === stamp.pid) process.kill(-stamp.pid, signal);
  } catch {
    // the group is gone
  }
  try {
    process.kill(stamp.pid, signal);
  } catch {
    // gone since
  }
}
