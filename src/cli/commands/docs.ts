import { renderCoverageDoc } from '../../core/conformance/coverage-doc.js';
import { writeFileSafely } from '../../core/report/safe-write.js';
import { parseFlags } from '../args.js';
import { EXIT } from '../../core/exit-codes.js';
import type { Output } from '../output.js';

const HELP = `mcp-evals docs — the conformance coverage document (docs/conformance.md), from the check registry

Usage:
  mcp-evals docs [--write FILE]

  --write FILE   write it to FILE instead of printing it

Exit codes: 0 done, 2 a usage error.`;

export async function docsCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parseFlags(argv, { write: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  const doc = renderCoverageDoc();
  if (values.write) {
    await writeFileSafely(values.write, doc);
    out.stdout(`wrote ${values.write}`);
  } else {
    out.stdout(doc);
  }
  return EXIT.ok;
}
