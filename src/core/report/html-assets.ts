/**
 * The CSS and the script report.html inlines. No font, image or script is ever loaded from
 * anywhere: the page's CSP (`default-src 'none'`) would block it, and the tests check that the
 * browser attempts no request at all.
 */

export const HTML_CSS = `
:root {
  --fg: #1f2328; --muted: #59636e; --border: #d1d9e0; --bg: #ffffff; --bg2: #f6f8fa;
  --pass: #1a7f37; --pass-bg: #dafbe1; --fail: #cf222e; --fail-bg: #ffebe9;
  --warn: #9a6700; --warn-bg: #fff8c5; --na: #59636e; --na-bg: #eff2f5;
  --agent: #8c959f; --model: #8250df; --tool: #0969da; --fault: #bc4c00; --grid: #eaeef2;
}
* { box-sizing: border-box; }
body { margin: 0; padding: 24px 32px 48px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--border); }
h3 { font-size: 15px; margin: 20px 0 8px; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 12px; }
pre { white-space: pre-wrap; word-break: break-word; margin: 0; }
a { color: var(--tool); }
nav { margin: 8px 0 0; font-size: 13px; }
nav a { margin-right: 14px; }
.meta { color: var(--muted); margin: 0; }
.headline { font-size: 15px; font-weight: 600; margin: 8px 0; }
.ok { color: var(--pass); } .bad { color: var(--fail); } .warn { color: var(--warn); } .muted { color: var(--muted); }
.banner { padding: 8px 12px; border-radius: 6px; margin: 8px 0; }
.banner.warn { background: var(--warn-bg); color: var(--fg); border: 1px solid #d4a72c; }
.banner.note { background: var(--bg2); border: 1px solid var(--border); }
table { border-collapse: collapse; margin: 6px 0 12px; }
th, td { border: 1px solid var(--border); padding: 4px 8px; text-align: left; vertical-align: top; }
thead th { background: var(--bg2); font-weight: 600; }
td.num, th.num { text-align: right; }
ol.assertions { list-style: none; padding: 0; margin: 6px 0; columns: 2; max-width: 720px; }
ol.assertions li { margin: 2px 0; }
.badge { display: inline-block; padding: 0 6px; border-radius: 10px; font-size: 12px; font-weight: 600; line-height: 18px; white-space: nowrap; }
.badge.pass { background: var(--pass-bg); color: var(--pass); }
.badge.fail { background: var(--fail-bg); color: var(--fail); }
.badge.warn, .badge.flaky { background: var(--warn-bg); color: var(--warn); }
.badge.na, .badge.skip { background: var(--na-bg); color: var(--na); }
.badge.fault { background: #fff1e5; color: var(--fault); border: 1px dashed var(--fault); }
.badge.injection { background: #ffeff7; color: #bf3989; border: 1px dashed #bf3989; }
.badge.simulated { background: var(--na-bg); color: var(--na); border: 1px dashed var(--na); }
table.matrix td.cell { text-align: center; font-weight: 600; min-width: 90px; }
table.matrix td.cell a { color: inherit; text-decoration: none; }
table.matrix td.cell a:hover { text-decoration: underline; }
td.cell.pass { background: var(--pass-bg); color: var(--pass); }
td.cell.fail { background: var(--fail-bg); color: var(--fail); }
td.cell.na { background: var(--na-bg); color: var(--na); }
td.cell .extra { display: block; font-weight: 400; font-size: 11px; color: var(--muted); }
td.cell .flaky { margin-left: 4px; }
.legend { color: var(--muted); font-size: 12px; }
.controls { margin: 8px 0 12px; display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
button { font: inherit; font-size: 13px; padding: 2px 10px; border: 1px solid var(--border); border-radius: 6px; background: var(--bg2); cursor: pointer; }
details.group { border: 1px solid var(--border); border-radius: 6px; margin: 6px 0; background: var(--bg); }
details.group > summary { padding: 6px 10px; cursor: pointer; background: var(--bg2); border-radius: 6px; }
details.group[open] > summary { border-bottom: 1px solid var(--border); border-radius: 6px 6px 0 0; }
details.group > .group-body { padding: 8px 12px; }
details.group.failing > summary { border-left: 4px solid var(--fail); }
body.only-failing details.group:not(.has-failing) { display: none; }
body.only-failing .run.passed { display: none; }
.run { border: 1px solid var(--border); border-left: 4px solid var(--na); border-radius: 4px; margin: 10px 0; padding: 8px 10px; }
.run.passed { border-left-color: var(--pass); }
.run.failed { border-left-color: var(--fail); }
.run.errored { border-left-color: var(--warn); }
.run-head { margin-bottom: 6px; }
.seq { margin: 4px 0 8px; font-size: 12px; }
.seq .chip { display: inline-block; padding: 0 6px; border-radius: 4px; margin: 1px 2px 1px 0; color: #fff; }
.seq .chip.model { background: var(--model); } .seq .chip.tool { background: var(--tool); } .seq .chip.error { background: var(--fail); }
.seq .chip.stop { background: var(--fg); } .seq .chip.stop.answer { background: var(--pass); }
.wf { margin: 4px 0 8px; font-size: 12px; }
.wf-row { display: grid; grid-template-columns: 200px minmax(240px, 1fr) 360px; gap: 8px; align-items: center; min-height: 22px; }
.wf-row + .wf-row { border-top: 1px dotted #eaeef2; }
.wf-label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.wf-label .kind { display: inline-block; width: 44px; color: var(--muted); font-size: 11px; text-transform: uppercase; }
.wf-track { position: relative; height: 18px; background-image: linear-gradient(to right, #eaeef2 1px, transparent 1px); background-size: 25% 100%; border-right: 1px solid #eaeef2; }
.wf-bar { position: absolute; top: 3px; height: 12px; border-radius: 2px; min-width: 3px; }
.wf-row.agent .wf-bar { background: var(--agent); }
.wf-row.model .wf-bar { background: var(--model); }
.wf-row.tool .wf-bar { background: var(--tool); }
.wf-row .wf-bar.error { background: repeating-linear-gradient(45deg, var(--fail) 0 4px, #ff8182 4px 8px); }
.wf-row .wf-bar.faulted { outline: 2px dashed var(--fault); outline-offset: 1px; }
.wf-info { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.wf-info .err { color: var(--fail); }
.wf-axis .wf-track { background: none; border: 0; height: 16px; }
.wf-axis .tick { position: absolute; top: 0; transform: translateX(-50%); color: var(--muted); font-size: 11px; white-space: nowrap; }
.wf-axis .tick.first { transform: none; } .wf-axis .tick.last { transform: translateX(-100%); }
.wf-stop { position: absolute; top: 1px; right: -1px; font-weight: 700; font-size: 12px; }
.final-answer { margin: 6px 0; padding: 6px 10px; background: var(--bg2); border-left: 3px solid var(--border); white-space: pre-wrap; word-break: break-word; }
.noanswer { color: var(--fail); font-weight: 600; margin: 6px 0; }
ul.scores { list-style: none; padding: 0; margin: 4px 0; }
ul.scores li { margin: 1px 0; }
details.spans > summary { cursor: pointer; color: var(--muted); font-size: 12px; }
details.spans table { font-size: 12px; width: 100%; }
details.spans pre { max-height: 240px; overflow: auto; }
footer { margin-top: 40px; color: var(--muted); font-size: 12px; }
figure.chart { margin: 10px 0 22px; overflow-x: auto; }
figure.chart > figcaption { font-weight: 600; margin: 0 0 4px; }
figure.chart svg { display: block; max-width: 100%; height: auto; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
.chart text, svg.sparkline text { fill: var(--fg); font-size: 11px; font-family: inherit; }
.chart .tick { fill: var(--muted); font-size: 10px; }
.chart .axis-label, .chart .row-stats { fill: var(--muted); }
.chart .panel-title { font-weight: 600; }
.chart .grid, .chart .row-rule { stroke: var(--grid); stroke-width: 1; }
.chart .domain { stroke: var(--border); }
.chart .dot { fill: var(--tool); fill-opacity: 0.45; }
.chart .dot.slow { fill: var(--fail); fill-opacity: 0.9; }
.chart a.outlier:hover .dot, .chart a.run-link:hover .point { stroke: var(--fg); stroke-width: 1.5; }
.chart .mark { stroke: var(--fg); stroke-width: 1.5; }
.chart .mark.p95 { stroke: var(--warn); stroke-width: 2.5; }
.chart .mark.p99 { stroke: var(--fail); }
.chart .mark-label { font-size: 10px; font-weight: 600; }
.chart .mark-label.p95 { fill: var(--warn); } .chart .mark-label.p99 { fill: var(--fail); }
.chart .baseline-mark { fill: none; stroke: var(--fg); stroke-width: 1.5; stroke-dasharray: 2 1; }
.chart line.baseline-mark { stroke-width: 2.5; stroke-dasharray: none; }
.chart .regressed-bg { fill: var(--fail-bg); }
.chart .row.regressed .row-label, .chart .regressed-note { fill: var(--fail); font-weight: 600; }
.chart .bar.cost { fill: var(--pass); } .chart .bar.input { fill: var(--tool); } .chart .bar.output { fill: var(--model); }
.chart .value { font-size: 10px; } .chart .value.inside { fill: #ffffff; }
.chart rect.unknown { stroke: var(--na); stroke-dasharray: 3 2; }
.chart .hatch-line { stroke: var(--na); stroke-width: 1.5; stroke-opacity: 0.5; }
.chart .unknown-label { fill: var(--na); font-style: italic; }
.chart .trend-line, svg.sparkline .trend-line { fill: none; stroke: var(--tool); stroke-width: 1.75; }
.chart .point, svg.sparkline .point { fill: var(--tool); }
.chart .point.undecided { fill: var(--bg); stroke: var(--na); }
.chart .point.newest, svg.sparkline .point.newest { fill: var(--fg); }
.chart .baseline-level, svg.sparkline .baseline-level { stroke: var(--pass); stroke-width: 1.25; stroke-dasharray: 5 3; }
.chart .drift-flag, svg.sparkline .drift-flag { fill: var(--fail); font-weight: 700; }
.chart .cell rect { fill: var(--bg2); stroke: var(--border); }
.chart .cell.pass rect { fill: var(--pass-bg); stroke: var(--pass); } .chart .cell.pass text { fill: var(--pass); }
.chart .cell.warn rect { fill: var(--warn-bg); stroke: var(--warn); } .chart .cell.warn text { fill: var(--warn); }
.chart .cell.fail rect { fill: var(--fail-bg); stroke: var(--fail); } .chart .cell.fail text { fill: var(--fail); }
.chart .cell.skip rect { fill: var(--na-bg); stroke: var(--na); } .chart .cell.skip text { fill: var(--na); }
.chart .cell text { font-weight: 600; }
.legend .mark-key { white-space: nowrap; font-weight: 600; }
.legend .mark-key.p95 { color: var(--warn); } .legend .mark-key.p99, .legend .mark-key.drift { color: var(--fail); } .legend .mark-key.baseline { color: var(--pass); }
details.chart-data > summary, details.case-trends > summary { cursor: pointer; color: var(--muted); font-size: 12px; }
table.chart-table { font-size: 12px; }
table.trends td.spark { white-space: nowrap; }
table.trends svg.sparkline { vertical-align: middle; }
table.trends .spark-text { margin-left: 6px; font-size: 11px; color: var(--muted); }
table.trends td.drift .spark-text { color: var(--fail); }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6edf3; --muted: #9198a1; --border: #3d444d; --bg: #0d1117; --bg2: #151b23; --pass-bg: #12261e; --pass: #3fb950; --fail-bg: #2d1214; --fail: #f85149; --warn-bg: #2e2410; --warn: #d29922; --na-bg: #212830; --na: #9198a1; --tool: #4493f8; --model: #ab7df8; --grid: #262c36; }
  .wf-row + .wf-row { border-top-color: #212830; }
  .wf-track { background-image: linear-gradient(to right, #212830 1px, transparent 1px); border-right-color: #212830; }
}
@media print { details.group, figure.chart { break-inside: avoid; } .controls, details.chart-data { display: none; } figure.chart { overflow: visible; } }
`;

