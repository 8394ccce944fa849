/**
 * The one way mcp-evals writes a file: through the run's redactor (no secret reaches a disk), to a
 * temporary file in the same folder that is then renamed over the target (a reader never sees
 * half a file), and never through a symbolic link (a link planted at `out/summary.md` must not
 * make us overwrite whatever it points at).
 */
import { randomBytes } from 'node:crypto';
import { lstat, readlink, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ConfigurationError } from '../errors.js';
import { redactRun } from '../mcp/redact.js';

/** Writes `text` (redacted) to `file` atomically; a symbolic link at `file` is a ConfigurationError (exit 2) that names it. */
export async function writeFileSafely(file: string, text: string): Promise<void> {
  await refuseSymlink(file);
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  try {
    // wx: the temporary name is new; if something raced us to it, fail rather than follow it.
    await writeFile(temp, redactRun(text), { encoding: 'utf8', flag: 'wx' });
    await refuseSymlink(file);
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
}

/** A ConfigurationError naming the link when `file` is a symbolic link; nothing otherwise (a missing file is fine). */
export async function refuseSymlink(file: string): Promise<void> {
  const stats = await lstat(file).catch(() => undefined);
  if (!stats?.isSymbolicLink()) return;
  const target = await readlink(file).catch(() => 'somewhere');
  throw new ConfigurationError(`refusing to write ${file}: it is a symbolic link (to ${target}), and mcp-evals never writes through one; remove the link or choose another output folder`);
}
