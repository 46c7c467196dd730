// The HTML report's style sheet: one <style> element, allowed by its hash in the page's
// Content-Security-Policy (formats/html.ts), so the page carries no `style` attribute anywhere
// (the bars and charts are SVG shapes sized by their own attributes). Light and dark follow the
// reader's setting (prefers-color-scheme); every text colour keeps a contrast of at least 4.5:1
// on its background in both (the browser test measures it); print drops the controls, keeps the
// colours of the badges and repeats the table's header on each page. The tables of the sheet
// (formats/html.ts) share fixed column widths and are laid out only once in view.

export const htmlStyle = `
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --head: #f6f8fa;
  --link: #0a52c4; --focus: #0a52c4; --track: #e4e8ec; --spark: #0a52c4;
  --fill: #2d6bd0; --full: #c4321c;
  --in-sync-bg: #dafbe1; --in-sync-fg: #0f5b25; --in-sync: #2da44e;
  --changed-bg: #fff1c2; --changed-fg: #6b4100; --changed: #bf8700;
  --gone-bg: #ffe2e0; --gone-fg: #9a1019; --gone: #cf222e;
  --unmanaged-bg: #e3ebff; --unmanaged-fg: #1a3a8f; --unmanaged: #0969da;
  --duplicate-bg: #f3e8ff; --duplicate-fg: #5f1d99; --duplicate: #8250df;
  --flag-bg: #eceff2; --flag-fg: #32383f;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --fg: #e6edf3; --muted: #a3acb7; --line: #3d444d; --head: #161b22;
    --link: #79b8ff; --focus: #79b8ff; --track: #2d333b; --spark: #79b8ff;
    --fill: #4f8fea; --full: #f0705f;
    --in-sync-bg: #12361f; --in-sync-fg: #8ae6ad; --in-sync: #3fb950;
    --changed-bg: #3b2a00; --changed-fg: #f2cc60; --changed: #d29922;
    --gone-bg: #4a1218; --gone-fg: #ffaba4; --gone: #f85149;
    --unmanaged-bg: #0c2d6b; --unmanaged-fg: #b3d1ff; --unmanaged: #388bfd;
    --duplicate-bg: #3c1e70; --duplicate-fg: #dcbdff; --duplicate: #a371f7;
    --flag-bg: #2d333b; --flag-fg: #d4dae1;
  }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
html { background: var(--bg); color: var(--fg); }
body { margin: 0; padding: 1rem 1.5rem 3rem; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--link); }
:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; }
h3 { font-size: 1rem; margin: 0; overflow-wrap: anywhere; }
.skip { position: absolute; left: -10000px; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip:focus { position: static; }
.muted, .when { color: var(--muted); }
.verdict { font-weight: 600; margin: .5rem 0; }
.verdict.fails { color: var(--gone-fg); }
.verdict.passes { color: var(--in-sync-fg); }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .5rem 0; }
.facts dt { font-weight: 600; }
.facts dd { margin: 0; overflow-wrap: break-word; }
.facts summary { cursor: pointer; }
.counts { display: flex; flex-wrap: wrap; gap: .4rem; list-style: none; padding: 0; margin: .75rem 0; }
.counts a, .counts span.c { display: inline-block; padding: .2rem .6rem; border-radius: 1rem; text-decoration: none; }
.counts b { font-variant-numeric: tabular-nums; }
.notes { margin: .25rem 0; padding-left: 1.25rem; }
.accounts { table-layout: fixed; }
.accounts th:first-child { width: 26%; } .accounts th:nth-child(2) { width: 24%; }
.accounts td svg { display: block; width: 100%; height: 10px; margin: .3rem 0 .2rem; }
.legend { display: flex; flex-wrap: wrap; gap: 0 .6rem; list-style: none; padding: 0; margin: 0; font-size: .85em; }
.track { fill: var(--track); }
.used { fill: var(--fill); }
.used.full { fill: var(--full); }
.seg-in-sync { fill: var(--in-sync); } .seg-changed { fill: var(--changed); } .seg-gone { fill: var(--gone); }
.seg-unmanaged { fill: var(--unmanaged); } .seg-duplicate { fill: var(--duplicate); }
.key { display: inline-block; width: .7rem; height: .7rem; margin-right: .3rem; vertical-align: -.05rem; }
.key svg { width: .7rem; height: .7rem; }
.controls { display: flex; flex-wrap: wrap; align-items: end; gap: .5rem 1rem; margin: .5rem 0; }
.controls label { display: flex; flex-direction: column; font-weight: 600; gap: .15rem; }
.controls select, .controls input { font: inherit; padding: .25rem .4rem; color: var(--fg); background: var(--bg); border: 1px solid var(--muted); border-radius: .3rem; }
.controls input { min-width: 16rem; }
#shown { margin: .25rem 0 .5rem; color: var(--muted); }
table { border-collapse: separate; border-spacing: 0; width: 100%; }
.sheet table { table-layout: fixed; min-width: 56rem; }
.chunk { content-visibility: auto; contain-intrinsic-size: auto 10000px; }
.w-site { width: 19%; } .w-status { width: 8%; } .w-account { width: 16%; } .w-stacks { width: 12%; } .w-changes { width: 16%; } .w-views { width: 10%; }
th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid var(--line); overflow-wrap: break-word; }
thead th { position: sticky; top: 0; background: var(--head); z-index: 1; overflow-wrap: normal; }
thead th button { font: inherit; font-weight: 600; color: inherit; background: none; border: 0; padding: 0; cursor: pointer; text-align: left; }
thead th[aria-sort=ascending] button::after { content: " \\25B2"; }
thead th[aria-sort=descending] button::after { content: " \\25BC"; }
tbody th { font-weight: 600; }
tbody th a { color: inherit; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td small, th small, li small { display: block; color: var(--muted); font-weight: normal; }
.b { display: inline-block; padding: 0 .45rem; border-radius: .75rem; font-weight: 600; white-space: nowrap; }
.in-sync { background: var(--in-sync-bg); color: var(--in-sync-fg); }
.changed { background: var(--changed-bg); color: var(--changed-fg); }
.gone { background: var(--gone-bg); color: var(--gone-fg); }
.unmanaged { background: var(--unmanaged-bg); color: var(--unmanaged-fg); }
.duplicate { background: var(--duplicate-bg); color: var(--duplicate-fg); }
.flag { background: var(--flag-bg); color: var(--flag-fg); }
.ch { display: block; }
.ch code { font-weight: 600; }
.rec, .live { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
.spark { width: 64px; height: 18px; vertical-align: middle; margin-right: .35rem; }
.spark polyline { fill: none; stroke: var(--spark); stroke-width: 1.5; stroke-linejoin: round; }
.findings li { margin: .25rem 0; }
@media (max-width: 60rem) { .sheet { overflow-x: auto; } }
@media print {
  body { padding: 0; font-size: 9pt; }
  .controls, #shown, .skip { display: none; }
  a { color: inherit; text-decoration: none; }
  thead { display: table-header-group; }
  thead th { position: static; }
  .chunk { content-visibility: visible; }
  tr { break-inside: avoid; }
  .b, .accounts svg, .spark, .counts a { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}
`;

