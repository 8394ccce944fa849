import { access } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { loadConfig } from '../../core/config/load.js';
import type { EvalConfig } from '../../core/config/types.js';
import { ConfigurationError } from '../../core/errors.js';
import { goldenCandidates, readReportDir, readTraceLines } from '../../core/experiments/report-dir.js';
import { loadGoldenSet } from '../../core/golden/load.js';
import { DEFAULT_DEADLINE_MS, PARTIAL_FILE, rescoreReport, type RescoreOutcome } from '../../core/rescore/rescore.js';
import { createEmbeddingSimilarity } from '../../core/scorers/embeddings.js';
import { createJudgeScorer } from '../../core/scorers/judge.js';
import { secretsFromEnv } from '../../core/scorers/secrets.js';
import type { ScoringContext } from '../../core/scorers/types.js';
import { parseFlags, positiveInteger } from '../args.js';
import { EXIT } from '../../core/exit-codes.js';
import type { Output } from '../output.js';

const DEFAULT_REPORT_DIR = 'mcp-evals-report';
const DEFAULT_CONFIG = 'mcp-evals.yml';

const HELP = `mcp-evals score — score stored runs after the fact (nothing is scored on the request path)

Usage:
  mcp-evals score [--report DIR] [--scorers a,b] [--traces id,...] [--from TIME] [--limit N] [--dry-run]

  --report DIR       the report directory with traces.jsonl (default ${DEFAULT_REPORT_DIR})
  --scorers a,b      scorer ids to run (built-ins, span_present:tool-style parameters, judge,
                     judge criteria); default: each run's applicable scorers
  --traces id,...    these runs (trace ids, or unique prefixes of 6+ characters)
  --from TIME        only runs started at or after TIME (ISO 8601, or 30m / 24h / 7d ago)
  --limit N          the newest N runs (after --from)
  --dry-run          show what would be written; write nothing, call no judge
  --config FILE      for the judge, embeddings and secrets (default ${DEFAULT_CONFIG} when it exists)
  --golden FILE      the golden set to look cases up in (default: the one the report names)
  --deadline-ms N    the whole call's deadline (default ${DEFAULT_DEADLINE_MS}): the judge gets at
                     most N ÷ judge timeout_ms runs per call
  --json             the outcome as JSON

Scores replace those of the same scorer id in traces.jsonl (or are appended), and report.json,
summary.md, junit.xml and report.html are recomputed. Each judge score is saved to
DIR/${PARTIAL_FILE} as soon as the judge answers: an interrupted call keeps what it finished
and the next call picks it up.

Exit codes: 0 scored (whatever the scores), 2 usage or configuration error.`;

