import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { VigilesError } from "../../core/errors.js";
import type { EvalReport, TrialRow } from "../../core/eval-report.js";
import { BASELINE_FORMAT, parseBaseline } from "../../core/regression/baseline.js";
import { parseEvalReport } from "../../core/regression/report-schema.js";

/** A report file could not be read as an eval report (or a baseline of them). */
export class MalformedReportError extends VigilesError {
  readonly path: string;

  constructor(path: string, problem: string, options?: { cause?: unknown }) {
    super(
      "VIGILES_MALFORMED_REPORT",
      `${path} is not a vigiles eval report: ${problem}\nPass the JSON file an eval wrote (or a baseline file).`,
      options,
    );
    this.path = path;
  }
}

function readRowsFile(reportPath: string, rowsFile: string): TrialRow[] {
  const path = resolve(dirname(reportPath), rowsFile);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new MalformedReportError(
      reportPath,
      `its rows file ${path} cannot be read (${(e as Error).message}).`,
      {
        cause: e,
      },
    );
  }
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  // `vigiles eval` starts its rows file with a header line ({"format":"vigiles.eval-rows",…}); skip it.
  const first = lines[0];
  const header = first !== undefined && /^\{\s*"format"\s*:\s*"vigiles\.eval-rows"/.test(first) ? 1 : 0;
  if (header) lines.shift();
  return lines.map((line, i) => {
    try {
      return JSON.parse(line) as TrialRow;
    } catch (e) {
      throw new MalformedReportError(
        reportPath,
        `line ${i + 1 + header} of its rows file ${path} is not JSON.`,
        {
          cause: e,
        },
      );
    }
  });
}

/**
 * Reads the eval reports in a file: one report, or every report of a baseline file. Rows streamed
 * to a `rowsFile` (JSONL, relative to the report) are loaded back in.
 */
export function readReportFile(path: string): EvalReport[] {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT")
      throw new MalformedReportError(path, "the file does not exist.");
    throw new MalformedReportError(path, `it is not JSON (${(e as Error).message}).`, { cause: e });
  }
  const isBaseline =
    Array.isArray(value) ||
    (value !== null &&
      typeof value === "object" &&
      (value as Record<string, unknown>)["format"] === BASELINE_FORMAT);
  let reports: EvalReport[];
  if (isBaseline) {
    reports = [...parseBaseline(value, path).reports];
  } else {
    const r = parseEvalReport(value);
    if (!r.ok) throw new MalformedReportError(path, `\n${r.problems}`);
    reports = [r.report];
  }
  return reports.map((r) => {
    const rowsFile = (r as { readonly rowsFile?: unknown }).rowsFile;
    return r.rows === undefined && typeof rowsFile === "string"
      ? { ...r, rows: readRowsFile(path, rowsFile) }
      : r;
  });
}
