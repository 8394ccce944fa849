import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where this repository keeps workflows: its own CI and the reusable workflow, and the one `mcp-evals init` copies. */
export const WORKFLOW_DIRS = ['.github/workflows', 'golden-template/.github/workflows'];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  with?: Record<string, Json>;
  env?: Record<string, Json>;
  'continue-on-error'?: boolean | string;
  'working-directory'?: string;
}

export interface Job {
  name?: string;
  needs?: string | string[];
  if?: string;
  'runs-on'?: string;
  uses?: string;
  with?: Record<string, Json>;
  secrets?: Record<string, Json> | 'inherit';
  permissions?: Record<string, string> | string;
  strategy?: { 'fail-fast'?: boolean; matrix?: Json };
  outputs?: Record<string, string>;
  env?: Record<string, Json>;
  steps?: Step[];
}

export interface Workflow {
  name?: string;
  on: Json;
  permissions?: Record<string, string> | string;
  env?: Record<string, Json>;
  concurrency?: Json;
  jobs: Record<string, Job>;
}

/** A YAML text, strictly: duplicate keys and every other YAML error fail. */
export function parseYaml(text: string, label: string): unknown {
  const doc = parseDocument(text, { uniqueKeys: true, strict: true, prettyErrors: true });
  const problems = [...doc.errors, ...doc.warnings];
  if (problems.length > 0) throw new Error(`${label}: ${problems.map((problem) => problem.message).join('\n')}`);
  return doc.toJS();
}

export function loadWorkflow(relativePath: string): Workflow {
  return parseYaml(readFileSync(join(ROOT, relativePath), 'utf8'), relativePath) as Workflow;
}

/** Every workflow file, repository-relative. */
export function workflowFiles(): string[] {
  return WORKFLOW_DIRS.flatMap((dir) =>
    existsSync(join(ROOT, dir))
      ? readdirSync(join(ROOT, dir))
          .filter((file) => /\.ya?ml$/.test(file))
          .map((file) => `${dir}/${file}`)
      : [],
  );
}

/** The trigger names of `on:` (a string, a list or a map). */
export function triggers(workflow: Workflow): string[] {
  const on = workflow.on;
  if (typeof on === 'string') return [on];
  if (Array.isArray(on)) return on.map(String);
  return on && typeof on === 'object' ? Object.keys(on) : [];
}

export function needsOf(job: Job): string[] {
  return job.needs === undefined ? [] : Array.isArray(job.needs) ? job.needs : [job.needs];
}

/** Every `uses:` with where it is: a job calling a reusable workflow, or a step. */
export function usesOf(workflow: Workflow): Array<{ where: string; uses: string; with: Record<string, Json> }> {
  const found: Array<{ where: string; uses: string; with: Record<string, Json> }> = [];
  for (const [id, job] of Object.entries(workflow.jobs)) {
    if (job.uses) found.push({ where: `jobs.${id}`, uses: job.uses, with: job.with ?? {} });
    (job.steps ?? []).forEach((step, index) => {
      if (step.uses) found.push({ where: `jobs.${id}.steps[${index}]`, uses: step.uses, with: step.with ?? {} });
    });
  }
  return found;
}

/** Every string in a value, with its path. */
export function strings(value: unknown, path = ''): Array<{ path: string; text: string }> {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${path}[${index}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => strings(item, path ? `${path}.${key}` : key));
  return [];
}

/** The text of every expression: `${{ … }}` anywhere, plus whole `if:` values (implicit expressions). */
export function expressions(value: unknown): Array<{ path: string; text: string }> {
  const found: Array<{ path: string; text: string }> = [];
  for (const { path, text } of strings(value)) {
    for (const match of text.matchAll(/\$\{\{([\s\S]*?)\}\}/g)) found.push({ path, text: match[1].trim() });
    if (/(^|\.)if$/.test(path) && !text.includes('${{')) found.push({ path, text });
  }
  return found;
}

/** `secrets.x`, `inputs.x`, `needs.x` … referenced in a value: the names after `context.`. */
export function references(value: unknown, context: string): string[] {
  const names = new Set<string>();
  const pattern = new RegExp(`(?<![\\w.-])${context}\\.([A-Za-z_][A-Za-z0-9_-]*)`, 'g');
  for (const { text } of expressions(value)) for (const match of text.matchAll(pattern)) names.add(match[1]);
  return [...names];
}
