import { renderCoverageDoc } from '../../core/conformance/coverage-doc.js';
import { writeFileSafely } from '../../core/report/safe-write.js';
import { parseFlags } from '../args.js';
import { EXIT } from '../../core/exit-codes.js';
import type { Output } from '../output.js';

export async function docsCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parseFlags(argv, { write: { type: 'string' } });
  const doc = renderCoverageDoc();
  if (values.write) {
    await writeFileSafely(values.write, doc);
    out.stdout(`wrote ${values.write}`);
  } else {
    out.stdout(doc);
  }
  return EXIT.ok;
}
