import { readFileSync } from "node:fs";
import type { EvalReport } from "../../core/eval-report.js";
import {
  makeBaseline,
  MalformedBaselineError,
  parseBaseline,
  type Baseline,
} from "../../core/regression/baseline.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";

/** Options of {@link writeBaseline}. */
export interface WriteBaselineOptions {
  /** Keep the raw per-trial rows (default: summaries only, so the committed file stays small). */
  readonly keepRows?: boolean;
}

/**
 * Records `reports` as the baseline at `path` (commit it): a versioned JSON file written
 * atomically, so a crash never leaves half a baseline behind. Returns what was written.
 */
export function writeBaseline(
  path: string,
  reports: EvalReport | readonly EvalReport[],
  options: WriteBaselineOptions = {},
): Baseline {
  const baseline = makeBaseline(reports, options);
  writeFileAtomic(path, `${JSON.stringify(baseline, null, 2)}\n`);
  return baseline;
}

/**
 * Reads the baseline at `path`: `undefined` when there is none yet (record one with
 * {@link writeBaseline}), a {@link MalformedBaselineError} when it cannot be read as one, a
 * `BaselineVersionError` when a newer vigiles wrote it. Older formats are upgraded on read.
 */
export function readBaseline(path: string): Baseline | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new MalformedBaselineError(path, `it is not JSON (${(e as Error).message}).`, { cause: e });
  }
  return parseBaseline(value, path);
}