/**
 * What a page with a history adds to the style sheet (after it, in the same <style> element, so
 * that a page without one keeps its sheet and its hash): the headline and the warning, the trend
 * strip, the "new" flag, the running totals, the age column (the website and account columns
 * give it room), the filter's check box; in print the trend keeps its colours and does not break.
 */
export const htmlHistoryStyle = `
:root { --new-bg: #d3f5f1; --new-fg: #0b4f4a; --new: #1a9e92; }
@media (prefers-color-scheme: dark) {
  :root { --new-bg: #0d3b38; --new-fg: #7ee0d6; --new: #2fc2b3; }
}
.headline { font-size: 1.05rem; font-weight: 600; margin: .5rem 0; }
.warning { margin: .5rem 0; padding: .3rem .6rem; border-left: 4px solid var(--changed); background: var(--changed-bg); color: var(--changed-fg); }
.trend-figure { margin: .5rem 0 .75rem; }
svg.trend { display: block; width: 100%; height: 64px; }
.trend-figure figcaption { color: var(--muted); font-size: .85em; margin-top: .2rem; }
.trend-figure .legend { font-size: 1em; }
.axis { stroke: var(--muted); stroke-width: 1; vector-effect: non-scaling-stroke; }
.seg-new { fill: var(--new); } .seg-open { fill: var(--changed); } .seg-accepted { fill: var(--muted); } .seg-fixed { fill: var(--in-sync); }
.new { background: var(--new-bg); color: var(--new-fg); }
.totals { margin: 0 0 .5rem; font-size: .9em; }
.controls label.check { flex-direction: row; align-items: center; gap: .35rem; padding-bottom: .3rem; }
.controls input[type=checkbox] { min-width: 0; margin: 0; }
.aged .w-site { width: 17%; } .aged .w-account { width: 14%; } .w-age { width: 7%; }
.fixed td:nth-child(2), .fixed td:nth-child(3) { white-space: nowrap; }
@media print {
  .trend-figure { break-inside: avoid; }
  svg.trend, .totals span, .b.new, .warning { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}
`;
