import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/core/conformance/runner.js';
import { renderReportJson } from '../../src/core/report/json-writer.js';
import { renderJunit } from '../../src/core/report/junit.js';
import { renderConformanceMarkdown } from '../../src/core/report/markdown.js';
import type { Report } from '../../src/core/report/types.js';

describe('report writers on what the runner really produces', () => {
  it('accept the section of a server that dies at once: not evaluated, and never a pass', async () => {
    const command = `${JSON.stringify(process.execPath)} -e "process.stderr.write('boom <x> @octocat\\n'); process.exit(3)"`;
    const run = await runConformance({ kind: 'stdio', command }, { timeoutMs: 2000 });
    const report: Report = {
      schemaVersion: 1,
      header: {
        tool: { name: 'mcp-evals', version: '0.1.0' },
        specRevision: '2026-07-28',
        protocolEra: run.section.era,
        server: run.server,
        node: process.version,
        platform: `${process.platform}-${process.arch}`,
        startedAt: new Date().toISOString(),
        durationMs: run.section.durationMs,
      },
      conformance: run.section,
    };
    const json = renderReportJson(report);
    expect(JSON.parse(json)).toMatchObject({ conformance: { notEvaluated: { reason: expect.stringContaining('boom <x> @octocat') } } });
    expect(renderConformanceMarkdown(report)).toMatch(/^### ❌ .*could not be evaluated/);
    expect(renderJunit(report)).toContain('<error ');
  });
});
