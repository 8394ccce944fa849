import { Document, YAMLSeq } from 'yaml';
import { EXPECTED_PLACEHOLDER, newCaseId } from '../capture/capture.js';
import { parseGoldenSet } from '../golden/load.js';
import { HttpError } from './http.js';
import type { DaemonStore, DatasetCase, StoredRun } from './store.js';

/**
 * Datasets: runs captured into golden cases over HTTP, the daemon's `mcp-evals capture`. A case
 * copies the run's input as its prompt; `expected` is the capture placeholder (a failure's output
 * must never become the reference) unless `use_output_as_expected` is true. Case ids and the
 * placeholder are the CLI capture's; an export is checked with the golden loader, so what it
 * gives is a tasks.yaml `mcp-evals run` accepts as is.
 */

export const DATASET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export interface CaptureRequest {
  traceIds: string[];
  useOutputAsExpected: boolean;
}

export interface CaptureResponse {
  dataset: string;
  captured: Array<{ case_id: string; source_trace_id: string; expected_from: 'placeholder' | 'run output' }>;
  already: Array<{ case_id: string; source_trace_id: string }>;
  skipped: Array<{ trace_id: string; reason: string }>;
}

export function checkDatasetName(name: string): void {
  if (!DATASET_NAME.test(name)) throw new HttpError(400, `dataset names are 1-100 letters, digits, ".", "_" or "-" (starting with a letter or digit), got "${name.slice(0, 120)}"`);
}

export function captureRuns(store: DaemonStore, dataset: string, request: CaptureRequest, now: number): CaptureResponse {
  checkDatasetName(dataset);
  const stored = store.listCases(dataset);
  const taken = new Set(stored.map((c) => c.caseId));
  // A run already in the dataset is `already`, whatever would make it a skip now.
  const present = new Map(stored.map((c) => [c.traceId, c]));
  const alreadyThere: DatasetCase[] = [];
  const cases: DatasetCase[] = [];
  const skipped: CaptureResponse['skipped'] = [];
  const expectedFrom = new Map<string, 'placeholder' | 'run output'>();
  for (const traceId of request.traceIds) {
    const runs = store.listRuns({ traceIds: [traceId.toLowerCase()], limit: 1000 });
    if (runs.length === 0) throw new HttpError(404, `no run with trace id ${traceId}: send its spans to POST /v1/traces first (GET /v1/api/runs lists the stored runs)`);
    for (const run of runs) {
      const there = present.get(run.runId);
      if (there) {
        if (!alreadyThere.includes(there)) alreadyThere.push(there);
        continue;
      }
      const problem = captureProblem(run, request.useOutputAsExpected);
      if (problem) {
        skipped.push({ trace_id: run.runId, reason: problem });
        continue;
      }
      const caseId = newCaseId(safeId(run.caseId), run.traceId, taken);
      taken.add(caseId);
      const expected = request.useOutputAsExpected ? run.answer.trim() : EXPECTED_PLACEHOLDER;
      expectedFrom.set(caseId, request.useOutputAsExpected ? 'run output' : 'placeholder');
      cases.push({ dataset, caseId, traceId: run.runId, fields: { id: caseId, prompt: run.input, expected, source_trace_id: run.traceId }, createdMs: now });
    }
  }
  const { added, existing } = store.addCases(cases);
  return {
    dataset,
    captured: added.map((c) => ({ case_id: c.caseId, source_trace_id: String(c.fields.source_trace_id), expected_from: expectedFrom.get(c.caseId) ?? 'placeholder' })),
    already: [...alreadyThere, ...existing].map((c) => ({ case_id: c.caseId, source_trace_id: String(c.fields.source_trace_id) })),
    skipped,
  };
}

function captureProblem(run: StoredRun, useOutput: boolean): string | undefined {
  if (run.input.trim() === '') return 'the run has no input (no gen_ai.input.messages on its agent or model spans): there is no prompt to make a case from';
  if (useOutput && run.answer.trim() === '') return 'use_output_as_expected: the run has no answer (no gen_ai.output.messages)';
  return undefined;
}

/** A case id from an agent name: the golden loader's id characters only. */
function safeId(text: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return cleaned === '' ? 'captured' : cleaned;
}

export function listDataset(store: DaemonStore, dataset: string): { dataset: string; cases: Array<Record<string, unknown>> } {
  checkDatasetName(dataset);
  const cases = store.listCases(dataset);
  if (cases.length === 0) throw new HttpError(404, `unknown dataset "${dataset}": capture runs into it first (POST /v1/api/datasets/${dataset}/capture)`);
  return { dataset, cases: cases.map((c) => ({ ...c.fields, captured_at: new Date(c.createdMs).toISOString() })) };
}

/** The dataset as tasks.yaml text, checked with the golden loader. */
export function exportDataset(store: DaemonStore, dataset: string, format: string | null): string {
  if (format !== null && format !== 'tasks.yaml') throw new HttpError(400, `format must be tasks.yaml, got "${format}"`);
  const { cases } = listDataset(store, dataset);
  const doc = new Document();
  const list = new YAMLSeq();
  for (const c of cases) {
    const { captured_at: _at, ...fields } = c;
    const node = doc.createNode(fields);
    node.commentBefore = ` captured from trace ${String(fields.source_trace_id)}${fields.expected === EXPECTED_PLACEHOLDER ? ': fill in expected' : ': expected is the run\'s own answer, check it'}`;
    list.items.push(node);
  }
  doc.contents = list;
  doc.commentBefore = ` dataset ${dataset}, exported by mcp-evals serve`;
  const text = doc.toString({ lineWidth: 0 });
  parseGoldenSet(text, `${dataset}.tasks.yaml`); // throws (a bug) rather than hand out a file run would refuse
  return text;
}
