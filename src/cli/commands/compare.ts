import { isAbsolute, relative, resolve } from 'node:path';
import { request } from 'undici';
import { ConfigurationError } from '../../core/errors.js';
import { compareReports, DEFAULT_MAX_DROP, type Comparison, type Delta } from '../../core/experiments/compare.js';
import { readReportDir } from '../../core/experiments/report-dir.js';
import { parseFlags } from '../args.js';
import { EXIT } from '../../core/exit-codes.js';
import type { Output } from '../output.js';

const HELP = `mcp-evals compare — two reports (experiments) side by side

Usage:
  mcp-evals compare BASELINE CANDIDATE [--max-drop 0.02] [--json]
  mcp-evals compare --daemon URL BASELINE CANDIDATE [--token-env NAME] [--max-drop 0.02] [--json]

  BASELINE, CANDIDATE   report directories, or their report.json (tag runs with
                        \`mcp-evals run --experiment TAG\`: a commit, a prompt version);
                        with --daemon, two experiment ids registered there
  --daemon URL          compare on a running \`mcp-evals serve\` (its scores per experiment)
  --token-env NAME      the daemon's bearer token, from this environment variable
  --max-drop X          the largest drop (0..1) that is not a regression (default ${DEFAULT_MAX_DROP})
  --json                the comparison as JSON

Per scorer: the pass fraction over all runs. Per metric: the behaviour metrics overall and per
model. Each row shows the observations on each side; it is decidable with at least 20 a side,
and regressed when decidable, worse by more than --max-drop and (for proportions) a two-sided
two-proportion z-test gives p < 0.05. Only scorers both sides ran are compared (a report
re-scored with \`mcp-evals score --scorers\` is not a drop to zero); the rest are named, with the
metrics that rest on them (task success, completion and error recovery when the scorer sets differ).

Exit codes: 0 no decidable regression, 1 a decidable regression, 2 usage error (an unknown
experiment included), 3 the daemon could not be reached or failed.`;

/** `mcp-evals compare`. */
export async function compareCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals } = parseFlags(argv, { 'max-drop': { type: 'string' }, json: { type: 'boolean' }, daemon: { type: 'string' }, 'token-env': { type: 'string' }, help: { type: 'boolean', short: 'h' } }, true);
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  if (positionals.length !== 2) throw new ConfigurationError(`usage: mcp-evals compare BASELINE CANDIDATE (two report directories or report.json files; with --daemon, two experiment ids), got ${positionals.length} argument(s)`);
  const maxDrop = values['max-drop'] === undefined ? DEFAULT_MAX_DROP : Number(values['max-drop']);
  if (!Number.isFinite(maxDrop) || maxDrop < 0 || maxDrop > 1) throw new ConfigurationError(`--max-drop must be a number from 0 to 1, got "${values['max-drop']}"`);
  if (values.daemon !== undefined) {
    const fetched = await compareOnDaemon(values.daemon, positionals[0], positionals[1], maxDrop, values['token-env']);
    if (!fetched.ok) {
      out.stderr(`mcp-evals compare: ${fetched.problem}`);
      return fetched.exit;
    }
    out.stdout(values.json ? JSON.stringify(fetched.comparison, null, 2) : renderComparison(fetched.comparison));
    return fetched.comparison.regressed ? EXIT.failed : EXIT.ok;
  }
  const [baseline, candidate] = await Promise.all(positionals.map((path) => readReportDir(resolve(path))));
  const comparison = compareReports(baseline.report, candidate.report, { maxDrop, labels: [display(baseline.dir), display(candidate.dir)] });
  out.stdout(values.json ? JSON.stringify(comparison, null, 2) : renderComparison(comparison));
  return comparison.regressed ? EXIT.failed : EXIT.ok;
}

const DAEMON_TIMEOUT_MS = 60_000;

