import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { couldNotEvaluate } from '../../core/evals/evaluated.js';
import { mergeReports, type ShardReport } from '../../core/evals/merge.js';
import type { TraceLine } from '../../core/evals/run-evals.js';
import { readReportViolations } from '../../core/report/schema.js';
import { renderBehaviourText } from '../../core/report/behaviour-text.js';
import type { Report } from '../../core/report/types.js';
import { writeReportFiles } from '../../core/report/write.js';
import { parseFlags } from '../args.js';
import { EXIT } from '../../core/exit-codes.js';
import type { Output } from '../output.js';

const HELP = `mcp-evals merge — combine the reports of shards (and of a conformance run) into one

Usage:
  mcp-evals merge DIR... [--out DIR]

Each DIR holds a report.json (and traces.jsonl with the behaviour layer) from \`mcp-evals run
--shard i/n\` or the action; they must come from one golden set and one server. The merged
report is what an unsharded run would have written.
  --out DIR   where the merged report is written (default mcp-evals-report)

Exit codes: 0 merged, 1 merged and a case is below its floor, 2 a report is missing, invalid or
from another golden set.`;

/** `mcp-evals merge DIR... --out DIR`: shard reports → the report an unsharded run would have written. */
export async function mergeCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals } = parseFlags(argv, { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, true);
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new ConfigurationError('usage: mcp-evals merge DIR... --out DIR');
  const shards = await Promise.all(positionals.map(readShard));
  const { report, traces } = mergeReports(shards);
  const files = await writeReportFiles(resolve(values.out ?? 'mcp-evals-report'), report, { traces: report.behaviour ? traces : undefined });
  if (report.behaviour) out.stdout(renderBehaviourText(report.behaviour, { color: out.color }, report.telemetry));
  out.stdout(`merged ${shards.length} report(s): ${files.join(', ')}`);
  const unevaluated = couldNotEvaluate(report);
  if (unevaluated) {
    out.stderr(`mcp-evals: could not evaluate: ${unevaluated}`);
    return EXIT.couldNotEvaluate;
  }
  const belowFloor = (report.behaviour?.results ?? []).some((result) => result.meetsFloor === false);
  return belowFloor ? EXIT.failed : EXIT.ok;
}

async function readShard(dir: string): Promise<ShardReport> {
  const file = join(dir, 'report.json');
  let report: Report;
  try {
    report = JSON.parse(await readFile(file, 'utf8')) as Report;
  } catch (error) {
    throw new ConfigurationError(`cannot read a report: ${(error as Error).message}`, { file });
  }
  const problems = await readReportViolations(report);
  if (problems.length > 0) throw new ConfigurationError(`not a valid mcp-evals report: ${problems.slice(0, 3).join('; ')}`, { file });
  let traces: TraceLine[] = [];
  try {
    const text = await readFile(join(dir, 'traces.jsonl'), 'utf8');
    traces = text.split('\n').filter(Boolean).map((line, index) => {
      try {
        return JSON.parse(line) as TraceLine;
      } catch {
        throw new ConfigurationError('a line of traces.jsonl is not JSON', { file: join(dir, 'traces.jsonl'), line: index + 1, column: 1 });
      }
    });
  } catch (error) {
    if (error instanceof ConfigurationError) throw error;
    if (report.behaviour) throw new ConfigurationError('traces.jsonl is missing next to a behaviour report', { file: join(dir, 'traces.jsonl') });
  }
  return { dir, report, traces };
}
