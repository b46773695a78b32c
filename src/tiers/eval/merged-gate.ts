/**
 * The gate of a sharded eval. An eval file's `assert` judges the whole grid (a rate, a lift, a
 * significance test), so a shard, which holds a slice of every arm, cannot be gated: a shard would
 * pass or fail on a fraction of the trials. The gate runs instead on the report merged from every
 * shard (`vigiles merge-reports`), once it is shown to be that eval's whole grid: the same inputs
 * (its inputs hash), not itself a shard, and no arm short of trials unless the run was aborted. A
 * trigger-rate eval's merged report must hold every prompt x trial run of its grid, each once.
 */
import { readFileSync } from "node:fs";
import { VigilesError } from "../../core/errors.js";
import { runnerOf, type EvalDefinition } from "../../core/eval/eval-file.js";
import type { EvalReport } from "../../core/eval-report.js";
import { readReportFile } from "./load-report.js";
import { definitionInputsHash } from "./eval-files.js";
import { DEFAULT_TRIALS, resolveArms } from "./resolve-arms.js";
import type { MeasureArmsSpec, MeasureSpec, RunEvalSpec } from "../../core/eval/spec.js";
import { isTriggerRateReport, triggerGridGaps } from "../../core/triggering/trigger-merge.js";
import type { TriggerRateReport } from "../../core/triggering/trigger-report.js";
import type { TriggerCase } from "../../core/triggering/trigger-summary.js";

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
): EvalReport | TriggerRateReport {
  const kind = runnerOf(definition);
  if (kind === "measureTriggerRate") {
    return mergedTriggerReportForGate(definition, path, driverIdentity, trialsOverride);
  }
  const reports = readReportFile(path);
  if (reports.length !== 1) {
    throw new GateReportMismatchError(
      `${path} holds ${reports.length} reports (a baseline file?); --gate takes one merged report.`,
    );
  }
  const report = reports[0] as EvalReport;
  if (report.shard !== undefined) throw notWholeGrid(path, report.shard);
  const expectedHash = definitionInputsHash(definition, driverIdentity, trialsOverride);
  if (report.inputsHash !== expectedHash) throw otherInputs(path, report.inputsHash, expectedHash);
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

function notWholeGrid(path: string, shard: { index: number; total: number }): GateReportMismatchError {
  return new GateReportMismatchError(
    `${path} is shard ${shard.index}/${shard.total}, not the whole grid: merge every shard first ` +
      `(vigiles merge-reports <shard reports…> --out merged.json) and gate the merged report.`,
  );
}

function otherInputs(path: string, reportHash: unknown, expectedHash: string): GateReportMismatchError {
  return new GateReportMismatchError(
    `${path} comes from other inputs than this eval file (report ${String(reportHash).slice(0, 12)}, ` +
      `eval ${expectedHash.slice(0, 12)}): the file or its skills changed since the shards ran, or they ran with another ` +
      "--trials or --driver. Gate with the same --trials and --driver as the shard runs.",
  );
}

/** The merged report of a sharded trigger-rate eval, checked to hold every run of its grid once. */
function mergedTriggerReportForGate(
  definition: EvalDefinition,
  path: string,
  driverIdentity: string,
  trialsOverride: number | undefined,
): TriggerRateReport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new GateReportMismatchError(`${path} cannot be read as JSON: ${(error as Error).message}`);
  }
  if (!isTriggerRateReport(parsed)) {
    throw new GateReportMismatchError(
      `${path} is not a trigger-rate report, and this eval measures a trigger rate: gate it with the report merged from its own shards.`,
    );
  }
  if (parsed.shard !== undefined) throw notWholeGrid(path, parsed.shard);
  const expectedHash = definitionInputsHash(definition, driverIdentity, trialsOverride);
  if (parsed.inputsHash !== expectedHash) throw otherInputs(path, parsed.inputsHash, expectedHash);
  const spec = (definition as { measureTriggerRate: Readonly<Record<string, unknown>> }).measureTriggerRate;
  const strings = (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  const cases: TriggerCase[] = [
    ...strings(spec["prompts"]).map((prompt) => ({ set: "relevant" as const, prompt })),
    ...strings(spec["irrelevantPrompts"]).map((prompt) => ({ set: "irrelevant" as const, prompt })),
  ];
  const declared = spec["trials"];
  const trials = trialsOverride ?? (typeof declared === "number" ? declared : 1);
  const { missing, extra } = triggerGridGaps(cases, trials, parsed.rows);
  if (parsed.trials !== trials || missing.length > 0 || extra.length > 0) {
    const runs = parsed.rows.length;
    throw new GateReportMismatchError(
      `${path} covers ${runs} of the ${cases.length * trials} runs of this eval's grid (${cases.length} prompts x ${trials} trials` +
        `${missing.length > 0 ? `; missing ${missing.length}` : ""}${extra.length > 0 ? `; ${extra.length} outside it` : ""}): ` +
        "a shard is missing from the merge. Merge every shard's report, then gate again.",
    );
  }
  return parsed;
}