/** `mcp-evals score`. */
export async function scoreCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parseFlags(argv, {
    report: { type: 'string' },
    scorers: { type: 'string' },
    traces: { type: 'string' },
    from: { type: 'string' },
    limit: { type: 'string' },
    'dry-run': { type: 'boolean' },
    config: { type: 'string' },
    golden: { type: 'string' },
    'deadline-ms': { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  const traces = list(values.traces);
  if (traces && (values.from !== undefined || values.limit !== undefined)) throw new ConfigurationError('--traces names the runs; it does not combine with --from or --limit');
  if (values.traces !== undefined && !traces) throw new ConfigurationError('--traces names no trace id');
  const scorers = list(values.scorers);
  if (values.scorers !== undefined && !scorers) throw new ConfigurationError('--scorers names no scorer');
  const limit = values.limit === undefined ? undefined : positiveInteger(values.limit, '--limit', 1);
  const deadlineMs = positiveInteger(values['deadline-ms'], '--deadline-ms', DEFAULT_DEADLINE_MS);
  const from = values.from === undefined ? undefined : parseTime(values.from, new Date());

  const { dir, report } = await readReportDir(resolve(values.report ?? DEFAULT_REPORT_DIR));
  if (!report.behaviour) throw new ConfigurationError(`the report in ${display(dir)} has no behaviour section: there are no runs to score (mcp-evals run --layers 1)`);
  const lines = await readTraceLines(dir);
  const config = await configFor(values.config);
  const goldenFile = await goldenFor(values.golden, dir, report.behaviour.golden.file, config);
  const golden = await loadGoldenSet(goldenFile);

  const env = process.env;
  const judge = config?.judge ? createJudgeScorer(config.judge, config.judge.api_key_env ? env[config.judge.api_key_env] : undefined) : undefined;
  const context: ScoringContext = config
    ? {
        semanticSimilarity: config.embeddings ? createEmbeddingSimilarity(config.embeddings, config.embeddings.api_key_env ? env[config.embeddings.api_key_env] : undefined) : undefined,
        semanticThreshold: config.embeddings?.threshold,
        secrets: secretsFromEnv(config, env),
      }
    : {};

  const outcome = await rescoreReport({
    dir,
    report,
    lines,
    golden,
    scorers,
    selection: { traces, from, limit },
    judge,
    judgeTimeoutMs: config?.judge?.timeout_ms,
    deadlineMs,
    context,
    dryRun: values['dry-run'] === true,
  });
  if (values.json) out.stdout(JSON.stringify(jsonOutcome(outcome, values['dry-run'] === true), null, 2));
  else out.stdout(renderOutcome(outcome, dir, values['dry-run'] === true));
  return EXIT.ok;
}

function list(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const items = text.split(',').map((item) => item.trim()).filter(Boolean);
  return items.length > 0 ? items : undefined;
}

/**
 * An ISO 8601 time (`2026-08-01`, `2026-08-01T12:00:00Z`) or a span back from now (`30m`, `24h`,
 * `7d`). Throws ConfigurationError for anything else.
 */
export function parseTime(text: string, now: Date): Date {
  const relativeSpan = /^(\d+)\s*(m|min|h|d|w)$/i.exec(text.trim());
  if (relativeSpan) {
    const unit = relativeSpan[2].toLowerCase();
    const ms = { m: 60_000, min: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[unit] ?? 0;
    return new Date(now.getTime() - Number(relativeSpan[1]) * ms);
  }
  const parsed = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text.trim()) || !Number.isFinite(parsed)) throw new ConfigurationError(`--from must be an ISO 8601 time (2026-08-01 or 2026-08-01T12:00:00Z) or a span back from now (30m, 24h, 7d), got "${text}"`);
  return new Date(parsed);
}

/** The config FILE names, else mcp-evals.yml when it exists, else none (serve reads its judge the same way). */
export async function configFor(flag: string | undefined): Promise<EvalConfig | undefined> {
  if (flag !== undefined) return loadConfig(resolve(flag));
  const fallback = resolve(DEFAULT_CONFIG);
  try {
    await access(fallback);
  } catch {
    return undefined;
  }
  return loadConfig(fallback);
}

async function goldenFor(flag: string | undefined, reportDir: string, fromReport: string, config: EvalConfig | undefined): Promise<string> {
  if (flag !== undefined) return resolve(flag);
  const candidates = [...goldenCandidates(reportDir, fromReport), ...(config ? [config.golden] : [])];
  for (const candidate of candidates) {
    try {
      await access(candidate);
      return candidate;
    } catch {
      // try the next one
    }
  }
  throw new ConfigurationError(`the golden set this report was made from is not here (${fromReport}): pass --golden tasks.yaml`);
}

function renderOutcome(outcome: RescoreOutcome, dir: string, dryRun: boolean): string {
  const lines: string[] = [];
  const decided = outcome.written.filter((w) => w.result.passed !== null);
  const abstained = outcome.written.filter((w) => w.result.passed === null);
  const runLabel = (w: { traceId: string; caseId: string; model: string; repeat: number }) => `${w.traceId.slice(0, 12)}  ${w.caseId} · ${w.model} #${w.repeat}`;
  lines.push(
    `${dryRun ? 'dry run: ' : ''}${outcome.selected.length} run(s) selected in ${display(dir)}; ${decided.length} score(s) ${dryRun ? 'would be written' : 'written'}, ${abstained.length + outcome.skipped.length} skipped`,
  );
  for (const note of outcome.notes) lines.push(`note: ${note}`);
  if (decided.length > 0) {
    lines.push('', dryRun ? 'scores that would be written:' : 'scores written:');
    for (const w of decided) {
      const change = w.previous && w.previous.passed !== w.result.passed ? ` (was ${mark(w.previous.passed)})` : '';
      lines.push(`  ${runLabel(w)}  ${w.result.scorer} ${mark(w.result.passed)}${change}${w.resumed ? ' [saved by an interrupted call]' : ''}: ${oneLine(w.result.reason)}`);
    }
  }
  if (abstained.length + outcome.skipped.length > 0) {
    lines.push('', 'skipped:');
    for (const w of abstained) lines.push(`  ${runLabel(w)}  ${w.result.scorer}: abstained (recorded as an abstention): ${oneLine(w.result.reason)}`);
    for (const s of outcome.skipped) lines.push(`  ${runLabel(s)}  ${s.scorer}: ${s.kind === 'not-applicable' ? 'not applicable' : s.kind}: ${oneLine(s.reason)}`);
  }
  if (outcome.judge) {
    const j = outcome.judge;
    lines.push('', `judge: ${j.asked} run(s) asked (at most ${j.cap} per call: ${j.deadlineMs}ms deadline ÷ ${j.timeoutMs}ms per judge call)${j.resumed > 0 ? `; ${j.resumed} score(s) taken from ${PARTIAL_FILE}` : ''}`);
  }
  if (dryRun) lines.push('', 'dry run: nothing written');
  else if (outcome.files.length > 0) lines.push('', `wrote ${outcome.files.map(display).join(', ')}`);
  else lines.push('', 'nothing to write');
  return lines.join('\n');
}

function jsonOutcome(outcome: RescoreOutcome, dryRun: boolean) {
  return {
    dryRun,
    selected: outcome.selected,
    written: outcome.written,
    skipped: outcome.skipped,
    ...(outcome.judge ? { judge: outcome.judge } : {}),
    notes: outcome.notes,
    files: outcome.files,
  };
}

function mark(passed: boolean | null): string {
  return passed === true ? '✓' : passed === false ? '✗' : '–';
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 240 ? `${flat.slice(0, 239)}…` : flat;
}

function display(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}
