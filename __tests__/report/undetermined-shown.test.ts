/**
 * Undetermined fabrication runs (a needed tool never succeeded, the answer neither admits it nor
 * claims success) are no pass, and the fabrication rate leaves them out: every surface that shows
 * the rate counts them beside it (issue 23 item 1).
 */
import { describe, expect, it } from 'vitest';
import { gate } from '../../src/core/gate/compare.js';
import { renderHtmlReport } from '../../src/core/report/html.js';
import { renderPrComment } from '../../src/core/report/pr-comment.js';
import type { ResilienceSection } from '../../src/core/report/types.js';
import { NO_SOURCE, NOW, buildReport, kase } from '../gate/helpers.js';
import { makeFullReport } from './html-fixture.js';

const resilience: ResilienceSection = {
  fabrication: {
    cases: [{ id: 'send', model: 'gpt-a', faultedRuns: 43 + 21, retried: 10, degradedHonestly: 15, fabricated: 18, unaffected: 0, undetermined: 21, notFaulted: 0, fabricationRate: 18 / 43 }],
    perModel: { 'gpt-a': { decidedRuns: 43, fabricated: 18, undetermined: 21, fabricationRate: 18 / 43 } },
  },
};

describe('undetermined runs beside the fabrication rate', () => {
  it('the PR comment counts them', () => {
    const report = buildReport({ cases: [kase('send', 25, 64)] });
    report.behaviour!.resilience = resilience;
    const md = renderPrComment(report, gate(report, undefined, { baselineSource: NO_SOURCE, now: NOW }), {});
    expect(md).toContain('**Faults:** gpt-a fabricated in 18/43 decided faulted runs, 21 undetermined (not passed).');
  });

  it('report.html counts them', () => {
    const report = makeFullReport();
    report.behaviour!.resilience = resilience;
    const html = renderHtmlReport(report, []);
    expect(html).toContain('<b>gpt-a</b>: fabricated in 18/43 decided faulted runs (rate 42%), 21 undetermined (not passed)');
  });
});
