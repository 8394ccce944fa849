import { describe, expect, it } from 'vitest';
import { caseHash } from '../../src/core/golden/hash.js';
import { parseGoldenSet } from '../../src/core/golden/load.js';
import { InvalidFileError } from '../../src/core/golden/yaml-source.js';

/** The golden file's `budgets:` field, read by latency_budget, cost_budget and tool_efficiency. */

function problems(text: string): string[] {
  try {
    parseGoldenSet(text, 'tasks.yaml');
  } catch (error) {
    if (error instanceof InvalidFileError) return error.problems.map((p) => `${p.location.line}:${p.location.column}: ${p.message}`);
    throw error;
  }
  return [];
}

describe('golden `budgets:`', () => {
  it('loads latency_ms, cost_usd and tool_calls', () => {
    const set = parseGoldenSet('- id: a\n  prompt: hi\n  budgets: {latency_ms: 5000, cost_usd: 0.01, tool_calls: 3}\n  scorers: [latency_budget, cost_budget, tool_efficiency]\n', 'tasks.yaml');
    expect(set.cases[0].budgets).toEqual({ latency_ms: 5000, cost_usd: 0.01, tool_calls: 3 });
  });

  it('is optional, and changes the case hash when set', () => {
    const plain = parseGoldenSet('- id: a\n  prompt: hi\n', 'tasks.yaml').cases[0];
    const budgeted = parseGoldenSet('- id: a\n  prompt: hi\n  budgets: {tool_calls: 2}\n', 'tasks.yaml').cases[0];
    expect(plain.budgets).toBeUndefined();
    expect(caseHash(budgeted)).not.toBe(caseHash(plain));
  });

  it('rejects unknown keys (with a suggestion), wrong types, negative or zero limits and an empty mapping, with positions', () => {
    expect(problems('- id: a\n  prompt: hi\n  budgets:\n    latency: 5000\n').join('\n')).toMatch(/^4:5: .*latency.*did you mean "latency_ms"/);
    expect(problems('- id: a\n  prompt: hi\n  budgets: {tool_calls: 1.5}\n').join('\n')).toMatch(/tool_calls/);
    expect(problems('- id: a\n  prompt: hi\n  budgets: {cost_usd: -1}\n').join('\n')).toMatch(/cost_usd/);
    expect(problems('- id: a\n  prompt: hi\n  budgets: {latency_ms: 0}\n').join('\n')).toMatch(/latency_ms/);
    expect(problems('- id: a\n  prompt: hi\n  budgets: {}\n')).toEqual(['3:12: case "a": budgets must be a mapping with at least one of latency_ms, cost_usd, tool_calls']);
    expect(problems('- id: a\n  prompt: hi\n  budgets: 5000\n').join('\n')).toMatch(/^3:\d+: .*budgets/);
  });

  it('does not accept a misspelt field name silently', () => {
    expect(problems('- id: a\n  prompt: hi\n  budget: {tool_calls: 2}\n').join('\n')).toMatch(/unknown field "budget".*did you mean "budgets"/);
  });
});
