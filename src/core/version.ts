import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './paths.js';

export const TOOL_NAME = 'mcp-evals';
/** The spec revision Layer 0 targets. */
export const SPEC_REVISION = '2026-07-28';

let cached: string | undefined;

export function toolVersion(): string {
  cached ??= (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  return cached;
}

/** What we announce as clientInfo in an initialize (and in _meta): our own name and version. */
export function clientInfo(): { name: string; version: string } {
  return { name: TOOL_NAME, version: toolVersion() };
}
