import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { noTool, rightTool, startScriptedModel, wrongTool, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { runCli } from '../helpers/cli.js';
import { EXAMPLE_SERVER, byPrompt, modelsYaml, project } from '../helpers/evals.js';

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

describe('mcp-evals run --history', () => {
  it('appends each run and shows the trend; a drop with the same server is flagged as likely model drift', async () => {
    model = await startScriptedModel(byPrompt({ Berlin: rightTool('get_weather', { location: 'Berlin' }) }, noTool('ok')));
    process.env.SCRIPTED_KEY = 'sk-scripted-history-0123456789';
    const { config, dir } = await project({
      config: `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint }])}\nruns: 5\ncache: {enabled: false}\n`,
      tasks: '- id: weather\n  prompt: "Weather in Berlin?"\n  expect_tool: get_weather\n',
    });
    const history = join(dir, '.mcp-evals', 'history.jsonl');
    for (let i = 0; i < 3; i += 1) expect((await runCli(['run', '--config', config, '--layers', '1', '--history', history, '--out', join(dir, `r${i}`)])).code).toBe(0);
    model.setScript(byPrompt({ Berlin: (request) => (request.call % 2 === 0 ? wrongTool('get_weather')(request) : rightTool('get_weather', { location: 'Berlin' })(request)) }));
    const dropped = await runCli(['run', '--config', config, '--layers', '1', '--history', history, '--out', join(dir, 'r3')]);
    expect(dropped.code).toBe(1);
    expect(dropped.stdout).toMatch(/! trend weather · scripted-openai: 5\/5 5\/5 5\/5 [0-4]\/5 .*likely model drift/);
    const summary = await readFile(join(dir, 'r3', 'summary.md'), 'utf8');
    expect(summary).toMatch(/Recent trend per case/);
    // the per-model text sparkline, and report.html's trend charts with a point per run and the drift flag
    expect(summary).toMatch(/^- scripted-openai `███[▁-▇]` \d+% now, last 4 runs ↓ likely model drift$/m);
    const html = await readFile(join(dir, 'r3', 'report.html'), 'utf8');
    expect(html).toContain('data-chart="trend"');
    expect(html.match(/<g class="row drift" data-model="scripted-openai" data-points="4">/g)).toHaveLength(1);
    expect(html).toContain('data-chart="latency-tools"');
    expect((await readFile(history, 'utf8')).trim().split('\n')).toHaveLength(4);
  });
});
