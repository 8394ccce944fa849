import { describe, expect, it, vi } from 'vitest';
import { renderSurfaceText } from '../../src/core/report/surface-text.js';
import { analyzeSurface } from '../../src/core/surface/analyze.js';

/** A copy of mcp-evals without data/o200k_base.bin keeps its surface section: counts become a marked estimate, never a stack trace. */

vi.mock('../../src/core/surface/tokenizer/o200k.js', () => ({
  countO200kTokens: () => {
    throw new Error('the o200k_base rank table <mcp-evals>/data/o200k_base.bin cannot be read (ENOENT)');
  },
}));

describe('the surface section without the o200k_base table', () => {
  it('counts characters ÷ 4, says so in cost.method and problems, and still finds what it finds', async () => {
    const tool = { name: 'get_weather', description: 'Weather.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } };
    const surface = await analyzeSurface({ tools: [tool], prompts: [], resources: [], resourceTemplates: [], problems: [] });
    const json = JSON.stringify({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } });
    expect(surface.tools[0].tokens.openai).toBe(Math.ceil(json.length / 4));
    expect(surface.cost.method.openai).toMatch(/^token counts are an estimate \(characters ÷ 4\): the o200k_base rank table .* cannot be read \(ENOENT\)$/);
    expect(surface.problems).toContain(surface.cost.method.openai);
    expect(surface.findings.length).toBeGreaterThan(0);
    expect(renderSurfaceText(surface, { transport: 'stdio', target: 'node server.mjs' })).toContain(`~${surface.cost.openai} tokens (OpenAI, estimate: the o200k_base table could not be read)`);
  });
});
