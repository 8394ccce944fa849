import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection soon after a server's huge texts have been read. Each 15 MB answer
 * leaves dead copies (its text, its parsed strings) that V8 counts as a handful of objects, and it
 * lets dozens pile up before its next full collection: the hostile fixtures' peak RSS went past
 * 300 MB on dead copies alone. Collecting once per RECLAIM_AFTER_BYTES of long texts keeps the
 * peak near what is live. Only servers that send texts of megabytes pay for it: against the 15 MB
 * name fixture, twelve collections of ~35 ms in an 11 s run.
 */
export const RECLAIM_AFTER_BYTES = 8 * 1024 * 1024;

let owed = 0;
let scheduled = false;
let collect: (() => void) | undefined;

/** Counts a long text just decoded; once enough have been, collects after the current turn (when its copies are dead). */
export function reclaimAfter(bytes: number): void {
  owed += bytes;
  if (owed < RECLAIM_AFTER_BYTES || scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    owed = 0;
    collector()();
  });
}

/** V8's own `gc`, obtained without starting Node with --expose-gc: the flag applies to contexts made after it is set. */
function collector(): () => void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  return collect;
}
