/**
 * Counts what the poisoning rules flag on a labelled corpus of tool definitions (each tool
 * analysed as a server of its own, as bench/surface.mjs --corpus does): counts only, never which
 * sample, so that a held-out corpus can be measured without its items being read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeSurface } from '../../src/core/surface/analyze.js';
import { POISONING_FINDINGS } from '../../src/core/surface/catalog.js';
import { classify, definitionText, poisoningModel } from '../../src/core/surface/classifier.js';
import { lexiconSurface } from './lexicons.js';

export interface CorpusCounts {
  poisoned: number;
  poisonedFlagged: number;
  clean: number;
  cleanFlagged: number;
}

function samplesOf(path: string): Array<{ label: string; tool: Record<string, unknown> }> {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  return (Array.isArray(parsed) ? parsed : ((parsed as { samples?: unknown[]; tools?: unknown[] }).samples ?? (parsed as { tools: unknown[] }).tools)) as Array<{ label: string; tool: Record<string, unknown> }>;
}

/** What the surface analysis flags (the lexicons, weighed by the classifier). */
export async function measureCorpus(path: string): Promise<CorpusCounts> {
  return tally(path, async (tool) => (await analyzeSurface({ tools: [tool], prompts: [], resources: [], resourceTemplates: [], problems: [] })).findings.some((item) => POISONING_FINDINGS.has(item.id) && item.level !== 'note'));
}

/** What the lexicons alone flag, before the classifier weighs them: the figure of earlier rounds. */
export async function measureLexiconsAlone(path: string): Promise<CorpusCounts> {
  return tally(path, async (tool) => lexiconSurface({ tools: [tool], prompts: [], resources: [], resourceTemplates: [], problems: [] }).findings.some((item) => item.level !== 'note'));
}

/** What the classifier alone would flag above `threshold` (it never flags alone as shipped: suspicion.ts), for the record. */
export async function measureClassifierAlone(path: string, threshold: number): Promise<CorpusCounts> {
  const { model } = poisoningModel();
  return tally(path, async (tool) => classify(model!, definitionText(tool)).probability > threshold);
}

async function tally(path: string, flags: (tool: Record<string, unknown>) => Promise<boolean>): Promise<CorpusCounts> {
  const counts: CorpusCounts = { poisoned: 0, poisonedFlagged: 0, clean: 0, cleanFlagged: 0 };
  for (const sample of samplesOf(path)) {
    const hit = await flags(sample.tool);
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
