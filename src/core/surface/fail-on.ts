import { ConfigurationError } from '../errors.js';
import type { SurfaceFailOn } from './types.js';

// The surface-fail-on setting, apart from the analysis: the action reads its inputs before it loads
// analyze.ts (after the first request at the server).

export const SURFACE_FAIL_ON: readonly SurfaceFailOn[] = ['changed', 'warning', 'error', 'never'];
export const DEFAULT_SURFACE_FAIL_ON: SurfaceFailOn = 'never';

/** `--surface-fail-on` / the action input, checked. */
export function parseSurfaceFailOn(value: string | undefined, name: string): SurfaceFailOn {
  if (value === undefined || value.trim() === '') return 'never';
  const lower = value.trim().toLowerCase();
  if (!(SURFACE_FAIL_ON as readonly string[]).includes(lower)) throw new ConfigurationError(`${name} takes changed, warning, error or never, got "${value}"`);
  return lower as SurfaceFailOn;
}

/** What the gate says when findings fail it: `changed` is relative to the baseline, not a level. */
export function failOnMessage(count: number, failOn: SurfaceFailOn, name: string): string {
  return failOn === 'changed' ? `${count} surface finding(s) new or changed since the baseline (${name} changed)` : `${count} surface finding(s) at or above ${name} ${failOn}`;
}
