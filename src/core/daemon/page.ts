import type { TraceLine } from '../evals/run-evals.js';
import { HTML_CSS } from '../report/html-assets.js';
import { escapeHtml as h } from '../report/html-escape.js';
import { renderRun } from '../report/html-waterfall.js';
import { runPassed } from '../scorers/index.js';
import type { StoredRun, StoredScore } from './store.js';

/**
 * The daemon's page: recent runs, filtered by project, status and time (a plain GET form, no
 * script), and one run's trace waterfall drawn by the report's renderer. Every value is escaped;
 * the response's CSP allows no script and nothing remote.
 */

export function renderRunsPage(runs: readonly StoredRun[], params: URLSearchParams): string {
  const value = (key: string) => h(params.get(key) ?? '');
  const status = params.get('status') ?? '';
  const rows = runs.map((run) => `<tr class="${run.status === 'error' ? 'fail' : ''}"><td><a href="/runs/${encodeURIComponent(run.runId)}">${h(run.traceId.slice(0, 16))}…</a></td><td>${h(new Date(run.startMs).toISOString())}</td><td>${h(run.project)}</td><td>${h(run.caseId)}</td><td>${h(run.model)}</td><td>${run.status === 'error' ? '<span class="badge fail">error</span>' : '<span class="badge pass">ok</span>'}</td><td class="num">${h(Math.round(run.durationMs))} ms</td><td class="num">${h(run.toolCalls)}</td><td>${h(run.input.length > 120 ? `${run.input.slice(0, 119)}…` : run.input)}</td></tr>`);
  const form = [
    '<form method="get" action="/">',
    `<label>project <input name="project" value="${value('project')}"></label>`,
    `<label>status <select name="status"><option value=""${status === '' ? ' selected' : ''}>any</option><option value="ok"${status === 'ok' ? ' selected' : ''}>ok</option><option value="error"${status === 'error' ? ' selected' : ''}>error</option></select></label>`,
    `<label>from <input name="from" placeholder="2026-08-01T00:00:00Z" value="${value('from')}"></label>`,
    `<label>to <input name="to" placeholder="2026-08-02T00:00:00Z" value="${value('to')}"></label>`,
    '<button type="submit">filter</button>',
    '</form>',
  ].join(' ');
  const table = rows.length > 0
    ? `<table><thead><tr><th>trace</th><th>started</th><th>project</th><th>agent</th><th>model</th><th>status</th><th class="num">duration</th><th class="num">tools</th><th>input</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
    : '<p>No runs match. Send OTLP traces to <code>POST /v1/traces</code>.</p>';
  return page('mcp-evals serve: runs', `<h1>Recent runs</h1>${form}${table}`);
}

export function renderRunPage(runs: readonly StoredRun[], scoresOf: (run: StoredRun) => StoredScore[]): string {
  const body = runs.map((run) => {
    // The latest score of each scorer, as the report shows a run's verdicts.
    const latest = new Map<string, StoredScore>();
    for (const score of scoresOf(run)) latest.set(score.scorer, score);
    const scores = [...latest.values()].map((s) => ({ scorer: s.scorer, passed: s.passed, reason: s.reason, ...(s.score !== undefined ? { score: s.score } : {}), ...(s.scorerVersion ? { scorerVersion: s.scorerVersion } : {}) }));
    const line: TraceLine = { caseId: run.caseId, model: run.model, repeat: run.trace.repeat, trace: run.trace, scores, passed: runPassed(scores), negative: false, cached: false, outcome: scores.length > 0 ? 'scored' : 'not_run' }; // no score yet: "not scored", not "every scorer abstained"
    return `<h2>${h(run.caseId)} · ${h(run.project)} · ${h(run.runId)}</h2><p><b>input</b> ${h(run.input)}</p>${renderRun(line)}`;
  });
  return page(`mcp-evals serve: run ${runs[0]?.traceId ?? ''}`, `<p><a href="/">← recent runs</a></p>${body.join('')}`);
}

function page(title: string, body: string): string {
  return ['<!DOCTYPE html>', '<html lang="en">', '<head>', '<meta charset="utf-8">', '<meta name="viewport" content="width=device-width, initial-scale=1">', '<meta name="referrer" content="no-referrer">', `<title>${h(title)}</title>`, `<style>${HTML_CSS} form{margin:1em 0} form label{margin-right:1em}</style>`, '</head>', '<body>', body, '</body>', '</html>', ''].join('\n');
}