/**
 * The page's only behaviour: expand/collapse everything, "only failing" filtering, and opening
 * the <details> a matrix cell links to. It reads nothing but the DOM, writes only `open` and a
 * class, and never builds markup from text.
 */
export const HTML_SCRIPT = `
(function () {
  'use strict';
  function openTarget(hash) {
    var id = hash ? decodeURIComponent(hash.slice(1)) : '';
    var el = id ? document.getElementById(id) : null;
    if (!el) return;
    for (var node = el; node; node = node.parentElement) if (node.tagName === 'DETAILS') node.open = true;
    el.scrollIntoView({ block: 'start' });
  }
  function setAll(open) {
    var all = document.querySelectorAll('details.group');
    for (var i = 0; i < all.length; i++) all[i].open = open;
  }
  function on(id, event, handler) {
    var el = document.getElementById(id);
    if (el) el.addEventListener(event, handler);
  }
  on('expand-all', 'click', function () { setAll(true); });
  on('collapse-all', 'click', function () { setAll(false); });
  on('only-failing', 'change', function (event) { document.body.classList.toggle('only-failing', event.target.checked); });
  // A link to a collapsed group opens it, also when the address already ends with its #anchor.
  document.addEventListener('click', function (event) {
    var link = event.target && event.target.closest ? event.target.closest('a[href^="#"]') : null;
    if (link) openTarget(link.getAttribute('href'));
  });
  window.addEventListener('hashchange', function () { openTarget(location.hash); });
  openTarget(location.hash);
})();
`;
