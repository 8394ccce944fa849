import { isAbsolute, relative, resolve } from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { readReportDir } from '../../core/experiments/report-dir.js';
import { appendHistory, caseTrends, DEFAULT_HISTORY_FILE, DEFAULT_TREND_POINTS, readHistory, runUrlFromEnv } from '../../core/history/history.js';
import { parseFlags, positiveInteger } from '../args.js';
import { EXIT } from '../../core/exit-codes.js';
import type { Output } from '../output.js';

const DEFAULT_REPORT_DIR = 'mcp-evals-report';

const HELP = `mcp-evals history — pass rates run by run, and each case's recent trend

Usage:
  mcp-evals history append [--report DIR] [--file ${DEFAULT_HISTORY_FILE}] [--commit SHA]
  mcp-evals history show [--file ${DEFAULT_HISTORY_FILE}] [--case ID] [--model ID] [--last N] [--json]

append  adds one line per case × model of the report to the history file (created if missing;
        keep it as an artifact, or commit it). A run already in the file is not added twice.
        --commit defaults to $GITHUB_SHA; in GitHub Actions the run's URL is recorded too
        (report.html links each run's point on its trend chart to it).
show    prints each case's last N (default ${DEFAULT_TREND_POINTS}) pass rates, oldest first, e.g.
          weather · gpt-4.1   5/5 5/5 5/5 3/5 ↓ likely model drift
        ↓ / ↑: the newest run against the earlier ones in the window. "likely model drift": a
        drop with the same tools hash and server version across the window.

Exit codes: 0 done, 2 usage error or an unreadable file.`;

/** `mcp-evals history append|show`. */
export async function historyCommand(argv: string[], out: Output): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    out.stdout(HELP);
    return EXIT.ok;
  }
  if (sub === 'append') return append(rest, out);
  if (sub === 'show') return show(rest, out);
  throw new ConfigurationError(`${sub === undefined ? 'history needs a subcommand' : `unknown history subcommand "${sub}"`}: append or show (mcp-evals history --help)`);
}

async function append(argv: string[], out: Output): Promise<number> {
  const { values } = parseFlags(argv, { report: { type: 'string' }, file: { type: 'string' }, commit: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  const { dir, report } = await readReportDir(resolve(values.report ?? DEFAULT_REPORT_DIR));
  if (!report.behaviour) throw new ConfigurationError(`the report in ${display(dir)} has no behaviour section: there are no pass rates to record`);
  const file = resolve(values.file ?? DEFAULT_HISTORY_FILE);
  const commit = values.commit?.trim() || process.env.GITHUB_SHA?.trim() || undefined;
  const { appended, alreadyThere } = await appendHistory(file, report, { now: new Date(), commit, runUrl: runUrlFromEnv(process.env) });
  out.stdout(
    appended.length > 0
      ? `appended ${appended.length} case × model entr${appended.length === 1 ? 'y' : 'ies'} to ${display(file)}${commit ? ` (commit ${commit.slice(0, 12)})` : ''}${alreadyThere > 0 ? `; ${alreadyThere} already there` : ''}`
      : `nothing appended: this run (${report.header.startedAt}) is already in ${display(file)}`,
  );
  return EXIT.ok;
}

async function show(argv: string[], out: Output): Promise<number> {
  const { values } = parseFlags(argv, {
    file: { type: 'string' },
    case: { type: 'string' },
    model: { type: 'string' },
    last: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  const file = resolve(values.file ?? DEFAULT_HISTORY_FILE);
  const history = await readHistory(file);
  if (history.length === 0) throw new ConfigurationError(`no history in ${display(file)}: add runs with \`mcp-evals history append --report DIR\``);
  const last = positiveInteger(values.last, '--last', DEFAULT_TREND_POINTS);
  const trends = caseTrends(history, { caseId: values.case, model: values.model, last });
  if (trends.length === 0) {
    const what = [values.case && `case ${values.case}`, values.model && `model ${values.model}`].filter(Boolean).join(' and ');
    throw new ConfigurationError(`no history for ${what} in ${display(file)}`);
  }
  if (values.json) {
    out.stdout(JSON.stringify(trends.map(({ points, ...rest }) => ({ ...rest, points: points.map((p) => ({ reportStartedAt: p.reportStartedAt, passed: p.passed, decided: p.decided, passRate: p.passRate, ...(p.commit ? { commit: p.commit } : {}), ...(p.experiment ? { experiment: p.experiment } : {}) })) })), null, 2));
    return EXIT.ok;
  }
  const labels = trends.map((t) => `${t.caseId} · ${t.model}`);
  const width = Math.max(...labels.map((label) => label.length));
  trends.forEach((t, i) => out.stdout(`${labels[i].padEnd(width)}  ${t.text}`));
  const down = trends.filter((t) => t.direction === 'down');
  const drift = down.filter((t) => t.likelyModelDrift).length;
  out.stdout(`\n${trends.length} case × model trend(s) over the last ${last} run(s); ${down.length} dropped${drift > 0 ? ` (${drift} likely model drift: same tools and server version)` : ''}`);
  return EXIT.ok;
}

function display(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}
