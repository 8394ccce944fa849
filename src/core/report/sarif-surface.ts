import { ruleOf } from '../surface/catalog.js';
import type { SurfaceSection } from '../surface/types.js';
import { stripXmlIllegal, truncate } from './escape.js';

/**
 * Surface findings as SARIF rules and results (ids `surface/<finding id>`), so they show in code
 * scanning beside the conformance checks; the definition is a logical location (`tool:name` + pointer).
 */

const MESSAGE_CHARS = 4000;

export function surfaceSarif(surface: SurfaceSection, firstIndex: number, uri: string | undefined): { rules: object[]; results: object[] } {
  const index = new Map<string, number>();
  const rules: object[] = [];
  const results: object[] = [];
  for (const item of surface.findings) {
    const ruleId = `surface/${item.id}`;
    if (!index.has(ruleId)) {
      index.set(ruleId, firstIndex + rules.length);
      const rule = ruleOf(item.id);
      const tags = ['surface', ...(item.classes ? [`MCPSecBench-${item.classes.mcpSecBench}`, ...item.classes.owasp] : []), ...(rule?.requirement ? [rule.requirement] : [])];
      rules.push({
        id: ruleId,
        name: ruleId.split(/[^A-Za-z0-9]+/).filter(Boolean).map((part) => part[0].toUpperCase() + part.slice(1)).join(''),
        shortDescription: { text: rule?.title ?? item.id },
        fullDescription: { text: `${rule?.title ?? item.id}. Fix: ${rule?.fix ?? item.fix}` },
        defaultConfiguration: { level: item.level },
        properties: { tags },
      });
    }
    results.push({
      ruleId,
      ruleIndex: index.get(ruleId),
      level: item.level,
      message: { text: clean(truncate(`${item.message}${item.evidence ? ` (evidence: ${item.evidence})` : ''}. Fix: ${item.fix}`, MESSAGE_CHARS)) },
      locations: [
        {
          ...(uri ? { physicalLocation: { artifactLocation: { uri }, region: { startLine: 1 } } } : {}),
          logicalLocations: [{ fullyQualifiedName: `${item.kind}:${item.name}${item.pointer}`, kind: 'member' }],
        },
      ],
      partialFingerprints: { surfaceFinding: `${item.id}:${item.kind}:${item.name}:${item.pointer}` },
      properties: { kind: item.kind, name: item.name, pointer: item.pointer, ...(item.classes ? { classes: item.classes } : {}) },
    });
  }
  return { rules, results };
}

function clean(text: string): string {
  return stripXmlIllegal(text).trim();
}
