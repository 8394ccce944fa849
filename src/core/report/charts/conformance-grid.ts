import type { CheckResult, Status } from '../../conformance/types.js';
import { assertionRows } from '../assertions.js';
import { escapeHtml as h } from '../html-escape.js';
import { chartFigure, dataTable, fit, px } from './axis.js';

/*
 * Conformance at a glance: the seven assertions and every area of the spec's requirements (DISC,
 * RT, TOOL, HTTP-HDR, …) as rows of four cells, pass / warn / fail / skip, each with its count
 * and coloured by its status when the count is not zero. A check counts once in each area its
 * requirement ids belong to; a check citing none is in "other".
 */

export const STATUSES: readonly Status[] = ['pass', 'warn', 'fail', 'skip'];

export interface GridRow {
  label: string;
  /** `A3` for the third assertion, the area prefix otherwise. */
  key: string;
  counts: Record<Status, number>;
}

/** The area of a requirement id: its prefix before the row number (HTTP-HDR-05 → HTTP-HDR). */
export function requirementArea(id: string): string {
  return id.replace(/-\d+[a-z]?$/i, '');
}

/** The seven assertion rows and the area rows (areas in order of first appearance). */
export function conformanceGrid(checks: readonly CheckResult[]): { assertions: GridRow[]; areas: GridRow[] } {
  const assertions = assertionRows(checks).map((row) => ({ label: `${row.number} ${row.name}`, key: `A${row.number}`, counts: tally(row.checks) }));
  const byArea = new Map<string, CheckResult[]>();
  for (const check of checks) {
    const areas = new Set(check.requirements.length > 0 ? check.requirements.map(requirementArea) : ['other']);
    for (const area of areas) {
      const list = byArea.get(area);
      if (list) list.push(check);
      else byArea.set(area, [check]);
    }
  }
  const areas = [...byArea].map(([area, list]) => ({ label: area, key: area, counts: tally(list) }));
  return { assertions, areas };
}

const CELL_W = 46;
const CELL_H = 20;
const GAP = 2;
const CELLS_W = 8 + 4 * (CELL_W + GAP);
/** Label widths: the assertions' names are long, area prefixes short. */
const ASSERTION_LABEL_W = 200;
const AREA_LABEL_W = 80;
const BLOCK_GAP = 28;
const HEAD = 34;

/** The grid, or '' without checks. */
export function renderConformanceGrid(checks: readonly CheckResult[], options: { id: string }): string {
  if (checks.length === 0) return '';
  const { assertions, areas } = conformanceGrid(checks);
  // Areas fill two blocks side by side when there are many, so the grid stays about as tall as the assertions.
  const perColumn = Math.max(assertions.length, Math.ceil(areas.length / 2));
  const areaBlocks = areas.length > perColumn ? [areas.slice(0, perColumn), areas.slice(perColumn)] : [areas];
  const blocks: Array<{ title: string; rows: GridRow[]; labelW: number }> = [
    { title: 'the seven assertions', rows: assertions, labelW: ASSERTION_LABEL_W },
    ...areaBlocks.map((rows, i) => ({ title: i === 0 ? 'checks by requirement area' : '', rows, labelW: AREA_LABEL_W })),
  ];
  const height = HEAD + perColumn * (CELL_H + GAP) + 6;
  let x = 0;
  const body = blocks
    .map((block) => {
      const svg = renderBlock(block.title, block.rows, x, block.labelW);
      x += block.labelW + CELLS_W + BLOCK_GAP;
      return svg;
    })
    .join('');
  const width = x - BLOCK_GAP;
  const fails = areas.filter((row) => row.counts.fail > 0).map((row) => row.label);
  const description = `${checks.length} checks: ${STATUSES.map((s) => `${checks.filter((c) => c.status === s).length} ${s}`).join(', ')}; ${assertions.length} assertions and ${areas.length} requirement areas, each with its count of pass, warn, fail and skip.${fails.length > 0 ? ` Failing areas: ${fails.join(', ')}.` : ''}`;
  const table = dataTable(
    ['assertion or area', ...STATUSES],
    [...assertions, ...areas].map((row) => [h(row.label), ...STATUSES.map((s) => ({ num: String(row.counts[s]) }))]),
  );
  const legend = 'Each cell counts the checks of that row with that status; an empty cell is zero. An assertion counts the checks behind it; a check counts in every area of the requirements it cites.';
  return chartFigure({ id: options.id, kind: 'conformance-grid', title: 'Conformance at a glance', description, width, height, body, table, legend });
}

function renderBlock(title: string, rows: readonly GridRow[], x0: number, labelW: number): string {
  const out: string[] = [`<g class="grid-block">`];
  if (title) out.push(`<text class="panel-title" x="${x0}" y="12">${h(title)}</text>`);
  STATUSES.forEach((status, c) => out.push(`<text class="tick" x="${px(x0 + labelW + 8 + c * (CELL_W + GAP) + CELL_W / 2)}" y="${HEAD - 6}" text-anchor="middle">${status}</text>`));
  rows.forEach((row, r) => {
    const y = HEAD + r * (CELL_H + GAP);
    out.push(`<g class="grid-row" data-row="${h(row.key)}">`);
    out.push(`<text class="row-label" x="${x0 + labelW}" y="${px(y + CELL_H / 2 + 4)}" text-anchor="end">${h(fit(row.label, Math.floor(labelW / 6.2)))}<title>${h(row.label)}</title></text>`);
    STATUSES.forEach((status, c) => {
      const n = row.counts[status];
      const x = x0 + labelW + 8 + c * (CELL_W + GAP);
      out.push(
        `<g class="cell ${n > 0 ? status : 'zero'}" data-status="${status}" data-count="${n}"><rect x="${px(x)}" y="${px(y)}" width="${CELL_W}" height="${CELL_H}" rx="3"><title>${h(row.label)}: ${n} ${status}</title></rect>${n > 0 ? `<text x="${px(x + CELL_W / 2)}" y="${px(y + CELL_H / 2 + 4)}" text-anchor="middle">${n}</text>` : ''}</g>`,
      );
    });
    out.push('</g>');
  });
  out.push('</g>');
  return out.join('');
}

function tally(checks: readonly CheckResult[]): Record<Status, number> {
  const counts: Record<Status, number> = { pass: 0, warn: 0, fail: 0, skip: 0 };
  for (const check of checks) if (check.status in counts) counts[check.status] += 1;
  return counts;
}
