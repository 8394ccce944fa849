import { mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { baselineFromReport, DEFAULT_BASELINE_FILE, parseBaseline, splitCaseKey, type Baseline } from '../../core/gate/baseline.js';
import { formatAge } from '../../core/gate/compare.js';
import { goldenSetHash } from '../../core/golden/hash.js';
import { goldenCandidates } from '../../core/experiments/report-dir.js';
import { loadGoldenSet } from '../../core/golden/load.js';
import { readReportViolations } from '../../core/report/schema.js';
import type { Report } from '../../core/report/types.js';
import { parseFlags } from '../args.js';
import { EXIT } from '../../core/exit-codes.js';
import { inertText } from '../../core/report/inert.js';
import { writeFileSafely } from '../../core/report/safe-write.js';
import { splitPinKey } from '../../core/surface/pins.js';
import type { Output } from '../output.js';
import { thousands } from '../../core/thousands.js';

const DEFAULT_REPORT_DIR = 'mcp-evals-report';
/** At most this many problem cases are named in one message. */
const MAX_LISTED = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
/** `baseline show` lists this many pinned definitions at most (a server may list thousands). */
const MAX_PINS_LISTED = 200;
/** Hex digits of a pin shown: enough to tell two apart by eye, as the tools hash above. */
const SHORT_HASH = 12;
const PIN_KINDS: Record<string, [string, string]> = { tool: ['tool', 'tools'], prompt: ['prompt', 'prompts'], resource: ['resource', 'resources'], resourceTemplate: ['resource template', 'resource templates'] };

const HELP = `mcp-evals baseline — the approved baseline the gate compares against

Usage:
  mcp-evals baseline accept [--report DIR] [--out FILE] [--commit SHA] [--by NAME] [--force]
  mcp-evals baseline show [--file FILE]

accept  turns a run's report into the approved baseline and writes it (commit the file):
  --report DIR     the report directory (or its report.json) (default ${DEFAULT_REPORT_DIR})
  --out FILE       where to write the baseline (default ${DEFAULT_BASELINE_FILE})
  --commit SHA     the commit the run was made on (recorded in the baseline)
  --by NAME        who accepted it (recorded in the baseline)
  --force          accept a partial report, a single shard, a merge of some shards only,
                   or one with errored or not-run cases

  A baseline is the bar every later run is held to, so it must be a complete, trustworthy
  sample of the whole golden set: a run that stopped early, a single shard (or a merge of 1 of
  4), or a case whose model calls errored would lower the bar for the cases it left out. accept
  names what is missing and refuses (exit 1) unless --force.

show    prints a baseline's source, age, server, cases, conformance checks and surface pins
        (each pinned tool, prompt and resource with the start of its SHA-256):
  --file FILE      the baseline (default ${DEFAULT_BASELINE_FILE})

Exit codes: 0 done, 1 the report is not fit to be a baseline, 2 usage error or an unreadable file.`;

/** `mcp-evals baseline accept|show`. */
export async function baselineCommand(argv: string[], out: Output): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    out.stdout(HELP);
    return EXIT.ok;
  }
  if (sub === 'accept') return accept(rest, out);
  if (sub === 'show') return show(rest, out);
  throw new ConfigurationError(`${sub === undefined ? 'baseline needs a subcommand' : `unknown baseline subcommand "${sub}"`}: accept or show (mcp-evals baseline --help)`);
}

