/**
 * Counts what the poisoning rules flag on a labelled corpus of tool definitions (each tool
 * analysed as a server of its own, as bench/surface.mjs --corpus does): counts only, never which
 * sample, so that a held-out corpus can be measured without its items being read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeSurface } from '../../src/core/surface/analyze.js';

/** Finding ids that say "poisoned": the poisoning class, warnings and errors (not smells, not pins, not notes). */
const POISONING = new Set(['hidden-characters', 'model-instruction', 'secret-reference', 'exfiltration-url', 'tool-shadowing', 'hidden-parameter', 'data-request']);

export interface CorpusCounts {
  poisoned: number;
  poisonedFlagged: number;
  clean: number;
  cleanFlagged: number;
}

export async function measureCorpus(path: string): Promise<CorpusCounts> {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  const samples = (Array.isArray(parsed) ? parsed : ((parsed as { samples?: unknown[]; tools?: unknown[] }).samples ?? (parsed as { tools: unknown[] }).tools)) as Array<{ label: string; tool: Record<string, unknown> }>;
  const counts: CorpusCounts = { poisoned: 0, poisonedFlagged: 0, clean: 0, cleanFlagged: 0 };
  for (const sample of samples) {
    const surface = await analyzeSurface({ tools: [sample.tool], prompts: [], resources: [], resourceTemplates: [], problems: [] });
    const hit = surface.findings.some((item) => POISONING.has(item.id) && item.level !== 'note');
    if (sample.label === 'poisoned') {
      counts.poisoned += 1;
      if (hit) counts.poisonedFlagged += 1;
    } else {
      counts.clean += 1;
      if (hit) counts.cleanFlagged += 1;
    }
  }
  return counts;
}

export const corpusPath = (name: string) => join(import.meta.dirname, '..', 'fixtures', 'corpora', name);
