import { CHECKS } from '../../core/conformance/registry.js';
import { EXIT } from '../../core/exit-codes.js';
import type { Output } from '../output.js';
import { parseFlags } from '../args.js';

const HELP = `mcp-evals checks — every conformance check: id, level, requirement rows and where it applies

Usage:
  mcp-evals checks

Exit codes: 0 done, 2 a usage error.`;

/** One line per check: id, level, where it applies, the requirement rows it covers. */
export async function checksCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parseFlags(argv, { help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  const width = Math.max(...CHECKS.map((check) => check.id.length));
  for (const check of CHECKS) {
    const scope = [check.eras.length === 2 ? 'both eras' : check.eras[0], check.transport ?? 'any transport', check.assertion ? `★${check.assertion}` : ''].filter(Boolean).join(', ');
    out.stdout(`${check.id.padEnd(width)}  ${check.level.padEnd(6)}  ${check.requirements.join(' ')}  (${scope})`);
  }
  return EXIT.ok;
}
