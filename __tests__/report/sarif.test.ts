import { describe, expect, it } from 'vitest';
import { renderSarif } from '../../src/core/report/sarif.js';
import { makeCheck, makeReport } from './fixture.js';

interface Sarif {
  $schema: string;
  version: string;
  runs: Array<{
    tool: { driver: { name: string; version: string; informationUri: string; rules: Array<{ id: string; shortDescription: { text: string }; defaultConfiguration: { level: string }; properties: { tags: string[] } }> } };
    results: Array<{ ruleId: string; ruleIndex: number; level: string; message: { text: string }; locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }> }>;
  }>;
}

describe('renderSarif', () => {
  const sarif = JSON.parse(renderSarif(makeReport(), {})) as Sarif;
  const run = sarif.runs[0];

  it('is SARIF 2.1.0 from mcp-evals', () => {
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(sarif.runs).toHaveLength(1);
    expect(run.tool.driver.name).toBe('mcp-evals');
    expect(run.tool.driver.version).toBe('0.1.0');
    expect(run.tool.driver.informationUri).toMatch(/^https:\/\//);
  });

  it('has one rule per check id, with title, requirement tags and a level from MUST/SHOULD/MAY', () => {
    const ids = run.tool.driver.rules.map((rule) => rule.id);
    expect(ids).toEqual(makeReport().conformance!.checks.map((check) => check.id));
    const byId = new Map(run.tool.driver.rules.map((rule) => [rule.id, rule]));
    expect(byId.get('discover-supported-versions')!.shortDescription.text).toBe('Title of discover-supported-versions');
    expect(byId.get('discover-supported-versions')!.properties.tags).toEqual(['DISC-02', 'VER-01']);
    expect(byId.get('discover-supported-versions')!.defaultConfiguration.level).toBe('error');
    expect(byId.get('list-ttl')!.defaultConfiguration.level).toBe('warning');
    expect(byId.get('logging-levels')!.defaultConfiguration.level).toBe('note');
  });

  it('has results only for failures (error) and warnings (warning), pointing at no file when no config file is given (issue 24: not a mcp-evals.yml that does not exist)', () => {
    expect(run.results.map((r) => [r.ruleId, r.level])).toEqual([
      ['tools-list-order', 'error'],
      ['list-ttl', 'warning'],
      ['tool-schema-ref', 'error'],
      ['logging-levels', 'warning'],
    ]);
    for (const result of run.results) {
      expect(run.tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);
      expect(result.locations[0].physicalLocation).toBeUndefined();
      expect(result.locations[0].logicalLocations[0].fullyQualifiedName).toBe(result.ruleId);
      expect(result.message.text.length).toBeGreaterThan(0);
    }
    expect(run.results[0].message.text).toContain('<script>');
    expect(run.results[0].message.text).not.toContain('\u0001');
  });

  it('uses the given config path as the location', () => {
    const custom = JSON.parse(renderSarif(makeReport(), { configPath: './ci/my evals.yml' })) as Sarif;
    expect(custom.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('ci/my%20evals.yml');
  });

  it('keeps one rule when a check id repeats, and marks expected failures as notes', () => {
    const report = makeReport([makeCheck('a', 'fail', { expected: 'expected-failure' }), makeCheck('b', 'pass')]);
    const out = JSON.parse(renderSarif(report, {})) as Sarif;
    expect(out.runs[0].results).toHaveLength(1);
    expect(out.runs[0].results[0].level).toBe('note');
    expect(out.runs[0].results[0].message.text).toMatch(/^expected failure: /);
  });
});
