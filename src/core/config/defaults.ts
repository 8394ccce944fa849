// What a config leaves out. Its own module: the action builds a config from its inputs with these,
// and reading mcp-evals.yml (load.ts: yaml, the config schema) loads only when there is a file.
export const CONFIG_DEFAULTS = {
  golden: 'tasks.yaml',
  runs: 5,
  floors: { hard: 1.0, soft: 0.8 },
  concurrency: 4,
  cacheDir: '.mcp-evals-cache',
  maxSteps: 8,
  temperature: 0,
  maxTokens: 1024,
  timeoutMs: 60_000,
  judgeCriteria: [{ id: 'task_completed', description: "The final answer completes the user's task" }],
  judgePassThreshold: 0.7,
  embeddingsThreshold: 0.85,
  otlpTimeoutMs: 10_000,
} as const;
