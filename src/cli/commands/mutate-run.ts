/** What `vigiles mutate` does once its arguments are parsed (./mutate.ts declares the command). */
import type { MutateCommandArgs } from "./mutate-options.js";
import { oneOf } from "../command.js";
import { mutateHarness } from "../../tools/mutate/run-mutants.js";
import { mutateReportText } from "../../core/mutate/score.js";
import { mutateReportHtml } from "../../core/mutate/html.js";
import type { MutantResult } from "../../core/mutate/types.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { VigilesError } from "../../core/errors.js";

/** Runs `vigiles mutate` with parsed arguments; resolves to the exit code. */
export async function runMutate({ values, positionals }: MutateCommandArgs): Promise<number> {
  const format = oneOf("format", values.format, ["text", "json", "html"]);
  const minScore = values["min-score"] === undefined ? undefined : Number(values["min-score"]);
  if (minScore !== undefined && !(minScore >= 0 && minScore <= 100)) {
    process.stderr.write(
      `vigiles mutate: --min-score must be a number from 0 to 100, got "${values["min-score"]}".\n`,
    );
    return 2;
  }
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency > 0)) {
    process.stderr.write(
      `vigiles mutate: --concurrency must be a positive integer, got "${values.concurrency}".\n`,
    );
    return 2;
  }
  const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeout !== undefined && !(timeout > 0)) {
    process.stderr.write(
      `vigiles mutate: --timeout must be a number of seconds above 0, got "${values.timeout}".\n`,
    );
    return 2;
  }

  const controller = new AbortController();
  const onSigint = () => {
    process.stderr.write(
      "vigiles mutate: interrupted; stopping the running mutants and removing the copies…\n",
    );
    controller.abort();
  };
  process.once("SIGINT", onSigint);
  const live = format === "text" && values.out === undefined;
  const progress = (r: MutantResult) =>
    process.stderr.write(`  ${r.status.padEnd(14)} [${r.harnessName}] ${r.description}\n`);
  let report;
  try {
    report = await mutateHarness({
      ...(values.root !== undefined ? { root: values.root } : {}),
      testPaths: positionals,
      ...(values.command !== undefined ? { command: values.command } : {}),
      ...(concurrency !== undefined ? { concurrency } : {}),
      ...(values.since !== undefined ? { since: values.since } : {}),
      ...(timeout !== undefined ? { timeoutMs: timeout * 1000 } : {}),
      ...(values["no-speculate"] === true ? { speculate: false } : {}),
      signal: controller.signal,
      ...(live ? { onMutant: progress } : {}),
    });
  } catch (error) {
    if (error instanceof VigilesError) {
      process.stderr.write(`vigiles mutate: ${error.message}\n`);
      return controller.signal.aborted ? 130 : 2;
    }
    throw error;
  } finally {
    process.off("SIGINT", onSigint);
  }
  const text =
    format === "json"
      ? `${JSON.stringify(report, null, 2)}\n`
      : format === "html"
        ? mutateReportHtml(report)
        : mutateReportText(report);
  if (values.out !== undefined) writeFileAtomic(values.out, text);
  else process.stdout.write(text);
  if (report.aborted) return 130;
  if (report.mutants.length === 0) {
    // No mutant tested nothing: a pass only when --since says nothing changed (a CI step on a
    // change that touched no harness file), never when the harness itself has nothing to mutate.
    process.stderr.write(`vigiles mutate: ${report.selectionNote}; no mutant was tested.\n`);
    return values.since !== undefined ? 0 : 1;
  }
  if (report.mutants.some((m) => m.status === "error")) {
    process.stderr.write(
      "vigiles mutate: some mutants could not be tested (see Errors); the score is incomplete.\n",
    );
    return 1;
  }
  if (minScore !== undefined && (report.score ?? 100) < minScore) {
    process.stderr.write(
      `vigiles mutate: mutation score ${report.score}% is below --min-score ${minScore}.\n`,
    );
    return 1;
  }
  return 0;
}
