import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config/load.js';
import { runEvals } from '../../src/core/evals/run-evals.js';
import { gate } from '../../src/core/gate/compare.js';
import { renderPrComment } from '../../src/core/report/pr-comment.js';
import { renderBehaviourText } from '../../src/core/report/behaviour-text.js';
import { rightTool, startScriptedModel, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { byPrompt, modelsYaml, project } from '../helpers/evals.js';

// Layer 1 against a server whose tools search_files and find_files read alike (the surface
// analysis finds them confusable): a case that picks one for the other names the pair.
const SURFACE_SERVER = fileURLToPath(new URL('../fixtures/servers/surface-server.mjs', import.meta.url));

const TASKS = `
- id: find-todos
  prompt: "Which files in the workspace mention TODO?"
  expect_tool: search_files
- id: draft-invoice
  prompt: "Draft an invoice for customer C-12."
  expect_tool: create_invoice
`;

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

const env = { SCRIPTED_KEY: 'sk-scripted-test-key-0123456789' };

describe('a wrong tool that is confusable with the expected one', () => {
  it('names the pair and its shared words in the tool_selection failure (report.json, terminal, PR comment); an unrelated wrong tool does not', async () => {
    model = await startScriptedModel(byPrompt({ TODO: rightTool('find_files', { pattern: 'TODO' }), invoice: rightTool('search_files', { pattern: 'C-12' }) }));
    const { config } = await project({
      config: `server:\n  command: node ${JSON.stringify(SURFACE_SERVER)} --profile=confusable\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint }])}\nruns: 2\ncache:\n  enabled: false\n`,
      tasks: TASKS,
    });
    const { report, runs } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    const behaviour = report.behaviour!;

    const todos = behaviour.results.find((result) => result.id === 'find-todos')!;
    expect(todos).toMatchObject({ passed: 0, failed: 2 });
    expect(todos.scorers.tool_selection.reasons).toEqual([
      'first tool call was `find_files`, expected `search_files` (never called) — "search_files" and "find_files" are confusable (shared: file, pattern, match; see surface/confusable-tools)',
    ]);
    const todoRun = runs.find((run) => run.caseId === 'find-todos')!;
    expect(todoRun.scores.find((score) => score.scorer === 'tool_selection')!.details).toMatchObject({ firstTool: 'find_files', confusable: ['search_files', 'find_files'] });

    // search_files for create_invoice is wrong, but the two do not read alike: no pair named.
    const invoice = behaviour.results.find((result) => result.id === 'draft-invoice')!;
    expect(invoice.scorers.tool_selection.reasons).toEqual(['first tool call was `search_files`, expected `create_invoice` (never called)']);
    expect(runs.find((run) => run.caseId === 'draft-invoice')!.scores[0].details).not.toHaveProperty('confusable');

    // The terminal summary and the PR comment carry the whole note.
    expect(renderBehaviourText(behaviour, { color: false })).toContain('"search_files" and "find_files" are confusable (shared: file, pattern, match; see surface/confusable-tools)');
    const verdict = gate(report, undefined, { baselineSource: { kind: 'none', label: 'none' }, now: new Date() });
    // (Markdown-escaped there.)
    expect(renderPrComment(report, verdict)).toContain('"search\\_files" and "find\\_files" are confusable (shared: file, pattern, match; see surface/confusable-tools) |');
  });
});
