import { describe, expect, it } from 'vitest';
import type { EvalConfig } from '../../src/core/config/types.js';
import { runDoctor, runSteps, type DoctorStep, type StepResult } from '../../src/core/doctor/index.js';
import { ConfigurationError } from '../../src/core/errors.js';
import { ModelError, type ModelProvider } from '../../src/core/models/types.js';

const step = (id: string, outcome: Awaited<ReturnType<DoctorStep<null>['run']>> | (() => never)): DoctorStep<null> => ({
  id,
  title: `step ${id}`,
  run: async () => (typeof outcome === 'function' ? outcome() : outcome),
});

describe('runSteps', () => {
  it('runs every step in order and times each; warnings and skips do not stop the walk', async () => {
    let clock = 0;
    const seen: StepResult[] = [];
    const report = await runSteps([step('a', { status: 'pass', message: 'ok' }), step('b', { status: 'warn', message: 'hm' }), step('c', { status: 'skip', message: 'n/a' })], null, {
      now: () => (clock += 5),
      onStep: (result) => seen.push(result),
    });
    expect(report.exitCode).toBe(0);
    expect(report.steps.map((s) => [s.number, s.id, s.status, s.durationMs])).toEqual([
      [1, 'a', 'pass', 5],
      [2, 'b', 'warn', 5],
      [3, 'c', 'skip', 5],
    ]);
    expect(seen).toHaveLength(3);
    expect(report.failed).toBeUndefined();
  });

  it('stops at the first failure and lists what did not run; exit 1 for a server or model problem', async () => {
    const never = step('d', () => {
      throw new Error('must not run');
    });
    const report = await runSteps([step('a', { status: 'pass', message: 'ok' }), step('b', { status: 'fail', message: 'broken', hint: 'fix it' }), never], null);
    expect(report.exitCode).toBe(1);
    expect(report.failed).toMatchObject({ number: 2, id: 'b', hint: 'fix it' });
    expect(report.notRun).toEqual([{ number: 3, id: 'd', title: 'step d' }]);
  });

  it('a ConfigurationError is a failed step with exit 2; any other exception is a bug and propagates', async () => {
    const config = await runSteps(
      [
        step('a', () => {
          throw new ConfigurationError('unknown field', { file: 'tasks.yaml', line: 3, column: 5 });
        }),
      ],
      null,
    );
    expect(config.exitCode).toBe(2);
    expect(config.failed!.message).toBe('tasks.yaml:3:5: unknown field');
    await expect(
      runSteps(
        [
          step('a', () => {
            throw new TypeError('a bug');
          }),
        ],
        null,
      ),
    ).rejects.toThrow('a bug');
  });
});

describe('runDoctor with injected adapters', () => {
  const config = (): EvalConfig => ({
    file: '/project/mcp-evals.yml',
    server: { url: 'http://127.0.0.1:1/mcp' },
    golden: '/project/tasks.yaml',
    models: [{ id: 'm', provider: 'openai', model: 'm', endpoint: 'http://127.0.0.1:2/v1', temperature: 0, max_tokens: 100, timeout_ms: 1000 }],
    runs: 1,
    floors: { hard: 1, soft: 0.8 },
    concurrency: 1,
    budget: {},
    pricing: {},
    cache: { dir: '/tmp/x', enabled: false },
    max_steps: 4,
  });

  it('reports an unreachable URL at step 2 without touching the models', async () => {
    let modelCalls = 0;
    const provider: ModelProvider = {
      id: 'm',
      model: 'm',
      complete: async () => {
        modelCalls += 1;
        throw new ModelError('nope', 'network');
      },
    };
    const report = await runDoctor(
      { configFile: '/project/mcp-evals.yml' },
      { env: {}, loadConfig: async () => config(), probeUrl: async () => ({ problem: 'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:1' }), providerFor: () => provider },
    );
    expect(report.exitCode).toBe(1);
    expect(report.failed).toMatchObject({ number: 2, id: 'server' });
    expect(report.failed!.message).toContain('nothing answers at http://127.0.0.1:1/mcp');
    expect(modelCalls).toBe(0);
  });
});