async function accept(argv: string[], out: Output): Promise<number> {
  const { values } = parseFlags(argv, {
    report: { type: 'string' },
    out: { type: 'string' },
    commit: { type: 'string' },
    by: { type: 'string' },
    force: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  for (const flag of ['commit', 'by', 'out', 'report'] as const) {
    if (values[flag] !== undefined && values[flag].trim() === '') throw new ConfigurationError(`--${flag} must not be empty`);
  }
  const reportFile = await reportPath(resolve(values.report ?? DEFAULT_REPORT_DIR));
  const report = await readReport(reportFile);

  const objections = [...unfitness(report), ...(await missingCases(report, reportFile))];
  if (objections.length > 0 && !values.force) {
    out.stderr(
      [
        `mcp-evals: not accepted: ${display(reportFile)} is not a complete, trustworthy sample:`,
        ...objections.map((line) => `  - ${line}`),
        'A baseline is the bar later runs are held to; accepting this one would lower it for what the run left out.',
        'Run again (the result cache keeps the cost down), or pass --force to accept it anyway.',
      ].join('\n'),
    );
    return EXIT.failed;
  }

  const outFile = resolve(values.out ?? DEFAULT_BASELINE_FILE);
  const previous = await readPrevious(outFile);
  const baseline = baselineFromReport(report, { acceptedAt: new Date(), commit: values.commit?.trim(), acceptedBy: values.by?.trim() });
  const text = `${JSON.stringify(baseline, null, 2)}\n`;
  // Never write a file the gate would then reject.
  parseBaseline(text, outFile);
  await mkdir(dirname(outFile), { recursive: true });
  await writeFileSafely(outFile, text);

  if (objections.length > 0) out.stderr(`mcp-evals: accepted with --force despite:\n${objections.map((line) => `  - ${line}`).join('\n')}`);
  const below = Object.values(baseline.cases).filter((entry) => entry.meetsFloor === false).length;
  out.stdout(`accepted ${display(outFile)}: ${describeContents(baseline)}`);
  out.stdout(`  source: ${baseline.source}`);
  if (previous) out.stdout(`  replaces: ${previous.source} (${describeContents(previous)})`);
  if (below > 0) out.stdout(`  note: ${below} case × model ${below === 1 ? 'entry is' : 'entries are'} below ${below === 1 ? 'its floor' : 'their floors'}; floors still fail ${below === 1 ? 'it' : 'them'} until ${below === 1 ? 'it meets it' : 'they meet them'}`);
  out.stdout(`next: commit ${display(outFile)}; later runs are gated against it (pass-rate drop beyond max-drop, plus floors)`);
  return EXIT.ok;
}

async function show(argv: string[], out: Output): Promise<number> {
  const { values } = parseFlags(argv, { file: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  const file = resolve(values.file ?? DEFAULT_BASELINE_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ConfigurationError('no baseline here: create one with `mcp-evals baseline accept` and commit it', { file: display(file) });
    throw new ConfigurationError(`cannot read the baseline: ${(error as Error).message}`, { file: display(file) });
  }
  const baseline = parseBaseline(text, display(file));
  const accepted = Date.parse(baseline.acceptedAt);
  const age = Number.isFinite(accepted) ? formatAge(Math.max(0, Math.floor((Date.now() - accepted) / DAY_MS))) : 'accepted at an unknown time';
  const by = [baseline.acceptedBy && `by ${baseline.acceptedBy}`, baseline.commit && `at commit ${baseline.commit}`].filter(Boolean).join(' ');
  // Everything below comes from a file a server's answers filled: one inert line per value.
  const server = inertText([baseline.server.name, baseline.server.version].filter(Boolean).join(' ')) || 'unknown';
  const entries = Object.entries(baseline.cases);
  const caseIds = new Set(entries.map(([key]) => splitCaseKey(key).caseId));
  const below = entries.filter(([, entry]) => entry.meetsFloor === false).length;
  const undecided = entries.filter(([, entry]) => entry.decided === 0).length;
  const statuses = countBy(Object.values(baseline.conformance));

  out.stdout(`baseline ${display(file)}`);
  out.stdout(`  source:      ${inertText(baseline.source)}`);
  out.stdout(`  accepted:    ${inertText(String(baseline.acceptedAt))} (${age})${by ? ` ${inertText(by)}` : ''}`);
  out.stdout(`  server:      ${server}${baseline.toolsHash ? `, tools ${baseline.toolsHash.slice(0, 12)}` : ''}`);
  out.stdout(
    `  cases:       ${entries.length === 0 ? '0 (conformance only)' : `${entries.length} case × model entries: ${caseIds.size} case${caseIds.size === 1 ? '' : 's'} on ${baseline.models.length} model${baseline.models.length === 1 ? '' : 's'} (${baseline.models.map(inertText).join(', ')})`}` +
      `${below > 0 ? `; ${below} below floor` : ''}${undecided > 0 ? `; ${undecided} with no decided run` : ''}`,
  );
  out.stdout(`  conformance: ${Object.keys(baseline.conformance).length} checks${statuses.length > 0 ? ` (${statuses.join(', ')})` : ''}`);
  for (const line of surfaceLines(baseline)) out.stdout(line);
  return EXIT.ok;
}

/** The surface pins (rug-pull detection): counts per kind, tokens, when and from what, then each pin. */
function surfaceLines(baseline: Baseline): string[] {
  if (!baseline.surface) return ['  surface:     no pins (the accepted run did not analyse the tool surface): changed definitions go unnoticed'];
  const pins = Object.entries(baseline.surface.pins).map(([key, pin]) => ({ ...splitPinKey(key), sha256: pin.sha256 }));
  const counts = new Map<string, number>();
  for (const pin of pins) counts.set(pin.kind, (counts.get(pin.kind) ?? 0) + 1);
  const described =
    Object.entries(PIN_KINDS)
      .filter(([kind]) => counts.has(kind))
      .map(([kind, [one, many]]) => `${counts.get(kind)} ${counts.get(kind) === 1 ? one : many}`)
      .join(', ') || '0 definitions';
  const tokens = baseline.surface.tokens === undefined ? '' : `, ${thousands(baseline.surface.tokens)} tokens of tool definitions`;
  const lines = [`  surface:     ${described} pinned (SHA-256)${tokens}; pinned at ${inertText(String(baseline.acceptedAt))} from the source above`];
  const labels = pins.slice(0, MAX_PINS_LISTED).map((pin) => `${PIN_KINDS[pin.kind]?.[0] ?? inertText(pin.kind)} ${inertText(pin.name)}`);
  const width = Math.min(60, Math.max(0, ...labels.map((label) => label.length)));
  labels.forEach((label, index) => lines.push(`    ${label.padEnd(width)}  ${pins[index].sha256.slice(0, SHORT_HASH)}`));
  if (pins.length > MAX_PINS_LISTED) lines.push(`    …and ${pins.length - MAX_PINS_LISTED} more`);
  return lines;
}

/** Why a report should not become the bar later runs are held to; empty when it is fit. */
function unfitness(report: Report): string[] {
  const objections: string[] = [];
  const behaviour = report.behaviour;
  if (!behaviour) return objections;
  if (behaviour.partial) objections.push(`the run stopped early (${behaviour.partial.reason}): ${behaviour.partial.notRun} run(s) were not run`);
  if (behaviour.shard) objections.push(`it is shard ${behaviour.shard.index}/${behaviour.shard.total} of the golden set: combine the shards with \`mcp-evals merge\` and accept the merged report`);
  const incomplete = behaviour.results.filter((result) => result.errored > 0 || result.notRun > 0);
  if (incomplete.length > 0) {
    const listed = incomplete.slice(0, MAX_LISTED).map((result) => {
      const parts = [result.errored > 0 && `${result.errored} errored`, result.notRun > 0 && `${result.notRun} not run`].filter(Boolean).join(', ');
      return `${result.id} on ${result.model} (${parts} of ${result.runs})`;
    });
    const more = incomplete.length > MAX_LISTED ? `, …and ${incomplete.length - MAX_LISTED} more` : '';
    objections.push(`${incomplete.length} case × model result${incomplete.length === 1 ? ' has' : 's have'} runs that errored or did not run: ${listed.join(', ')}${more}`);
  }
  return objections;
}

/**
 * A baseline covers the whole golden set on every model of the report: a merge of some shards
 * only has results for part of it. The golden file (as the report names it, from the working
 * directory or beside the report) names the missing cases when it is the same golden set.
 */
async function missingCases(report: Report, reportFile: string): Promise<string[]> {
  const behaviour = report.behaviour;
  if (!behaviour || behaviour.shard) return [];
  const present = new Set(behaviour.results.map((result) => `${result.id}\u0000${result.model}`));
  const ids = await goldenCaseIds(behaviour.golden, reportFile);
  const models = behaviour.models.map((model) => model.id);
  if (ids) {
    const missing = ids.flatMap((id) => models.filter((model) => !present.has(`${id}\u0000${model}`)).map((model) => `${id} on ${model}`));
    if (missing.length === 0) return [];
    const more = missing.length > MAX_LISTED ? `, …and ${missing.length - MAX_LISTED} more` : '';
    return [`it covers ${ids.length - new Set(missing.map((entry) => entry.split(' on ')[0])).size} of ${ids.length} cases of the golden set: ${missing.length} case × model result${missing.length === 1 ? ' is' : 's are'} missing (${missing.slice(0, MAX_LISTED).join(', ')}${more}); merge every shard's report with \`mcp-evals merge\``];
  }
  const cases = new Set(behaviour.results.map((result) => result.id)).size;
  if (cases >= behaviour.golden.cases) return [];
  return [`it covers ${cases} of the golden set's ${behaviour.golden.cases} cases (${behaviour.golden.file} is not here to name the others); merge every shard's report with \`mcp-evals merge\``];
}

/** The case ids of the report's golden set, when its file is found and still hashes the same. */
async function goldenCaseIds(golden: { file: string; hash: string }, reportFile: string): Promise<string[] | undefined> {
  for (const file of goldenCandidates(dirname(reportFile), golden.file)) {
    try {
      const set = await loadGoldenSet(file);
      if (goldenSetHash(set) === golden.hash) return set.cases.map((entry) => entry.id);
    } catch {
      // Not here, or another version of it: fall back to the count.
    }
  }
  return undefined;
}

/** DIR/report.json, or the path itself when it is a file. */
async function reportPath(path: string): Promise<string> {
  try {
    return (await stat(path)).isFile() ? path : join(path, 'report.json');
  } catch {
    return join(path, 'report.json');
  }
}

async function readReport(file: string): Promise<Report> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new ConfigurationError('no report here: run `mcp-evals run` first (or download the mcp-evals report artifact) and pass its directory with --report', { file: display(file) });
    }
    throw new ConfigurationError(`cannot read the report: ${(error as Error).message}`, { file: display(file) });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigurationError(`report.json is not valid JSON: ${(error as Error).message}`, { file: display(file) });
  }
  const problems = await readReportViolations(value);
  if (problems.length > 0) {
    const more = problems.length > 3 ? `; …and ${problems.length - 3} more` : '';
    throw new ConfigurationError(`not a valid mcp-evals report: ${problems.slice(0, 3).join('; ')}${more}`, { file: display(file) });
  }
  return value as Report;
}

/** The baseline being replaced, if there is a valid one; an unreadable old file is simply overwritten. */
async function readPrevious(file: string): Promise<Baseline | undefined> {
  try {
    return parseBaseline(await readFile(file, 'utf8'), file);
  } catch {
    return undefined;
  }
}

/** `4 case × model entries (3 cases, 2 models), 3 conformance checks`. */
function describeContents(baseline: Baseline): string {
  const entries = Object.keys(baseline.cases);
  const cases = new Set(entries.map((key) => splitCaseKey(key).caseId)).size;
  const checks = Object.keys(baseline.conformance).length;
  const parts = [];
  if (entries.length > 0) parts.push(`${entries.length} case × model entr${entries.length === 1 ? 'y' : 'ies'} (${cases} case${cases === 1 ? '' : 's'}, ${baseline.models.length} model${baseline.models.length === 1 ? '' : 's'})`);
  parts.push(`${checks} conformance check${checks === 1 ? '' : 's'}`);
  return parts.join(', ');
}

function countBy(statuses: string[]): string[] {
  const counts = new Map<string, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return ['pass', 'fail', 'warn', 'skip'].filter((status) => counts.has(status)).map((status) => `${counts.get(status)} ${status}`);
}

/** A path relative to the working directory when it is inside it: what a person typed. */
function display(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}
