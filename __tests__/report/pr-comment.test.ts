import { describe, expect, it } from 'vitest';
import { gate } from '../../src/core/gate/compare.js';
import { PR_COMMENT_MAX_CHARS, STICKY_MARKER, renderPrComment } from '../../src/core/report/pr-comment.js';
import { FILE_SOURCE, NO_SOURCE, NOW, baselineOf, buildReport, check, kase } from '../gate/helpers.js';

const ZWJ = '\u200d';
const HOSTILE_REASON = 'ping @octocat <img src=x onerror=alert(1)> a|b\nsecond line, see #12';

function tableRows(md: string): string[] {
  return md.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| case ') && !line.startsWith('| model '));
}

describe('renderPrComment', () => {
  const before = buildReport({
    cases: [kase('weather', 5, 5), kase('search', 5, 5), kase('floor-bad', 1, 5), kase('same', 5, 5), kase('gone', 5, 5)],
    checks: [check('discover', 'pass'), check('tools-list', 'pass'), check('was-broken', 'fail')],
  });
  const baseline = baselineOf(before);
  const now = buildReport({
    cases: [kase('weather', 3, 5, { reason: HOSTILE_REASON }), kase('search', 4, 5), kase('floor-bad', 1, 5), kase('same', 5, 5), kase('fresh', 5, 5)],
    checks: [check('discover', 'pass'), check('tools-list', 'fail', 'MUST', { message: 'order <b>changed</b> @someone' }), check('was-broken', 'pass')],
  });
  const result = gate(now, baseline, { baselineSource: FILE_SOURCE, now: NOW });
  const md = renderPrComment(now, result, { runUrl: 'https://github.com/o/r/actions/runs/1', artifactUrl: 'https://github.com/o/r/actions/runs/1/artifacts/9' });

  it('starts with the sticky marker, then the verdict with counts', () => {
    const lines = md.split('\n');
    expect(lines[0]).toBe(STICKY_MARKER);
    expect(STICKY_MARKER).toBe('<!-- mcp-evals:sticky -->');
    expect(lines[1]).toBe('### ❌ mcp-evals failed: 2 regressed · 1 below floor · 1 new · 1 unchanged · conformance 2/3 pass (1 regressed)');
  });

  it('names the baseline with its source, age and commit', () => {
    expect(md).toContain('**Baseline:** approved baseline .mcp-evals/baseline.json, accepted 3 days ago at abc1234 by octocat.');
  });

  it('shows changed cases only, worst first, with k/n, Δ and status marks', () => {
    const rows = tableRows(md.slice(md.indexOf('#### Cases'), md.indexOf('#### Task success')));
    expect(rows.map((row) => row.split(' | ').slice(0, 6).join(' | '))).toEqual([
      '| weather | model-a | 5/5 | 3/5 | −40 pp | 🔻 regressed (model drift?)',
      '| search | model-a | 5/5 | 4/5 | −20 pp | 🔻 regressed (model drift?)',
      '| floor-bad | model-a | 1/5 | 1/5 | ±0 pp | ⚠️ below floor',
      '| fresh | model-a | — | 5/5 | — | 🆕 new',
    ]);
    expect(md).toContain('2 unchanged or not run are not listed');
    expect(md).toContain('1 case × model pair is in the baseline but not in this run: gone on model-a.');
  });

  it('escapes a hostile reason: no mention, no HTML, no broken row, no #12 link', () => {
    const row = tableRows(md).find((line) => line.startsWith('| weather |'))!;
    expect(md).not.toContain('@octocat ');
    expect(row).toContain(`@${ZWJ}octocat`);
    expect(md).not.toContain('<img');
    expect(row).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(row).toContain('a\\|b');
    expect(row).toContain('<br>second line');
    expect(row).toContain(`#${ZWJ}12`);
    expect(md).not.toMatch(/#12/);
    // The row is still one row of seven cells: unescaped pipes are only the separators.
    expect(row.replace(/\\\|/g, '').split('|')).toHaveLength(9);
    // Server text in the conformance list is escaped too.
    expect(md).toContain('order &lt;b&gt;changed&lt;/b&gt; @\u200dsomeone');
  });

  it('notes likely model drift, aggregates with decidability, conformance, cost and links', () => {
    expect(md).toContain('**Likely model drift.** 2 regressions with the same tool list and server version as the baseline');
    expect(md).toContain('| model-a | 16/20 (80%) | 13/20 (65%) | −15 pp | 0.288 | = unchanged |');
    const small = buildReport({ cases: [kase('weather', 3, 5), kase('search', 5, 5)] });
    const smallMd = renderPrComment(small, gate(small, baseline, { baselineSource: FILE_SOURCE, now: NOW }), {});
    expect(smallMd).toContain('| model-a | 10/10 (100%) | 8/10 (80%) | −20 pp | — | not decidable: n < 20 |');
    expect(md).toContain('❌ 2 pass, 1 fail, 0 warn, 0 skip (1 regressed, 1 stale in the baseline).');
    expect(md).toContain('- 🔻 regressed (gating): tools-list (MUST): order');
    expect(md).toContain('- ♻️ failing in the baseline, passing now: was-broken');
    expect(md).toContain('> The baseline is stale: 1 conformance check now does better than it recorded.');
    expect(md).toContain('**Cost:** 42 model calls, $0.1234; 12 runs executed, 3 from cache; 1m 05s.');
    expect(md).toContain('[workflow run and job summary](https://github.com/o/r/actions/runs/1) · [full report: report.json, HTML, traces](https://github.com/o/r/actions/runs/1/artifacts/9)');
  });

  it('without a baseline says "no baseline: floors only"', () => {
    const alone = buildReport({ cases: [kase('ok', 5, 5), kase('bad', 2, 5)] });
    const text = renderPrComment(alone, gate(alone, undefined, { baselineSource: NO_SOURCE, now: NOW }), {});
    expect(text).toContain('**Baseline:** no baseline: floors only');
    expect(text.split('\n')[1]).toBe('### ❌ mcp-evals failed: 1 below floor · 1 new · 0 unchanged');
    expect(text).toContain('| model-a | — | 7/10 (70%) | — | — | no baseline |');
  });

  it('warns that a last-green artifact is not an approved baseline', () => {
    const text = renderPrComment(now, gate(now, baseline, { baselineSource: { kind: 'artifact', label: 'run 77 on main', acceptedAt: '2026-08-02T12:00:00Z' }, now: NOW }), {});
    expect(text).toContain('**Baseline:** last-green artifact run 77 on main, accepted 2 days ago at abc1234');
    expect(text).toContain('This baseline is the last green run, not an approved one');
  });

  it('passes with ✅ and says nothing changed', () => {
    const same = buildReport({ cases: [kase('a', 5, 5)] });
    const text = renderPrComment(same, gate(same, baselineOf(same), { baselineSource: FILE_SOURCE, now: NOW }), {});
    expect(text.split('\n')[1]).toBe('### ✅ mcp-evals passed: 1 unchanged');
    expect(text).toContain('No case changed: 1 unchanged.');
  });

  it('drops a link that is not http(s)', () => {
    const text = renderPrComment(now, result, { runUrl: 'javascript:alert(1)' });
    expect(text).not.toContain('javascript:');
  });

  it('stays under 65,536 characters with 3,000 cases, saying how many rows were left out and where they are', () => {
    const models = ['model-a', 'model-b', 'model-c'];
    const many = Array.from({ length: 1000 }, (_, i) => models.map((model) => kase(`case-${String(i).padStart(4, '0')}`, 5, 5, { model, line: i + 1 }))).flat();
    const worse = many.map((c) => kase(c.id, 2, 5, { model: c.model, line: c.location.line, reason: `${HOSTILE_REASON} ${'x'.repeat(100)}` }));
    const big = buildReport({ cases: worse });
    const bigGate = gate(big, baselineOf(buildReport({ cases: many })), { baselineSource: FILE_SOURCE, now: NOW });
    expect(bigGate.cases).toHaveLength(3000);
    const text = renderPrComment(big, bigGate, { artifactUrl: 'https://example.com/a' });
    expect(text.length).toBeLessThanOrEqual(PR_COMMENT_MAX_CHARS);
    expect(text.length).toBeGreaterThan(PR_COMMENT_MAX_CHARS - 5_000);
    expect(text.split('\n')[0]).toBe(STICKY_MARKER);
    const shown = tableRows(text).filter((row) => row.startsWith('| case-')).length;
    expect(shown).toBeGreaterThan(50);
    const match = /_…and (\d+) more rows not shown: a PR comment is limited to 65,536 characters\. \[The full report\]\(https:\/\/example\.com\/a\) has every case\._/.exec(text);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBe(3000 - shown);
    // What follows the table is still there.
    expect(text).toContain('#### Task success per model');
    expect(text).toContain('**Cost:**');
  });
});
