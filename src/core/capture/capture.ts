import { Document, LineCounter, YAMLMap, YAMLSeq, isAlias, isMap, isScalar, isSeq, parseDocument, visit, type Node } from 'yaml';
import { ConfigurationError } from '../errors.js';
import type { TraceLine } from '../evals/run-evals.js';
import { parseGoldenSet } from '../golden/load.js';

/**
 * `mcp-evals capture`: turns one stored run into a new golden case, appended to tasks.yaml, so the
 * problem a run showed is measured on every later version.
 *
 * - The new case is a copy of the run's original case (its YAML node: prompt, expectations,
 *   rubric, scorers, budgets, ... as written, comments included) with a new id,
 *   `<case id>-<first 8 characters of the trace id>` (longer when taken), and `source_trace_id`.
 *   The expectations are the original case's: the captured case is a regression test of what
 *   the run got wrong, not a record of what it did.
 * - `expected`: with `useOutputAsExpected`, the run's final answer. Otherwise the original case's
 *   `expected` when it has one (that is the right answer, not the run's); else the placeholder
 *   "TODO: fill in the correct answer" and a `# captured from trace <id>: fill in expected`
 *   comment, because a captured failure must not enshrine its wrong answer. The placeholder
 *   fails `final_answer` until someone fills it in.
 * - The existing text is kept byte for byte: the new case is rendered on its own (yaml Document
 *   API) and appended. Only when appending cannot work (a flow-style list, a document end marker)
 *   is the whole document re-rendered through the Document API, which keeps comments.
 * - The result is parsed with the golden loader before it is returned: a capture never leaves an
 *   invalid tasks.yaml.
 */

export const EXPECTED_PLACEHOLDER = 'TODO: fill in the correct answer';

export interface CaptureOptions {
  useOutputAsExpected?: boolean;
}

export interface CaptureResult {
  /** The new text of tasks.yaml. */
  text: string;
  caseId: string;
  /** The line the new case starts on (1-based). */
  line: number;
  /** `expected` is the placeholder and must be filled in. */
  placeholder: boolean;
  /** Where `expected` came from. */
  expectedFrom: 'placeholder' | 'original case' | 'run output';
  /** True when the whole document was re-rendered (the prefix is not byte-identical). */
  rerendered: boolean;
}

/** Appends a case made from `run` to the golden text (see the module comment). Throws ConfigurationError. */
export function captureCase(text: string, file: string, run: TraceLine, options: CaptureOptions = {}): CaptureResult {
  const set = parseGoldenSet(text, file); // a broken file is reported as the loader reports it
  const traceId = run.trace.traceId;
  const already = set.cases.find((c) => c.source_trace_id === traceId);
  if (already) throw new ConfigurationError(`trace ${traceId} is already captured as case \`${already.id}\``, already.location);
  if (!set.cases.some((c) => c.id === run.caseId)) {
    throw new ConfigurationError(`case \`${run.caseId}\` of trace ${traceId} is not in ${file} any more: there is nothing to copy its prompt and expectations from`, { file });
  }
  const answer = run.trace.finalAnswer;
  if (options.useOutputAsExpected && answer.trim() === '') throw new ConfigurationError(`trace ${traceId} has no final answer to use as expected (it stopped: ${run.trace.stopReason})`);

  const lineCounter = new LineCounter();
  const doc = parseDocument(text.startsWith('\uFEFF') ? text.slice(1) : text, { lineCounter, merge: true });
  const seq = doc.contents;
  if (!isSeq(seq)) throw new ConfigurationError(`${file} is not a list of cases`, { file });
  const original = seq.items.find((item) => isMap(item) && scalarValue(item.get('id', true)) === run.caseId) as YAMLMap | undefined;
  if (!original) throw new ConfigurationError(`case \`${run.caseId}\` is not a plain mapping in ${file}`, { file });

  const ids = new Set(set.cases.map((c) => c.id));
  const caseId = newCaseId(run.caseId, traceId, ids);
  const node = copyCase(doc, original);
  node.set('id', caseId);
  node.delete('source_trace_id');
  let expectedFrom: CaptureResult['expectedFrom'];
  if (options.useOutputAsExpected) {
    node.set('expected', answer.trim());
    expectedFrom = 'run output';
  } else if (node.has('expected')) {
    expectedFrom = 'original case';
  } else {
    node.set('expected', EXPECTED_PLACEHOLDER);
    expectedFrom = 'placeholder';
  }
  node.set('source_trace_id', traceId);
  const outcome = run.passed === true ? 'passed' : run.passed === false ? 'failed' : 'undecided';
  const origin = `captured from trace ${traceId} (case ${run.caseId}, model ${run.model}, repeat ${run.repeat}: ${outcome})`;
  node.commentBefore = ` ${origin}${expectedFrom === 'placeholder' ? ': fill in expected' : expectedFrom === 'run output' ? ': expected is the run\'s own answer, check it' : ''}`;
  node.spaceBefore = false;

  const appended = appendItem(text, seq, lineCounter, node);
  const first = appended !== undefined ? verify(appended, file, caseId, traceId) : undefined;
  if (appended !== undefined && first !== undefined) {
    return { text: appended, caseId, line: first, placeholder: expectedFrom === 'placeholder', expectedFrom, rerendered: false };
  }
  // Appending would not parse (a flow list, an end marker): re-render through the Document API.
  node.spaceBefore = true;
  (seq.items as unknown[]).push(node);
  const rendered = doc.toString({ lineWidth: 0 });
  const line = verify(rendered, file, caseId, traceId);
  if (line === undefined) throw new Error(`capture produced a golden file that does not load (case ${caseId})`);
  return { text: rendered, caseId, line, placeholder: expectedFrom === 'placeholder', expectedFrom, rerendered: true };
}

