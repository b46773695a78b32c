/**
 * The gate of a sharded eval. An eval file's `assert` judges the whole grid (a rate, a lift, a
 * significance test), so a shard, which holds a slice of every arm, cannot be gated: a shard would
 * pass or fail on a fraction of the trials. The gate runs instead on the report merged from every
 * shard (`vigiles merge-reports`), once it is shown to be that eval's whole grid: the same inputs
 * (its inputs hash), not itself a shard, and no arm short of trials unless the run was aborted.
 */
import { VigilesError } from "../../core/errors.js";
import { runnerOf, type EvalDefinition } from "../../core/eval/eval-file.js";
import type { EvalReport } from "../../core/eval-report.js";
import { readReportFile } from "../report/load-report.js";
import { definitionInputsHash } from "./eval-files.js";
import { DEFAULT_TRIALS, resolveArms } from "./resolve-arms.js";
import type { MeasureArmsSpec, MeasureSpec, RunEvalSpec } from "../../core/eval/spec.js";

/** The report handed to `vigiles eval --gate` is not the whole grid of this eval. */
export class GateReportMismatchError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_GATE_REPORT_MISMATCH", message);
  }
}

/**
 * Reads the report at `path` and checks that it covers the whole grid of `definition` (as run with
 * this driver identity and trials override). Returns the report the gate then judges.
 */
export function mergedReportForGate(
  definition: EvalDefinition,
  path: string,
  driverIdentity: string,
  trialsOverride: number | undefined,
): EvalReport {
  const kind = runnerOf(definition);
  if (kind === "measureTriggerRate") {
    throw new GateReportMismatchError(
      "a measureTriggerRate eval does not run in shards, so its gate always runs with it; --gate takes the merged report of a sharded runEval, measure or measureArms eval.",
    );
  }
  const reports = readReportFile(path);
  if (reports.length !== 1) {
    throw new GateReportMismatchError(
      `${path} holds ${reports.length} reports (a baseline file?); --gate takes one merged report.`,
    );
  }
  const report = reports[0] as EvalReport;
  if (report.shard !== undefined) {
    throw new GateReportMismatchError(
      `${path} is shard ${report.shard.index}/${report.shard.total}, not the whole grid: merge every shard first ` +
        `(vigiles merge-reports <shard reports…> --out merged.json) and gate the merged report.`,
    );
  }
  const expectedHash = definitionInputsHash(definition, driverIdentity, trialsOverride);
  if (report.inputsHash !== expectedHash) {
    throw new GateReportMismatchError(
      `${path} comes from other inputs than this eval file (report ${String(report.inputsHash).slice(0, 12)}, ` +
        `eval ${expectedHash.slice(0, 12)}): the file changed since the shards ran, or they ran with another ` +
        "--trials or --driver. Gate with the same --trials and --driver as the shard runs.",
    );
  }
  const spec = (
    definition as unknown as Readonly<Record<string, RunEvalSpec | MeasureSpec | MeasureArmsSpec>>
  )[kind] as RunEvalSpec | MeasureSpec | MeasureArmsSpec;
  const trials = trialsOverride ?? spec.trials ?? DEFAULT_TRIALS;
  if (report.aborted !== true) {
    const short = resolveArms(spec, "arms" in spec ? spec.arms : undefined, kind).flatMap((arm) => {
      const a = report.arms[arm.name];
      const ran = a ? a.trials + (a.errors ?? 0) : 0;
      return ran < trials ? [`${arm.name} ${ran}/${trials}`] : [];
    });
    if (short.length > 0) {
      throw new GateReportMismatchError(
        `${path} covers part of the grid (trials per arm: ${short.join(", ")}): a shard is missing from the merge. ` +
          "Merge every shard's report, then gate again.",
      );
    }
  }
  return report;
}
