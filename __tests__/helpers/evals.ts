import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Script, ScriptedRequest } from '../fixtures/models/scripted-model-server.js';

export const EXAMPLE_SERVER = fileURLToPath(new URL('../../golden-template/server/server.mjs', import.meta.url));

/** A project folder with mcp-evals.yml and tasks.yaml, as a user would have them. */
export async function project(files: { config: string; tasks: string; [name: string]: string }): Promise<{ dir: string; config: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-evals-project-'));
  await writeFile(join(dir, 'mcp-evals.yml'), files.config);
  await writeFile(join(dir, 'tasks.yaml'), files.tasks);
  for (const [name, text] of Object.entries(files)) if (name !== 'config' && name !== 'tasks') await writeFile(join(dir, name), text);
  return { dir, config: join(dir, 'mcp-evals.yml') };
}

/** Picks the script by the user's prompt, so one scripted model can play every case. */
export function byPrompt(scripts: Record<string, Script>, fallback?: Script): Script {
  return (request: ScriptedRequest) => {
    const prompt = request.messages.find((message) => message.role === 'user')?.content ?? '';
    const script = Object.entries(scripts).find(([needle]) => prompt.includes(needle))?.[1] ?? fallback;
    if (!script) throw new Error(`no script for prompt ${JSON.stringify(prompt)}`);
    return script(request);
  };
}

export function modelsYaml(entries: Array<{ provider: 'openai' | 'anthropic'; endpoint: string; id?: string }>): string {
  return entries
    .map((e) => `  - provider: ${e.provider}\n    model: scripted-${e.provider}\n    id: ${e.id ?? `scripted-${e.provider}`}\n    endpoint: ${e.endpoint}\n    api_key_env: SCRIPTED_KEY\n    timeout_ms: 5000`)
    .join('\n');
}
