import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderReportJson } from './json-writer.js';
import { renderJunit } from './junit.js';
import { renderConformanceMarkdown, type MarkdownOptions } from './markdown.js';
import { renderSarif, type SarifOptions } from './sarif.js';
import type { Report } from './types.js';

export type WriteReportOptions = SarifOptions & MarkdownOptions;

/** The files writeReportFiles creates, in the order it returns their paths. */
export const REPORT_FILES = ['report.json', 'summary.md', 'junit.xml', 'conformance.sarif'] as const;

/**
 * Writes report.json, summary.md, junit.xml and conformance.sarif into `dir` (created if
 * missing) and returns their paths in that order. Everything is rendered before anything is
 * written, so an invalid report (a bug: renderReportJson throws) leaves no partial set behind.
 */
export async function writeReportFiles(dir: string, report: Report, options: WriteReportOptions = {}): Promise<string[]> {
  const contents: Record<(typeof REPORT_FILES)[number], string> = {
    'report.json': renderReportJson(report),
    'summary.md': renderConformanceMarkdown(report, { maxBytes: options.maxBytes }),
    'junit.xml': renderJunit(report),
    'conformance.sarif': renderSarif(report, { configPath: options.configPath, informationUri: options.informationUri }),
  };
  await mkdir(dir, { recursive: true });
  const paths = REPORT_FILES.map((name) => join(dir, name));
  await Promise.all(REPORT_FILES.map((name, i) => writeFile(paths[i], contents[name], 'utf8')));
  return paths;
}