/** `<case>-<8 hex>`, longer (12, 16, 32) when taken, then `-2`, `-3`, ... */
export function newCaseId(caseId: string, traceId: string, taken: ReadonlySet<string>): string {
  for (const length of [8, 12, 16, 32]) {
    const candidate = `${caseId}-${traceId.slice(0, length)}`;
    if (!taken.has(candidate)) return candidate;
  }
  for (let n = 2; ; n += 1) {
    const candidate = `${caseId}-${traceId}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A copy of the case node; one that uses aliases (`<<: *defaults`) is rebuilt from its resolved value, since the anchors stay behind. */
function copyCase(doc: Document.Parsed, original: YAMLMap): YAMLMap {
  let aliased = false;
  visit(original, {
    Alias() {
      aliased = true;
      return visit.BREAK;
    },
  });
  if (!aliased && !isAlias(original)) return original.clone() as YAMLMap;
  const value = original.toJS(doc) as Record<string, unknown>;
  return doc.createNode(value) as YAMLMap;
}

/** The text with the rendered node appended as one more block-list item at the list's indentation; undefined for a flow list. */
function appendItem(text: string, seq: YAMLSeq, lineCounter: LineCounter, node: YAMLMap): string | undefined {
  if (seq.flow || !seq.range) return undefined;
  const indent = lineCounter.linePos(seq.range[0]).col - 1;
  const single = new Document();
  const list = new YAMLSeq();
  list.items.push(node);
  single.contents = list;
  const rendered = single.toString({ lineWidth: 0, flowCollectionPadding: false });
  const shifted = indent > 0 ? rendered.replace(/^(?=.)/gm, ' '.repeat(indent)) : rendered;
  const base = text.length === 0 || text.endsWith('\n') ? text : `${text}\n`;
  return `${base}\n${shifted}`;
}

/** The line where the new case starts, when the text loads and holds it; undefined otherwise. */
function verify(text: string, file: string, caseId: string, traceId: string): number | undefined {
  try {
    const set = parseGoldenSet(text, file);
    const found = set.cases.find((c) => c.id === caseId);
    return found && found.source_trace_id === traceId ? found.location.line : undefined;
  } catch {
    return undefined;
  }
}

function scalarValue(node: unknown): unknown {
  return isScalar(node as Node) ? (node as { value: unknown }).value : undefined;
}
