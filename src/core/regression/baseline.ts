import { VigilesError } from "../errors.js";
import type { EvalReport } from "../eval-report.js";
import { parseEvalReport } from "./report-schema.js";

/** The baseline format this vigiles writes and reads. */
export const BASELINE_VERSION = 1;
/** Marks a JSON file as a vigiles baseline. */
export const BASELINE_FORMAT = "vigiles-eval-baseline";

/**
 * A committed baseline: the summaries of one or more eval reports ("jest snapshots for agent
 * behaviour"). Raw rows are dropped unless asked for, so the file stays small in review.
 */
export interface Baseline {
  readonly format: typeof BASELINE_FORMAT;
  readonly version: typeof BASELINE_VERSION;
  /** ISO time the baseline was recorded. */
  readonly createdAt: string;
  readonly reports: readonly EvalReport[];
}

/** A baseline file could not be understood: not JSON, or not the baseline shape. */
export class MalformedBaselineError extends VigilesError {
  readonly path: string;

  constructor(path: string, problem: string, options?: { cause?: unknown }) {
    super(
      "VIGILES_MALFORMED_BASELINE",
      `The baseline ${path} is malformed: ${problem}\nRe-record it with writeBaseline (or delete it to start over).`,
      options,
    );
    this.path = path;
  }
}

/** A baseline file was written by a newer vigiles than this one. */
export class BaselineVersionError extends VigilesError {
  readonly path: string;
  readonly version: number;

  constructor(path: string, version: number) {
    super(
      "VIGILES_BASELINE_TOO_NEW",
      `The baseline ${path} has format version ${version}, newer than the version ${BASELINE_VERSION} this vigiles reads. ` +
        "Upgrade vigiles, or re-record the baseline with this version.",
    );
    this.path = path;
    this.version = version;
  }
}

/** Builds a baseline from reports, dropping raw rows unless `keepRows`. */
export function makeBaseline(
  reports: EvalReport | readonly EvalReport[],
  options: { keepRows?: boolean; now?: Date } = {},
): Baseline {
  const list: readonly EvalReport[] = Array.isArray(reports) ? reports : [reports as EvalReport];
  return {
    format: BASELINE_FORMAT,
    version: BASELINE_VERSION,
    createdAt: (options.now ?? new Date()).toISOString(),
    reports: list.map((r) => {
      if (options.keepRows) return r;
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      const { rows, rowsFile, ...summary } = r as EvalReport & { rowsFile?: string };
      return summary;
    }),
  };
}

function parseReports(path: string, value: unknown, where: string): EvalReport[] {
  if (!Array.isArray(value))
    throw new MalformedBaselineError(path, `${where} must be an array of eval reports.`);
  return value.map((item, i) => {
    const r = parseEvalReport(item);
    if (!r.ok) throw new MalformedBaselineError(path, `${where}[${i}] is not an eval report:\n${r.problems}`);
    return r.report;
  });
}

/**
 * Reads a parsed baseline JSON value: the current format, or an older one upgraded (version 0 was a
 * bare eval report, or an array of them, saved as JSON). Newer versions are refused.
 */
export function parseBaseline(value: unknown, path = "(baseline)"): Baseline {
  if (value === null || typeof value !== "object") {
    throw new MalformedBaselineError(
      path,
      `expected a JSON object, got ${value === null ? "null" : typeof value}.`,
    );
  }
  if (Array.isArray(value)) {
    return {
      format: BASELINE_FORMAT,
      version: BASELINE_VERSION,
      createdAt: "",
      reports: parseReports(path, value, "the file"),
    };
  }
  const o = value as Record<string, unknown>;
  if (o["format"] === undefined && "arms" in o) {
    return {
      format: BASELINE_FORMAT,
      version: BASELINE_VERSION,
      createdAt: "",
      reports: parseReports(path, [o], "the file"),
    };
  }
  if (o["format"] !== BASELINE_FORMAT) {
    throw new MalformedBaselineError(
      path,
      `its "format" is ${JSON.stringify(o["format"])}, expected "${BASELINE_FORMAT}" (or a bare eval report).`,
    );
  }
  const version = o["version"];
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
    throw new MalformedBaselineError(
      path,
      `its "version" is ${JSON.stringify(version)}, expected a positive integer.`,
    );
  }
  if (version > BASELINE_VERSION) throw new BaselineVersionError(path, version);
  const createdAt = typeof o["createdAt"] === "string" ? o["createdAt"] : "";
  return {
    format: BASELINE_FORMAT,
    version: BASELINE_VERSION,
    createdAt,
    reports: parseReports(path, o["reports"], '"reports"'),
  };
}

/** The reports of a baseline, whichever way it was handed over. */
export function baselineReports(
  baseline: Baseline | EvalReport | readonly EvalReport[],
): readonly EvalReport[] {
  if (Array.isArray(baseline)) return baseline as readonly EvalReport[];
  const b = baseline as Baseline | EvalReport;
  return "reports" in b && "format" in b ? b.reports : [b as EvalReport];
}
