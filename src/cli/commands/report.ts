/** `vigiles report <report.json> [--baseline b.json] [-o out.html]`: one self-contained HTML page. */
import { writeFileSync } from "node:fs";
import { defineCommand, type CliCommand } from "../command.js";
import { VigilesError } from "../../core/errors.js";
import type { EvalReport } from "../../core/eval-report.js";
import { diffReports } from "../../core/regression/diff.js";
import { readBaseline } from "../../tools/report/baseline-file.js";
import { renderReportHtml } from "../../tools/report/html/render.js";
import { writeJobSummary } from "../../tools/report/job-summary.js";
import { readReportFile } from "../../tiers/eval/load-report.js";

const HELP = `Usage: vigiles report <report.json> [options]

Renders an eval report (or every report of a baseline file) as one self-contained HTML page: the
rate of each check per arm with its 95% Wilson interval, A/B verdicts, cost and latency, and each
failing trial's trace. With --baseline it adds the regression diff. Reads files only; runs nothing.
When GITHUB_STEP_SUMMARY is set, the same summary is appended to the job summary as Markdown.

Options:
  --baseline <file>         a baseline (writeBaseline) or report to diff against
  -o, --out <file>          the HTML file to write (default: <report>.html)
  --min <rate>              draw a rate gate on the charts and mark rates below it
  --alpha <p>               significance level for verdicts (default 0.05)
  --lower-is-better <list>  comma-separated metrics where lower is better (cost, latency …)
  --arm <name>              the arm A/B verdicts compare against
`;

function numberFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n))
    throw new VigilesError("VIGILES_INVALID_OPTION", `--${name} must be a number, got "${value}".`);
  return n;
}

export const reportCommand: CliCommand = defineCommand({
  name: "report",
  summary: "render an eval report (and its diff against a baseline) as one self-contained HTML file",
  help: HELP,
  options: {
    baseline: { type: "string" },
    out: { type: "string", short: "o" },
    min: { type: "string" },
    alpha: { type: "string" },
    "lower-is-better": { type: "string" },
    arm: { type: "string" },
  },
  positionals: true,
  async run({ values, positionals }) {
    const [input, ...extra] = positionals;
    if (input === undefined || extra.length > 0) {
      process.stderr.write(`vigiles report: expected exactly one report file.\n\n${HELP}`);
      return 2;
    }
    try {
      const reports = readReportFile(input);
      const min = numberFlag("min", values.min);
      const alpha = numberFlag("alpha", values.alpha);
      const lowerIsBetter = (values["lower-is-better"] ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      let baselineReports: readonly EvalReport[] | undefined;
      if (values.baseline !== undefined) {
        const b = readBaseline(values.baseline);
        if (!b)
          throw new VigilesError("VIGILES_NO_BASELINE", `the baseline ${values.baseline} does not exist.`);
        baselineReports = b.reports;
      }
      const diff = baselineReports
        ? diffReports(baselineReports, reports, { lowerIsBetter, ...(alpha === undefined ? {} : { alpha }) })
        : undefined;
      const baselineFor = (r: EvalReport) =>
        baselineReports?.find((b) => b.name === r.name) ??
        (baselineReports?.length === 1 ? baselineReports[0] : undefined);
      const html = renderReportHtml(reports, {
        ...(diff ? { diff, baselineFor } : {}),
        ...(min === undefined ? {} : { min }),
        ...(alpha === undefined ? {} : { alpha }),
        ...(values.arm === undefined ? {} : { referenceArm: values.arm }),
        lowerIsBetter,
      });
      const out = values.out ?? `${input.replace(/\.json$/i, "")}.html`;
      writeFileSync(out, html);
      const summary = writeJobSummary(reports, {
        ...(diff ? { diff } : {}),
        ...(min === undefined ? {} : { min }),
      });
      process.stdout.write(
        `wrote ${out}` +
          (diff
            ? ` (${diff.counts.regressed} regressed, ${diff.counts.improved} improved against the baseline)`
            : "") +
          (summary ? `; job summary appended to ${summary}` : "") +
          "\n",
      );
      return 0;
    } catch (e) {
      if (e instanceof VigilesError) {
        process.stderr.write(`vigiles report: ${e.message}\n`);
        return 2;
      }
      throw e;
    }
  },
});
