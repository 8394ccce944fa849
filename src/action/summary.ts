import * as core from '@actions/core';
import { renderBehaviourMarkdown } from '../core/report/behaviour-markdown.js';
import { truncate } from '../core/report/escape.js';
import { MARKDOWN_MAX_BYTES, renderConformanceMarkdown } from '../core/report/markdown.js';
import { STICKY_MARKER } from '../core/report/pr-comment.js';
import type { Report } from '../core/report/types.js';
import { messageOf } from './artifacts.js';

/** Room kept under GitHub's 1 MiB per step for the separators and the truncation note. */
const RESERVE_BYTES = 4096;

/**
 * The job summary: the gate's verdict block (the PR comment's body, which every run has, PR or
 * not), then the behaviour matrix, then conformance, all within `maxBytes` (1 MiB per step): the
 * conformance part is rendered into what is left, and a huge behaviour matrix is cut with a note.
 */
export function jobSummaryMarkdown(report: Report, verdict: string, maxBytes = MARKDOWN_MAX_BYTES): string {
  const head = verdict.startsWith(STICKY_MARKER) ? verdict.slice(STICKY_MARKER.length).replace(/^\n/, '') : verdict;
  let behaviour = report.behaviour ? renderBehaviourMarkdown(report.behaviour, report.telemetry) : '';
  const budget = maxBytes - RESERVE_BYTES - bytes(head);
  if (bytes(behaviour) > budget / 2) behaviour = cutToBytes(behaviour, Math.floor(budget / 2), 'the behaviour matrix');
  const conformanceRoom = Math.max(4096, budget - bytes(behaviour));
  const conformance = report.conformance ? renderConformanceMarkdown(report, { maxBytes: conformanceRoom }) : '';
  const parts = [head, behaviour, conformance].filter(Boolean);
  const text = parts.join('\n---\n\n');
  return bytes(text) <= maxBytes ? text : cutToBytes(text, maxBytes - RESERVE_BYTES, 'the summary');
}

/** Appends to $GITHUB_STEP_SUMMARY; without one (a local run) it only says so in the debug log. */
export async function writeJobSummary(markdown: string): Promise<boolean> {
  if (!process.env.GITHUB_STEP_SUMMARY) {
    core.debug('GITHUB_STEP_SUMMARY is not set: no job summary.');
    return false;
  }
  try {
    await core.summary.addRaw(markdown, true).write();
    return true;
  } catch (error) {
    core.warning(`The job summary could not be written: ${messageOf(error)}`);
    return false;
  } finally {
    core.summary.emptyBuffer();
  }
}

function bytes(text: string): number {
  return Buffer.byteLength(text);
}

function cutToBytes(text: string, maxBytes: number, what: string): string {
  // A UTF-16 unit is at most 3 UTF-8 bytes.
  const note = `\n\n_…${what} is cut here to keep the job summary under 1 MiB; report.json has everything._\n`;
  return `${truncate(text, Math.max(0, Math.floor((maxBytes - bytes(note)) / 3)))}${note}`;
}
