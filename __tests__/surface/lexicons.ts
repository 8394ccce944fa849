import { findPoisoning } from '../../src/core/surface/poisoning.js';
import { toolName } from '../../src/core/surface/smells.js';
import type { SurfaceDefinitions, SurfaceSection } from '../../src/core/surface/types.js';

/**
 * The lexicons' poisoning verdict alone, as the surface analysis computes it before the classifier
 * weighs it (suspicion.ts): what the principle tests hold each lexicon rule to. The whole verdict is
 * measured on the corpora and probes (poisoning-harness.ts) and in classifier.test.ts.
 */
export function lexiconSurface(definitions: SurfaceDefinitions): Pick<SurfaceSection, 'findings'> {
  const named = definitions.tools.map((value, index) => ({ kind: 'tool' as const, name: toolName(value, index), value }));
  return { findings: findPoisoning(named, definitions.tools.map(toolName)) };
}
