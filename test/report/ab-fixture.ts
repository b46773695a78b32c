// An A/B eval report with traces on its rows, as paid_measureArms would write it, for the reporters.
import type { EvalReport, TrialRow, TrialTrace } from "../../src/core/eval-report.js";
import { bools, makeReport } from "../stats/make-report.js";

function traceFor(row: TrialRow): TrialTrace {
  const usedBash = row.metrics["tool(Bash)"] === true;
  return {
    toolCalls: [
      { name: "Read", input: { file_path: "src/app.ts" }, result: "export const app = 1;\n", isError: false },
      usedBash
        ? { name: "Bash", input: { command: "npm test" }, result: "1 passed", isError: false }
        : {
            name: "Edit",
            input: { file_path: "src/app.ts", old_string: "1", new_string: "2" },
            result: "ok",
          },
    ],
    hooks: [
      {
        name: "PreToolUse:Bash",
        event: "PreToolUse",
        blocked: row.metrics["hookFired(PreToolUse)"] === false,
        exitCode: row.metrics["hookFired(PreToolUse)"] === false ? 2 : 0,
        output: row.metrics["hookFired(PreToolUse)"] === false ? "rm -rf is not allowed <here>" : "",
      },
    ],
    output:
      row.metrics["output(/done/)"] === false ? "I could not finish: the tests <fail>." : "done: all green",
    turns: 3,
  };
}

export function abReport(name = "marker"): EvalReport {
  const base = makeReport(
    {
      vanilla: {
        "tool(Bash)": bools(4, 10),
        "hookFired(PreToolUse)": bools(9, 10),
        "output(/done/)": bools(6, 10),
        quality: [0.5, 0.6, 0.4, 0.55, 0.5, 0.45, 0.6, 0.5, 0.52, 0.48],
      },
      gated: {
        "tool(Bash)": bools(9, 10),
        "hookFired(PreToolUse)": bools(10, 10),
        "output(/done/)": bools(8, 10),
        quality: [0.7, 0.75, 0.8, 0.72, 0.68, 0.74, 0.7, 0.77, 0.71, 0.73],
      },
    },
    {
      name,
      checks: {
        "tool(Bash)": { kind: "tool", name: "Bash" },
        "hookFired(PreToolUse)": { kind: "hookFired", event: "PreToolUse" },
        "output(/done/)": { kind: "output", pattern: "/done/" },
      },
    },
  );
  return { ...base, rows: base.rows?.map((r) => ({ ...r, trace: traceFor(r) })) ?? [] };
}

export function abBaselineReport(name = "marker"): EvalReport {
  return makeReport(
    {
      vanilla: {
        "tool(Bash)": bools(9, 10),
        "hookFired(PreToolUse)": bools(9, 10),
        "output(/done/)": bools(6, 10),
      },
      gated: {
        "tool(Bash)": bools(4, 10),
        "hookFired(PreToolUse)": bools(10, 10),
        "output(/done/)": bools(10, 10),
      },
    },
    { name },
  );
}
