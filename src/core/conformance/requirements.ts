import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemasDir } from '../paths.js';

/** One row of the 2026-07-28 server requirements checklist (vendored as JSON). */
export interface RequirementRow {
  id: string;
  level: string;
  area: string;
  transport: 'http' | 'stdio' | null;
  assertions: number[];
  test: string;
}

let rows: RequirementRow[] | undefined;

export function requirementRows(): RequirementRow[] {
  rows ??= (JSON.parse(readFileSync(join(schemasDir(), 'requirements-2026-07-28.json'), 'utf8')) as { rows: RequirementRow[] }).rows;
  return rows;
}
