import { request } from 'undici';
import { loadConfig } from '../config/load.js';
import { loadGoldenSet } from '../golden/load.js';
import { describe } from '../mcp/http-transport.js';
import { StdioConnection } from '../mcp/stdio-transport.js';
import { Target } from '../mcp/target.js';
import { createProvider } from '../models/factory.js';
import { runSteps, type DoctorReport, type RunStepsHooks } from './runner.js';
import { DOCTOR_STEPS, type DoctorAdapters, type DoctorContext, type DoctorSettings } from './steps.js';

export { DOCTOR_STEPS, PROBE_TOOL, type DoctorAdapters, type DoctorContext, type DoctorSettings, type DoctorState } from './steps.js';
export { runSteps, type DoctorReport, type DoctorStep, type StepOutcome, type StepResult, type StepStatus } from './runner.js';

export const DOCTOR_DEFAULTS = { timeoutMs: 10_000, stdioStartGraceMs: 500 } as const;

/** The real world: the config loader, the MCP target, undici, the model providers (one retry at most). */
export function defaultAdapters(env: NodeJS.ProcessEnv): DoctorAdapters {
  return {
    env,
    loadConfig: (file, environment) => loadConfig(file, { env: environment }),
    openTarget: (spec) => Target.open(spec),
    // A short exit grace: this process is only watched for an early crash, then stopped.
    spawnStdio: (spec) => new StdioConnection({ command: spec.command, cwd: spec.cwd, env: spec.env, exitGraceMs: 200 }),
    probeUrl: async (url, timeoutMs) => {
      try {
        const response = await request(url, { method: 'GET', headersTimeout: timeoutMs, bodyTimeout: timeoutMs, signal: AbortSignal.timeout(timeoutMs) });
        await response.body.dump();
        return { status: response.statusCode };
      } catch (error) {
        return { problem: describe(error) };
      }
    },
    providerFor: (model) => createProvider(model, env, { maxAttempts: 2 }),
    loadGolden: (file) => loadGoldenSet(file),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

/**
 * `mcp-evals doctor`: walks DOCTOR_STEPS against the configured server and models, stopping at
 * the first failure, and always stops what it started.
 */
export async function runDoctor(settings: Partial<DoctorSettings> & Pick<DoctorSettings, 'configFile'>, adapters: Partial<DoctorAdapters> & Pick<DoctorAdapters, 'env'>, hooks: RunStepsHooks = {}): Promise<DoctorReport> {
  const context: DoctorContext = {
    adapters: { ...defaultAdapters(adapters.env), ...adapters },
    settings: { ...DOCTOR_DEFAULTS, ...settings },
    state: {},
  };
  try {
    return await runSteps(DOCTOR_STEPS, context, hooks);
  } finally {
    await context.state.target?.dispose();
  }
}
