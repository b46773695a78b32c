/** The report's only stylesheet, inlined: the page loads nothing. */
export const STYLES = `
:root { --fg:#1f2328; --dim:#656d76; --line:#d0d7de; --bg:#ffffff; --panel:#f6f8fa;
  --good:#1a7f37; --bad:#cf222e; --new:#0969da; --warn:#9a6700; --bar:#0969da; }
* { box-sizing: border-box; }
body { margin:0; font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; color:var(--fg); background:var(--bg); }
main { max-width:1040px; margin:0 auto; padding:24px 28px 64px; }
h1 { font-size:24px; margin:0 0 4px; }
h2 { font-size:18px; margin:32px 0 10px; padding-bottom:6px; border-bottom:1px solid var(--line); }
h3 { font-size:15px; margin:18px 0 6px; }
.sub { color:var(--dim); margin:0 0 16px; }
.cards { display:flex; flex-wrap:wrap; gap:12px; margin:16px 0; }
.card { background:var(--panel); border:1px solid var(--line); border-radius:6px; padding:10px 14px; min-width:130px; }
.card b { display:block; font-size:20px; }
.card span { color:var(--dim); font-size:12px; text-transform:uppercase; letter-spacing:.04em; }
table { border-collapse:collapse; width:100%; margin:6px 0 12px; }
th, td { text-align:left; padding:6px 10px; border-bottom:1px solid var(--line); vertical-align:top; }
th { background:var(--panel); font-weight:600; font-size:13px; }
td.n, th.n { text-align:right; font-variant-numeric:tabular-nums; }
code, pre { font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace; }
pre { background:var(--panel); border:1px solid var(--line); border-radius:6px; padding:8px 10px; white-space:pre-wrap; word-break:break-word; margin:4px 0 8px; max-height:360px; overflow:auto; }
.badge { display:inline-block; padding:1px 8px; border-radius:999px; font-size:12px; font-weight:600; border:1px solid currentColor; }
.v-improved, .v-better, .v-pass { color:var(--good); }
.v-regressed, .v-worse, .v-fail { color:var(--bad); }
.v-unchanged, .v-no-difference { color:var(--dim); }
.v-new { color:var(--new); }
.v-missing { color:var(--warn); }
.chart { max-width:100%; height:auto; display:block; margin:4px 0 14px; }
.chart .grid { stroke:#eaeef2; }
.chart .min { stroke:var(--bad); stroke-dasharray:4 3; }
.chart .tick { font-size:11px; fill:var(--dim); }
.chart .label { font-size:12px; fill:var(--fg); }
.chart .value { font-size:12px; fill:var(--fg); font-variant-numeric:tabular-nums; }
.chart .dim, .dim { fill:var(--dim); color:var(--dim); }
.chart .small { font-size:11px; }
.chart .track { fill:#eef1f4; }
.chart .fill { fill:var(--bar); opacity:.85; }
.chart .fill.below { fill:var(--bad); }
.chart .err { stroke:var(--fg); stroke-width:1.5; }
.chart .basefill { fill:#8c959f; }
.chart .baseerr { stroke:#8c959f; stroke-width:1; }
details.trial { border:1px solid var(--line); border-radius:6px; margin:8px 0; background:var(--bg); }
details.trial > summary { cursor:pointer; padding:8px 12px; background:var(--panel); border-radius:6px; }
details.trial[open] > summary { border-bottom:1px solid var(--line); border-radius:6px 6px 0 0; }
details.trial .body { padding:8px 14px 12px; }
ol.calls { padding-left:22px; margin:4px 0; }
ol.calls li { margin:4px 0; }
.err-text { color:var(--bad); }
.note { color:var(--dim); font-size:13px; }
`;
