// The report readers over large evals: rendering the HTML page, diffing against a baseline and
// writing JUnit for a report of 100 and of 10,000 trial rows (2 arms × 5 checks, traces on the
// rows), per row. They should stay linear or better (per-row ratio 10k/100 <= 1.5; fixed costs
// dominate at 100 rows, so it sits far below 1) and the page small, since failing trials are
// capped per arm. Also Welch tests per second.
// Target: per-row ratio <= 1.5; HTML for 10,000 rows < 1 MB.
// Run: npm run build && node bench/report.bench.mjs
import {
  renderReportHtml,
  diffReports,
  diffToJUnit,
  checkReportToJUnit,
  welchTest,
  wilsonInterval,
} from "../dist/entries/index.js";

const CHECKS = ["tool(Bash)", "skill(demo:greet)", "output(/done/)", "hookFired(PreToolUse)", "turns(<=5)"];

function report(rows, shift = 0) {
  const arms = {};
  const out = [];
  for (const arm of ["off", "on"]) {
    const per = rows / 2;
    const counts = Object.fromEntries(CHECKS.map((c) => [c, 0]));
    for (let t = 0; t < per; t++) {
      const metrics = {};
      CHECKS.forEach((c, i) => {
        const pass = (t * 7 + i * 13) % 100 < (arm === "on" ? 80 : 55) + shift;
        metrics[c] = pass;
        if (pass) counts[c]++;
      });
      out.push({
        arm,
        trial: t,
        case: `case ${t % 20}`,
        metrics,
        usage: { costUsd: 0.01, inputTokens: 1200, outputTokens: 300, durationMs: 1500 + (t % 50) * 10 },
        messages: Object.fromEntries(
          CHECKS.filter((c) => !metrics[c]).map((c) => [c, `expected ${c}, it did not`]),
        ),
        trace: {
          toolCalls: [{ name: "Bash", input: { command: `npm test -- ${t}` }, result: "ok", isError: false }],
          hooks: [{ name: "PreToolUse:Bash", event: "PreToolUse", blocked: false, exitCode: 0, output: "" }],
          output: `done ${t}`,
          turns: 3,
        },
      });
    }
    arms[arm] = {
      trials: per,
      usage: {
        costUsd: per * 0.01,
        inputTokens: per * 1200,
        outputTokens: per * 300,
        durationMs: per * 1500,
      },
      metrics: Object.fromEntries(
        CHECKS.map((c) => {
          const mean = counts[c] / per;
          const std = Math.sqrt((mean * (1 - mean) * per) / Math.max(1, per - 1));
          return [
            c,
            {
              mean,
              std,
              se: std / Math.sqrt(per),
              n: per,
              passK: mean === 1,
              kind: "rate",
              wilson: wilsonInterval(counts[c], per),
            },
          ];
        }),
      ),
    };
  }
  return {
    version: 1,
    name: "bench",
    arms,
    totalCostUsd: rows * 0.01,
    rows: out,
    checks: Object.fromEntries(CHECKS.map((c) => [c, { c }])),
  };
}

function time(fn, reps) {
  fn();
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) fn();
  return (performance.now() - t0) / reps;
}

const results = {};
for (const rows of [100, 10_000]) {
  const r = report(rows);
  const base = report(rows, -5);
  const reps = rows === 100 ? 200 : 4;
  const html = renderReportHtml([r], { diff: diffReports([base], [r]), baselineFor: () => base, min: 0.7 });
  results[rows] = {
    html: time(
      () => renderReportHtml([r], { diff: diffReports([base], [r]), baselineFor: () => base, min: 0.7 }),
      reps,
    ),
    junit: time(() => checkReportToJUnit(r, { min: 0.7 }) + diffToJUnit(diffReports([base], [r])), reps),
    bytes: Buffer.byteLength(html),
  };
}
const perRow = (k, n) => results[n][k] / n;
console.log(`rows     html ms   junit ms   html size`);
for (const n of [100, 10_000]) {
  console.log(
    `${String(n).padEnd(8)} ${results[n].html.toFixed(2).padStart(8)} ${results[n].junit.toFixed(2).padStart(10)}   ${(results[n].bytes / 1024).toFixed(0)} KiB`,
  );
}
console.log(
  `html per-row ratio 10k/100: ${(perRow("html", 10_000) / perRow("html", 100)).toFixed(2)} (target <= 1.5)`,
);
console.log(`junit per-row ratio 10k/100: ${(perRow("junit", 10_000) / perRow("junit", 100)).toFixed(2)}`);
console.log(`html size at 10k rows: ${(results[10_000].bytes / 1024 / 1024).toFixed(2)} MB (target < 1 MB)`);
const a = { mean: 0.6, se: 0.05, n: 40 };
const b = { mean: 0.7, se: 0.04, n: 40 };
const welchUs = time(() => welchTest(a, b), 100_000) * 1000;
console.log(
  `Welch test: ${welchUs.toFixed(2)} µs each (${Math.round(1e6 / welchUs).toLocaleString("en")} per second)`,
);