/** GET /v1/api/experiments/compare on a daemon: the same Comparison the files give. */
async function compareOnDaemon(base: string, baseline: string, candidate: string, maxDrop: number, tokenEnv: string | undefined): Promise<{ ok: true; comparison: Comparison } | { ok: false; problem: string; exit: number }> {
  let url: URL;
  try {
    url = new URL('/v1/api/experiments/compare', base);
  } catch {
    throw new ConfigurationError(`--daemon must be a URL (http://127.0.0.1:4317), got "${base}"`);
  }
  url.search = new URLSearchParams({ baseline, candidate, max_drop: String(maxDrop) }).toString();
  const token = tokenEnv !== undefined ? process.env[tokenEnv] : undefined;
  if (tokenEnv !== undefined && !token) throw new ConfigurationError(`--token-env ${tokenEnv}: that environment variable is not set (or empty)`);
  let status: number;
  let text: string;
  try {
    const response = await request(url, { method: 'GET', headers: token ? { authorization: `Bearer ${token}` } : {}, headersTimeout: DAEMON_TIMEOUT_MS, bodyTimeout: DAEMON_TIMEOUT_MS });
    status = response.statusCode;
    text = await response.body.text();
  } catch (error) {
    return { ok: false, problem: `the daemon at ${url.origin} could not be reached: ${error instanceof Error ? error.message : String(error)}`, exit: EXIT.couldNotEvaluate };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, problem: `the daemon at ${url.origin} answered ${status} with something that is not JSON`, exit: EXIT.couldNotEvaluate };
  }
  if (status !== 200) {
    const message = (body as { error?: { message?: unknown } })?.error?.message;
    return { ok: false, problem: `the daemon answered ${status}: ${typeof message === 'string' ? message : text.slice(0, 500)}`, exit: status >= 400 && status < 500 && status !== 401 && status !== 429 ? EXIT.usage : EXIT.couldNotEvaluate };
  }
  const comparison = body as Comparison;
  if (!Array.isArray(comparison?.scorers) || typeof comparison.regressed !== 'boolean') return { ok: false, problem: `the daemon at ${url.origin} did not answer a comparison`, exit: EXIT.couldNotEvaluate };
  return { ok: true, comparison };
}

export function renderComparison(comparison: Comparison): string {
  const lines: string[] = [];
  const side = (s: Comparison['baseline']) => `${s.experiment ? `${s.experiment} (${s.label})` : s.label}, ${s.runs} run(s), started ${s.startedAt}`;
  lines.push(`baseline:  ${side(comparison.baseline)}`, `candidate: ${side(comparison.candidate)}`);
  for (const note of comparison.notes) lines.push(`note: ${note}`);
  const table = (title: string, deltas: Delta[]) => {
    if (deltas.length === 0) return;
    const rows = deltas.map((d) => [d.kind === 'scorer' ? d.name : `${d.name} (${d.scope})`, value(d.baseline), value(d.candidate), signed(d.delta), `${d.baseline.n}/${d.candidate.n}`, d.decidable ? 'yes' : 'no', verdict(d, comparison.maxDrop)]);
    const header = [title, 'baseline', 'candidate', 'delta', 'n (b/c)', 'decidable', 'verdict'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
    const format = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd();
    lines.push('', format(header), ...rows.map(format));
  };
  table('scorer (pass fraction)', comparison.scorers);
  table('metric', comparison.metrics);
  const regressions = [...comparison.scorers, ...comparison.metrics].filter((d) => d.regressed);
  const undecidable = [...comparison.scorers, ...comparison.metrics].filter((d) => !d.decidable && d.delta !== null && d.delta !== 0).length;
  lines.push('');
  if (regressions.length > 0) lines.push(`REGRESSED: ${regressions.map((d) => (d.kind === 'scorer' ? d.name : `${d.name} (${d.scope})`)).join(', ')} (max drop ${comparison.maxDrop}, p < 0.05)`);
  else lines.push(`no decidable regression (max drop ${comparison.maxDrop}; decidable needs ${comparison.minObservations} observations a side)`);
  if (undecidable > 0) lines.push(`${undecidable} difference(s) rest on fewer than ${comparison.minObservations} observations a side: not decidable; run more repeats (--runs) to decide them`);
  return lines.join('\n');
}

function value(side: Delta['baseline']): string {
  if (side.value === null) return '–';
  const text = side.value.toFixed(3);
  return side.k !== undefined ? `${text} (${side.k}/${side.n})` : text;
}

function signed(delta: number | null): string {
  if (delta === null) return '–';
  const text = Math.abs(delta).toFixed(3);
  return delta > 0 ? `+${text}` : delta < 0 ? `−${text}` : ` ${text}`;
}

function verdict(d: Delta, maxDrop: number): string {
  const p = d.pValue !== null ? ` (p=${d.pValue < 0.001 ? '<0.001' : d.pValue.toFixed(3)})` : '';
  if (d.regressed) return `REGRESSED${p}`;
  if (!d.decidable || d.delta === null || d.better === null) return '';
  const improvement = d.better === 'higher' ? d.delta : -d.delta;
  if (improvement > 0) return `better${p}`;
  if (improvement < -maxDrop - 1e-9) return `worse, not significant${p}`;
  if (improvement < 0) return `worse, within max drop${p}`;
  return 'same';
}

function display(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}
