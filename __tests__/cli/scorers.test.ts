import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DETERMINISTIC_SCORER_IDS } from '../../src/core/scorers/index.js';
import { runCli } from '../helpers/cli.js';

describe('mcp-evals scorers', () => {
  it('lists every built-in with a needs_config flag, as a plain-text table', async () => {
    const result = await runCli(['scorers']);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^id\s+needs_config\s+runs\s+what passes$/);
    for (const id of ['tool_selection', 'final_answer', ...DETERMINISTIC_SCORER_IDS, 'judge']) expect(result.stdout).toMatch(new RegExp(`^${id}(\\[:param\\])?\\s+(yes|no)\\s+(implied|opt-in)\\s`, 'm'));
    expect(result.stdout).toMatch(/^answered\s+no\s+opt-in\s+the run ended with a non-empty final answer$/m);
    expect(result.stdout).toMatch(/^span_present\[:param\]\s+yes\s+opt-in\s+.*param: a span kind \(agent, model, tool\) or a span name/m);
  });

  it('--json gives the same catalog for machines', async () => {
    const rows = JSON.parse((await runCli(['scorers', '--json'])).stdout) as Array<{ id: string; needs_config: boolean; implied: boolean; parameter?: string; model: boolean }>;
    expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining([...DETERMINISTIC_SCORER_IDS, 'tool_selection', 'judge']));
    expect(rows.find((row) => row.id === 'json_valid')).toEqual({ id: 'json_valid', summary: expect.any(String), needs_config: false, config: '', implied: false, model: false });
    expect(rows.find((row) => row.id === 'latency_budget')).toMatchObject({ needs_config: true, parameter: expect.stringMatching(/milliseconds/) });
    expect(rows.find((row) => row.id === 'judge')).toMatchObject({ model: true, needs_config: true });
  });

  it('--config adds the judge criteria', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-evals-scorers-'));
    await writeFile(join(dir, 'tasks.yaml'), '- id: a\n  prompt: hi\n');
    await writeFile(
      join(dir, 'mcp-evals.yml'),
      'server:\n  command: node server.mjs\nmodels:\n  - provider: openai\n    model: m\n    endpoint: http://127.0.0.1:9/v1\njudge:\n  model: judge-1\n  endpoint: http://127.0.0.1:9/v1\n  criteria:\n    - {id: helpful, description: Answers the question}\n',
    );
    const result = await runCli(['scorers', '--config', join(dir, 'mcp-evals.yml')]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/judge criteria \(judge-1\): helpful \(Answers the question\)$/);
    const json = JSON.parse((await runCli(['scorers', '--config', join(dir, 'mcp-evals.yml'), '--json'])).stdout);
    expect(json.judge_criteria).toEqual([{ id: 'helpful', description: 'Answers the question' }]);
  });
});
