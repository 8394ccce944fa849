import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runSurface } from '../../src/core/surface/run.js';
import type { SurfaceSection } from '../../src/core/surface/types.js';

const SURFACE_SERVER = fileURLToPath(new URL('../fixtures/servers/surface-server.mjs', import.meta.url));

async function surfaceOf(args: string): Promise<SurfaceSection> {
  const run = await runSurface({ kind: 'stdio', command: `node ${JSON.stringify(SURFACE_SERVER)} ${args}` }, { timeoutMs: 10_000 });
  expect(run.problem).toBeUndefined();
  return run.surface!;
}

/** `level id kind:name pointer`, one per finding, in report order. */
function rows(surface: SurfaceSection): string[] {
  return surface.findings.map((item) => `${item.level} ${item.id} ${item.kind}:${item.name} ${item.pointer}`);
}

describe('surface analysis of the fixture servers (stdio, real processes)', () => {
  it('finds nothing at all on a clean, well-described server, in either era', async () => {
    for (const era of ['2026-07-28', '2025-11-25']) {
      const surface = await surfaceOf(`--profile=clean --era=${era}`);
      expect(rows(surface)).toEqual([]);
      expect(surface.score).toBe(100);
      expect(surface.summary).toEqual({ error: 0, warning: 0, note: 0 });
      expect(surface.counts.tools).toBe(3);
      // The cross-reference "use get_current_weather instead" is honest guidance, not shadowing.
      expect(surface.tools.find((tool) => tool.name === 'get_forecast')!.components.usage).toEqual({ present: true, evidence: '"Use this when"' });
    }
  });

  it('finds each description smell of the smelly server, with its evidence', async () => {
    const surface = await surfaceOf('--profile=smelly');
    expect(rows(surface)).toEqual([
      'error name-duplicate tool:dup /name',
      'warning description-missing tool:lookup /description',
      'warning param-undescribed tool:lookup /inputSchema/properties/id',
      'warning name-invalid tool:get weather! /name',
      'note required-no-format tool:lookup /inputSchema/properties/id',
      'note required-no-format tool:fetch_user /inputSchema/properties/user_id',
      'note missing-purpose tool:fetch_user /description',
      'note missing-usage tool:fetch_user /description',
      'note missing-returns tool:fetch_user /description',
      'note missing-limits tool:fetch_user /description',
      'note missing-errors tool:fetch_user /description',
      'note missing-usage tool:get weather! /description',
      'note missing-limits tool:get weather! /description',
      'note missing-errors tool:get weather! /description',
      'note missing-usage tool:dup /description',
      'note missing-usage tool:dup /description',
      'note enum-unexplained tool:set_mode /inputSchema/properties/mode/enum',
      'note missing-purpose tool:set_mode /description',
      'note missing-usage tool:set_mode /description',
      'note missing-returns tool:set_mode /description',
      'note missing-limits tool:set_mode /description',
      'note missing-errors tool:set_mode /description',
      'note description-repeats-schema tool:set_mode /description',
    ]);
    const byId = (id: string, name?: string) => surface.findings.find((item) => item.id === id && (name === undefined || item.name === name))!;
    expect(byId('name-invalid').evidence).toBe('characters outside [A-Za-z0-9_.-]: " " "!"');
    expect(byId('name-duplicate').evidence).toBe('tools/list items 3, 4');
    expect(byId('missing-purpose', 'fetch_user').evidence).toBe('no action verb in the first sentence');
    expect(byId('enum-unexplained').evidence).toBe('a1, b2, c3');
    expect(byId('description-repeats-schema').evidence).toBe('every word (set, mode) is in the name, a parameter name or a type');
    expect(surface.topGains.map((tool) => [tool.name, tool.score])).toEqual([['lookup', 0], ['set_mode', 17], ['fetch_user', 17]]);
    expect(surface.tools.find((tool) => tool.name === 'get weather!')!.components.purpose).toEqual({ present: true, evidence: 'first sentence has the verb "gets"' });
  });

  it('finds every poisoning marker of the poisoned server and cites its class', async () => {
    const surface = await surfaceOf('--profile=poisoned');
    const poisoning = surface.findings.filter((item) => item.classes);
    expect(poisoning.map((item) => `${item.level} ${item.id} ${item.kind}:${item.name} ${item.pointer}`)).toEqual([
      'error model-instruction tool:add /description',
      // A request to read a key file: an error since issue 24 (a bare mention of one is no finding).
      'error secret-reference tool:add /description',
      'error hidden-characters tool:lookup_docs /description',
      'error hidden-characters tool:translate /description',
      'error model-instruction tool:translate /description',
      'error hidden-characters tool:translate /inputSchema/properties/text/description',
      'error model-instruction prompt:summarize /description',
      'error secret-reference resource:file:///config /description',
      'warning hidden-parameter tool:add /inputSchema/properties/sidenote',
      'warning tool-shadowing tool:send_report /description',
      'warning exfiltration-url tool:lookup_docs /description',
    ]);
    const byId = (id: string, name: string) => poisoning.find((item) => item.id === id && item.name === name)!;
    expect(byId('model-instruction', 'add').evidence).toBe('"<IMPORTANT>" | "Do not tell the user" | "</IMPORTANT>"');
    expect(byId('model-instruction', 'add').classes).toEqual({ mcpSecBench: 15, mcpSecBenchAttack: 'Tool Poisoning Attack', owasp: ['LLM01:2025'] });
    // Hidden characters are shown visibly; Unicode tags are decoded to the ASCII they smuggle.
    expect(byId('hidden-characters', 'translate').evidence).toBe('Translates text.⟦tags: "ignore previous instructions"⟧');
    expect(byId('hidden-characters', 'lookup_docs').evidence).toContain('⟦U+200B ZERO WIDTH SPACE⟧');
    expect(poisoning.find((item) => item.pointer === '/inputSchema/properties/text/description')!.evidence).toBe('Text to translate.⟦U+202E RIGHT-TO-LEFT OVERRIDE⟧');
    expect(byId('model-instruction', 'translate').evidence).toBe('"ignore previous instructions" (read after decoding Unicode tag characters)');
    expect(byId('secret-reference', 'add').evidence).toBe('"read" + "~/.ssh/id_rsa"');
    expect(byId('exfiltration-url', 'lookup_docs').evidence).toBe('https://collect.evil.example/log?q={conversation} (a placeholder for data)');
    expect(byId('tool-shadowing', 'send_report').message).toContain('"send_email"');
    expect(byId('tool-shadowing', 'send_report').classes!.mcpSecBench).toBe(8);
    expect(byId('hidden-parameter', 'add').evidence).toBe('name "sidenote", no description');
    expect(surface.counts).toEqual({ tools: 5, prompts: 1, resources: 1, resourceTemplates: 0 });
  });

  it('pairs the confusable tools, showing the shared words and what tells them apart', async () => {
    const surface = await surfaceOf('--profile=confusable --era=2025-11-25');
    expect(surface.confusable).toHaveLength(1);
    const [pair] = surface.confusable;
    expect([pair.a, pair.b]).toEqual(['search_files', 'find_files']);
    expect(pair.shared).toEqual(expect.arrayContaining(['file', 'pattern', 'workspace', 'path']));
    expect(pair.onlyA).toEqual(['search']);
    expect(pair.onlyB).toEqual(['find']);
    expect(rows(surface).filter((row) => row.includes('confusable'))).toEqual(['warning confusable-tools tool:search_files /description']);
  });

  it('counts tokens per tool and per server, and the share of a 200k window', async () => {
    const surface = await surfaceOf('--profile=clean');
    const sum = surface.tools.reduce((total, tool) => total + tool.tokens.openai, 0);
    expect(surface.cost.openai).toBe(sum);
    expect(surface.cost.windowShare).toBeCloseTo(sum / 200_000, 4);
    for (const tool of surface.tools) expect(tool.tokens.anthropic).toBeGreaterThan(tool.tokens.openai);
    expect(surface.cost.method.anthropic).toMatch(/^estimate/);
  });

  it('in a templated 100-tool server, pairs only the tools of one entity that differ by a verb alone', async () => {
    const surface = await surfaceOf('--profile=many --tools=100');
    expect(surface.counts.tools).toBe(100);
    expect(surface.confusable.length).toBeGreaterThan(0);
    const noun = (name: string) => name.split('_')[1];
    for (const pair of surface.confusable) {
      expect(noun(pair.a)).toBe(noun(pair.b));
      expect(pair.onlyA).toHaveLength(1);
    }
    expect(surface.summary.error).toBe(0);
  });
});
