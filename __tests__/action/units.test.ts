/** The action's pure parts, in-process: inputs, event routing, action.yml, the job summary's size. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { workflowFileOf } from '../../src/action/context.js';
import { hasEvalLabel, pullRequestOf, routeLayers, type EventInfo } from '../../src/action/events.js';
import { passRateOf } from '../../src/action/outputs.js';
import { INPUT_DEFAULTS, LAYER0_REPORT_DIR, readSettings, type ActionSettings } from '../../src/action/settings.js';
import { jobSummaryMarkdown } from '../../src/action/summary.js';
import { ConfigurationError } from '../../src/core/errors.js';
import { gate } from '../../src/core/gate/compare.js';
import { MARKDOWN_MAX_BYTES } from '../../src/core/report/markdown.js';
import { renderPrComment } from '../../src/core/report/pr-comment.js';
import { buildReport, check, kase, NO_SOURCE, NOW } from '../gate/helpers.js';
import { REPO_ROOT } from './harness.js';

const WORKSPACE = '/home/runner/work/repo/repo';

function settings(inputs: Record<string, string>, action: 'main' | 'layer0' = 'main', env: NodeJS.ProcessEnv = {}): ActionSettings {
  return readSettings(action, (name) => inputs[name] ?? '', env, WORKSPACE);
}

function event(name: string, payload: Record<string, unknown> = {}): EventInfo {
  return { name, payload };
}

const AUTO = { mode: 'auto' } as const;

describe('layers: auto routes by event', () => {
  it('push runs conformance only', () => {
    expect(routeLayers(AUTO, event('push')).layers).toEqual([0]);
  });

  it('a pull request runs layer 1 only with the run-evals label: just added, or already on it', () => {
    expect(routeLayers(AUTO, event('pull_request', { action: 'opened', pull_request: { number: 1, labels: [] } })).layers).toEqual([0]);
    expect(routeLayers(AUTO, event('pull_request', { action: 'labeled', label: { name: 'run-evals' }, pull_request: { number: 1, labels: [{ name: 'run-evals' }] } })).layers).toEqual([0, 1]);
    expect(routeLayers(AUTO, event('pull_request', { action: 'synchronize', pull_request: { number: 1, labels: [{ name: 'bug' }, { name: 'run-evals' }] } })).layers).toEqual([0, 1]);
    // Another label added to a labelled PR does not buy another paid run.
    expect(routeLayers(AUTO, event('pull_request', { action: 'labeled', label: { name: 'bug' }, pull_request: { number: 1, labels: [{ name: 'bug' }, { name: 'run-evals' }] } })).layers).toEqual([0]);
  });

  it('schedule runs all layers on the primary model; workflow_dispatch takes its layers input', () => {
    expect(routeLayers(AUTO, event('schedule', { schedule: '0 3 * * *' }))).toMatchObject({ layers: [0, 1], models: 'primary', auto: true });
    expect(routeLayers(AUTO, event('workflow_dispatch', { inputs: {} })).layers).toEqual([0, 1]);
    expect(routeLayers(AUTO, event('workflow_dispatch', { inputs: { layers: '0' } })).layers).toEqual([0]);
    expect(routeLayers(AUTO, event('workflow_dispatch', { inputs: { layers: '1' } }))).toMatchObject({ layers: [1], auto: false });
    expect(() => routeLayers(AUTO, event('workflow_dispatch', { inputs: { layers: '2' } }))).toThrow(ConfigurationError);
  });

  it('anything else, pull_request_target included (it holds secrets), runs conformance only', () => {
    expect(routeLayers(AUTO, event('pull_request_target', { action: 'labeled', label: { name: 'run-evals' }, pull_request: { number: 1, labels: [{ name: 'run-evals' }] } })).layers).toEqual([0]);
    expect(routeLayers(AUTO, event('release')).layers).toEqual([0]);
    expect(routeLayers(AUTO, event('')).layers).toEqual([0]);
  });

  it('explicit layers win over the event', () => {
    expect(routeLayers({ mode: 'explicit', layers: [1] }, event('push'))).toMatchObject({ layers: [1], auto: false, models: 'configured' });
  });

  it('reads labels given as objects or strings', () => {
    expect(hasEvalLabel({ pull_request: { labels: ['run-evals'] } })).toBe(true);
    expect(hasEvalLabel({ pull_request: { labels: 'run-evals' } })).toBe(false);
    expect(hasEvalLabel({})).toBe(false);
  });
});

describe('the pull request and its fork', () => {
  const pr = (head: unknown) => event('pull_request', { pull_request: { number: 9, head: { repo: head }, base: { repo: { full_name: 'octo/r' } } } });

  it('tells a fork by its head repository', () => {
    expect(pullRequestOf(pr({ full_name: 'octo/r' }))).toMatchObject({ number: 9, fork: false });
    expect(pullRequestOf(pr({ full_name: 'someone/r' }))).toMatchObject({ number: 9, fork: true, headRepo: 'someone/r' });
    // A deleted fork: head.repo is null.
    expect(pullRequestOf(pr(null))).toMatchObject({ fork: true });
  });

  it("a fork's pull_request token is read-only; pull_request_target's is not", () => {
    expect(pullRequestOf(pr({ full_name: 'someone/r' }))?.readOnlyToken).toBe(true);
    const target = { ...pr({ full_name: 'someone/r' }), name: 'pull_request_target' };
    expect(pullRequestOf(target)).toMatchObject({ fork: true, readOnlyToken: false });
  });

  it('is undefined outside a pull request', () => {
    expect(pullRequestOf(event('push', { ref: 'refs/heads/main' }))).toBeUndefined();
  });
});

describe('inputs → settings', () => {
  it('fills the defaults action.yml declares and resolves paths against the workspace', () => {
    const s = settings({}, 'main', { GITHUB_TOKEN: 'ghs_env' });
    expect(s).toMatchObject({
      configPath: `${WORKSPACE}/mcp-evals.yml`,
      layers: { mode: 'auto' },
      baseline: { kind: 'file', path: `${WORKSPACE}/.mcp-evals/baseline.json` },
      maxDrop: 0.02,
      token: 'ghs_env',
      comment: true,
      annotations: true,
      cache: true,
      reportDir: `${WORKSPACE}/mcp-evals-report`,
    });
    expect(s.models).toBeUndefined();
    expect(s.shard).toBeUndefined();
  });

  it('parses every input', () => {
    const s = settings({
      config: 'evals/mcp-evals.yml',
      layers: '0, 1',
      'server-url': 'http://127.0.0.1:3000/mcp',
      'server-start': 'node server.js',
      'ready-url': 'http://127.0.0.1:3000/healthz',
      'startup-timeout': '60000',
      golden: 'evals/more.yaml',
      models: 'gpt-4.1-mini\nclaude',
      runs: '3',
      baseline: 'artifact',
      'max-drop': '0.05',
      'github-token': 'ghs_input',
      comment: 'false',
      annotations: 'FALSE',
      cache: 'True',
      shard: '2/4',
      'report-dir': '/tmp/out',
    });
    expect(s).toMatchObject({
      layers: { mode: 'explicit', layers: [0, 1] },
      server: { url: 'http://127.0.0.1:3000/mcp', start: 'node server.js', readyUrl: 'http://127.0.0.1:3000/healthz', startupTimeoutMs: 60000 },
      golden: `${WORKSPACE}/evals/more.yaml`,
      models: ['gpt-4.1-mini', 'claude'],
      runs: 3,
      baseline: { kind: 'artifact' },
      maxDrop: 0.05,
      token: 'ghs_input',
      comment: false,
      annotations: false,
      cache: true,
      shard: { index: 2, total: 4 },
      reportDir: '/tmp/out',
    });
    expect(settings({ models: 'all', layers: 'none', baseline: 'auto' })).toMatchObject({ models: 'all', layers: { mode: 'explicit', layers: [] }, baseline: { kind: 'auto' } });
  });

  it.each([
    [{ 'server-url': 'http://x/mcp', 'server-command': 'node s.js' }, 'not both'],
    [{ 'server-start': 'node s.js' }, 'go with server-url'],
    [{ 'server-url': 'ftp://x/mcp' }, 'http:// or https://'],
    [{ 'server-url': 'not a url' }, 'is not a URL'],
    [{ layers: '2' }, 'input layers takes auto, none'],
    [{ 'max-drop': '1.5' }, 'input max-drop'],
    [{ runs: '0' }, 'input runs'],
    [{ runs: 'five' }, 'input runs'],
    [{ comment: 'yes' }, 'input comment must be true or false'],
    [{ shard: '3/2' }, 'input shard must look like i/n'],
    [{ 'surface-fail-on': 'always' }, 'input surface-fail-on takes changed, warning, error or never'],
    [{ 'server-command': 'node s.js', 'startup-timeout': '30s' }, 'input startup-timeout must be a positive whole number'],
  ])('%j is a configuration error (%s)', (inputs, message) => {
    expect(() => settings(inputs)).toThrow(ConfigurationError);
    expect(() => settings(inputs)).toThrow(message);
  });

  it('reads surface-fail-on in both actions (default never: tool-surface findings warn)', () => {
    expect(settings({}).surfaceFailOn).toBe('never');
    expect(settings({ 'surface-fail-on': 'Error' }).surfaceFailOn).toBe('error');
    expect(settings({ 'server-command': 'node s.js', 'surface-fail-on': 'warning' }, 'layer0').surfaceFailOn).toBe('warning');
  });

  it('layer0 needs a server input and never has model inputs', () => {
    expect(() => settings({}, 'layer0')).toThrow('the layer0 action needs the input server-url');
    expect(settings({ 'server-command': 'node s.js', 'expected-failures': 'known.yml' }, 'layer0')).toMatchObject({
      layers: { mode: 'explicit', layers: [0] },
      baseline: { kind: 'none' },
      comment: false,
      cache: false,
      expectedFailures: `${WORKSPACE}/known.yml`,
      reportDir: `${WORKSPACE}/${LAYER0_REPORT_DIR}`,
    });
  });
});

describe('action.yml and layer0/action.yml', () => {
  const main = parse(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }>; outputs: Record<string, unknown>; runs: Record<string, string> };
  const layer0 = parse(readFileSync(join(REPO_ROOT, 'layer0', 'action.yml'), 'utf8')) as typeof main;

  it('declare the inputs, outputs and runtime the action implements', () => {
    expect(Object.keys(main.inputs).sort()).toEqual(
      ['allow-fork-prs', 'annotations', 'baseline', 'cache', 'comment', 'config', 'github-token', 'golden', 'layers', 'env', 'env-public', 'max-drop', 'models', 'ready-url', 'report-dir', 'runs', 'server-command', 'server-start', 'server-url', 'shard', 'startup-timeout', 'surface-fail-on'].sort(),
    );
    expect(Object.keys(main.outputs).sort()).toEqual(['pass-rate', 'passed', 'regressed', 'report-dir', 'summary']);
    expect(main.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
    expect(Object.keys(layer0.inputs).sort()).toEqual(['annotations', 'env', 'env-public', 'expected-failures', 'ready-url', 'report-dir', 'server-command', 'server-start', 'server-url', 'startup-timeout', 'surface-fail-on']);
    expect(layer0.runs).toEqual({ using: 'node24', main: '../dist/layer0/index.js' });
  });

  it('declare the same defaults the code falls back to', () => {
    for (const [name, value] of Object.entries(INPUT_DEFAULTS)) expect(main.inputs[name]?.default, name).toBe(value);
    expect(main.inputs['github-token'].default).toBe('${{ github.token }}');
    expect(layer0.inputs['report-dir'].default).toBe(LAYER0_REPORT_DIR);
    expect(layer0.inputs.annotations.default).toBe(INPUT_DEFAULTS.annotations);
  });
});

describe('the job summary', () => {
  it('stays within 1 MiB for a huge report, the verdict block first', () => {
    const long = 'x'.repeat(390);
    const checks = Array.from({ length: 6000 }, (_, i) => check(`check-${i}`, i % 3 === 0 ? 'fail' : 'warn', 'SHOULD', { message: `${long} ${i}` }));
    const cases = Array.from({ length: 4000 }, (_, i) => kase(`case-${i}-${'y'.repeat(100)}`, i % 5, 5, { model: `model-${i % 4}` }));
    const report = buildReport({ checks, cases });
    const verdict = gate(report, undefined, { baselineSource: NO_SOURCE, now: NOW });
    const markdown = jobSummaryMarkdown(report, renderPrComment(report, verdict));
    expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(MARKDOWN_MAX_BYTES);
    expect(markdown.startsWith('### ❌ mcp-evals failed')).toBe(true);
    expect(markdown).toContain('is cut here to keep the job summary under 1 MiB');
    expect(markdown).toContain('MCP conformance');
  });

  it('a small report is whole', () => {
    const report = buildReport({ checks: [check('discover', 'pass')], cases: [kase('weather', 5, 5)] });
    const verdict = gate(report, undefined, { baselineSource: NO_SOURCE, now: NOW });
    const markdown = jobSummaryMarkdown(report, renderPrComment(report, verdict));
    expect(markdown).not.toContain('<!-- mcp-evals:sticky -->');
    expect(markdown).not.toContain('cut here');
    expect(markdown).toContain('Behaviour: 1 cases × 1 model');
  });
});

describe('small helpers', () => {
  it('pass-rate: task success with behaviour, else conformance passes over checks that ran', () => {
    expect(passRateOf(buildReport({ checks: [check('a', 'pass'), check('b', 'fail'), check('c', 'skip')], noBehaviour: true }))).toBe(0.5);
    const withBehaviour = buildReport({ cases: [kase('a', 5, 5)] });
    withBehaviour.behaviour!.metrics.overall.taskSuccessRate = 0.75;
    expect(passRateOf(withBehaviour)).toBe(0.75);
  });

  it('the workflow file comes from GITHUB_WORKFLOW_REF', () => {
    expect(workflowFileOf('octo/repo/.github/workflows/ci.yml@refs/heads/main')).toBe('.github/workflows/ci.yml');
    expect(workflowFileOf('octo/repo/.github/workflows/sub/x.yaml@refs/pull/1/merge')).toBe('.github/workflows/sub/x.yaml');
    expect(workflowFileOf(undefined)).toBeUndefined();
  });
});

describe('result cache key', () => {
  it('is unique per run (GitHub caches are immutable) and restores by cell, then golden set, then by anything', async () => {
    const { resultCacheKey } = await import('../../src/action/cache.js');
    const a = resultCacheKey('abc', { models: ['m'] }, { id: '101', attempt: '1' });
    const b = resultCacheKey('abc', { models: ['m'] }, { id: '102', attempt: '1' });
    expect(a.key).not.toBe(b.key);
    expect(a.key.startsWith(a.restoreKeys[0])).toBe(true);
    expect(a.restoreKeys[1]).toMatch(/^mcp-evals-abc-\d+\.\d+\.\d+-$/);
    expect(a.restoreKeys[2]).toBe('mcp-evals-');
  });
});

describe('the verdict keeps its error annotation slot', () => {
  it('with one slot reserved, 25 regressions give 9 error annotations and the overflow notice counts 16', async () => {
    const { planAnnotations } = await import('../../src/core/report/annotations.js');
    const { baselineOf, FILE_SOURCE } = await import('../gate/helpers.js');
    const before = buildReport({ cases: Array.from({ length: 25 }, (_, i) => kase(`case-${i}`, 5, 5, { model: `m${i}`, line: i + 1 })) });
    const now = buildReport({ cases: Array.from({ length: 25 }, (_, i) => kase(`case-${i}`, 0, 5, { model: `m${i}`, line: i + 1 })) });
    const annotations = planAnnotations(now, gate(now, baselineOf(before), { baselineSource: FILE_SOURCE, now: NOW }), { goldenFile: 'tasks.yaml', configFile: 'mcp-evals.yml', reservedErrors: 1 });
    expect(annotations.filter((a) => a.level === 'error')).toHaveLength(9);
    expect(annotations.at(-1)?.message).toMatch(/^16 more errors not shown/);
  });
});

describe('result cache keys', () => {
  it('one key per matrix cell; a cell\'s prefix never matches another cell\'s keys', async () => {
    const { resultCacheKey } = await import('../../src/action/cache.js');
    const run = { id: '77', attempt: '2' };
    const a1 = resultCacheKey('h', { models: ['gpt'], shard: { index: 1, total: 2 } }, run);
    const a2 = resultCacheKey('h', { models: ['gpt'], shard: { index: 2, total: 2 } }, run);
    const b1 = resultCacheKey('h', { models: ['gpt-4'], shard: { index: 1, total: 2 } }, run);
    expect(a1.key).toBe('mcp-evals-h-0.1.0-gpt~shard-1-of-2~77-2');
    expect(new Set([a1.key, a2.key, b1.key]).size).toBe(3);
    expect(a1.restoreKeys).toEqual(['mcp-evals-h-0.1.0-gpt~shard-1-of-2~', 'mcp-evals-h-0.1.0-', 'mcp-evals-']);
    for (const other of [a2.key, b1.key]) expect(other.startsWith(a1.restoreKeys[0])).toBe(false);
    expect(resultCacheKey('h', { models: ['m'.repeat(600)] }, run).key.length).toBeLessThan(200);
  });
});
