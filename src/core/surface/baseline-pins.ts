import { readFile } from 'node:fs/promises';
import { ConfigurationError } from '../errors.js';
import { parseBaseline } from '../gate/baseline.js';
import { withBaseline, type SurfaceBaseline } from './analyze.js';
import type { SurfaceSection } from './types.js';

/**
 * Where a run's surface meets the approved baseline: read the pins `baseline accept` stored and
 * add what changed. A baseline file that was asked for must exist; the default one may not.
 */

export interface PinnedBaseline {
  pins: SurfaceBaseline;
  label: string;
}

/** The baseline's surface pins, or undefined (no file at the default path, or a baseline without pins). */
export async function readSurfaceBaseline(file: string, explicit: boolean): Promise<PinnedBaseline | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (!explicit && (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigurationError(`cannot read the baseline: ${(error as Error).message}`, { file });
  }
  const baseline = parseBaseline(text, file);
  return baseline.surface ? { pins: baseline.surface, label: `${file}, accepted ${baseline.acceptedAt}` } : undefined;
}

export function applySurfaceBaseline(surface: SurfaceSection, pinned: PinnedBaseline | undefined): SurfaceSection {
  return pinned ? withBaseline(surface, pinned.pins, pinned.label) : surface;
}

export { parseSurfaceFailOn } from './fail-on.js';
