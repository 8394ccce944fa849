import { resolve } from 'node:path';
import { loadConfig } from '../../core/config/load.js';
import { scorerCatalog } from '../../core/scorers/index.js';
import { parseFlags } from '../args.js';
import { EXIT } from '../../core/exit-codes.js';
import type { Output } from '../output.js';

const HELP = `mcp-evals scorers — the built-in scorers and what each needs

Usage:
  mcp-evals scorers [--json] [--config mcp-evals.yml]

  --json          machine-readable: [{id, summary, needs_config, config, implied, parameter?, model}]
  --config FILE   also list the judge criteria this config defines (valid \`scorers:\` entries)

implied: runs whenever the case sets its expectation. The others run when a case names them in
\`scorers:\` (or \`mcp-evals score --scorers\` does). An entry may carry a parameter, with no space
around the colon: \`- span_present:tool\`, \`- latency_budget:5s\`, \`- tool_succeeded:get_weather\`.
needs_config: the scorer needs something from the case (an expectation, \`budgets:\`), a
parameter or the config; without it the scorer abstains and says why (an implied scorer named
without its expectation is a configuration error instead).`;

/** `mcp-evals scorers`: the catalog as a table, or JSON. */
export async function scorersCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parseFlags(argv, { json: { type: 'boolean' }, config: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  const catalog = scorerCatalog();
  const config = values.config !== undefined ? await loadConfig(resolve(values.config)) : undefined;
  const criteria = config?.judge?.criteria ?? [];
  if (values.json) {
    const rows = catalog.map((row) => ({
      id: row.id,
      summary: row.summary,
      needs_config: row.needsConfig,
      config: row.config,
      implied: row.implied,
      ...(row.parameter ? { parameter: row.parameter } : {}),
      model: row.model,
    }));
    out.stdout(JSON.stringify(config ? { scorers: rows, judge_criteria: criteria.map((c) => ({ id: c.id, description: c.description })) } : rows, null, 2));
    return EXIT.ok;
  }
  const header = ['id', 'needs_config', 'runs', 'what passes', 'needs'];
  const rows = catalog.map((row) => [
    row.parameter ? `${row.id}[:param]` : row.id,
    row.needsConfig ? 'yes' : 'no',
    row.implied ? 'implied' : 'opt-in',
    row.summary,
    [row.config, row.parameter ? `param: ${row.parameter}` : ''].filter(Boolean).join('; ') || '–',
  ]);
  const widths = header.slice(0, 3).map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const format = (row: string[]) => `${row.slice(0, 3).map((cell, i) => cell.padEnd(widths[i])).join('  ')}  ${row[3]}${row[4] !== '–' && row[4] !== '' ? ` (needs: ${row[4]})` : ''}`.trimEnd();
  out.stdout([format(header.slice(0, 4).concat('')), ...rows.map(format)].join('\n'));
  if (config) {
    out.stdout(
      criteria.length > 0
        ? `\njudge criteria (${config.judge!.model}): ${criteria.map((c) => `${c.id} (${c.description})`).join('; ')}`
        : config.judge
          ? `\njudge (${config.judge.model}): no criteria; cases with a rubric are judged on it`
          : '\njudge: not configured in this config',
    );
  }
  return EXIT.ok;
}
