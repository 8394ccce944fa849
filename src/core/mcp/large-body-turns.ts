/**
 * Turns for reading HTTP bodies of a megabyte or more: at most LARGE_BODIES_AT_ONCE in the whole
 * process. Until it is collected a body costs about three times its size (decoded parts, the text,
 * what parsing makes of it), and a conformance run reads up to eight answers at once: a server
 * that answers each with 15 MB held them all together, and the peak RSS passed 300 MB when they
 * finished at once. Small bodies never wait, and neither do the first bytes of a large one.
 */
export const LARGE_BODY_BYTES = 1024 * 1024;
export const LARGE_BODIES_AT_ONCE = 2;

let reading = 0;
const waiting: Array<() => void> = [];

/** Resolves when a large body may be read on; call the returned function once it has been parsed. */
export async function largeBodyTurn(): Promise<() => void> {
  if (reading < LARGE_BODIES_AT_ONCE) reading += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // handed the turn of one that ended
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    const next = waiting.shift();
    if (next) next();
    else reading -= 1;
  };
}
