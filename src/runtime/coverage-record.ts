/**
 * Harness coverage records. While tests run under `vigiles test` (or any runner with
 * `VIGILES_COVERAGE_DIR` set), each runner appends one JSON line per hook, skill, agent or command
 * it actually exercised; `vigiles audit --coverage` reads them back and lists what nothing touched.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { VigilesError } from "../core/errors.js";

/** The environment variable naming the directory coverage records go to. Unset: nothing is recorded. */
export const COVERAGE_DIR_ENV = "VIGILES_COVERAGE_DIR";
/** Version of the record line format; a reader rejects lines from a newer writer. */
export const COVERAGE_RECORD_VERSION = 1;

/** What was exercised. */
export type CoverageKind = "hook" | "skill" | "agent" | "command";
/** Which runner exercised it. */
export type CoverageSource = "runHook" | "runHookProgram" | "runHarnessTest" | "eval";

/**
 * What identifies the exercised item. A hook: its `event`, and where known its `command` (as run),
 * `file` (the hook program or settings file) and `target` (what its matcher was tested against:
 * the tool name, SessionStart source …). A skill, agent or command: its `name` (`plugin:name` or bare).
 */
export interface CoverageIdentity {
  readonly event?: string;
  readonly command?: string;
  readonly file?: string;
  readonly target?: string;
  readonly name?: string;
}

/** One exercised item. */
export interface CoverageEntry {
  readonly kind: CoverageKind;
  readonly source: CoverageSource;
  readonly identity: CoverageIdentity;
}

/** A record as read back. */
export interface CoverageRecord extends CoverageEntry {
  readonly v: number;
  readonly pid: number;
}

/** A coverage file could not be written or read. */
export class CoverageRecordError extends VigilesError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("VIGILES_COVERAGE_RECORD", message, options);
  }
}

/** True when a coverage directory is configured in this process. */
export function coverageEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return typeof env[COVERAGE_DIR_ENV] === "string" && env[COVERAGE_DIR_ENV] !== "";
}

/**
 * Appends one coverage record when `VIGILES_COVERAGE_DIR` is set; does nothing otherwise.
 * Each process writes its own file, so concurrent test workers never interleave lines.
 *
 * @example
 * recordCoverage({ kind: "hook", source: "runHook", identity: { event: "PreToolUse", command: "bash guard.sh", target: "Bash" } });
 */
export function recordCoverage(entry: CoverageEntry, env: NodeJS.ProcessEnv = process.env): void {
  const dir = env[COVERAGE_DIR_ENV];
  if (dir === undefined || dir === "") return;
  const line = JSON.stringify({ v: COVERAGE_RECORD_VERSION, pid: process.pid, ...entry }) + "\n";
  try {
    mkdirSync(dir, { recursive: true });
    appendFileSync(join(dir, `coverage-${process.pid}.jsonl`), line);
  } catch (cause) {
    throw new CoverageRecordError(
      `Could not append a coverage record to ${COVERAGE_DIR_ENV}="${dir}": make the directory writable or unset the variable.`,
      { cause },
    );
  }
}

function isEntry(value: unknown): value is CoverageRecord {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v["kind"] === "string" &&
    typeof v["source"] === "string" &&
    typeof v["identity"] === "object" &&
    v["identity"] !== null
  );
}

/**
 * Reads every record under `dir` (each `*.jsonl` file). A line cut short by a crashed writer is
 * skipped; a line from a newer format version is an error, never silently misread.
 */
export function readCoverageRecords(dir: string): CoverageRecord[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".jsonl"));
  } catch (cause) {
    throw new CoverageRecordError(
      `No coverage records at "${dir}": run the tests with ${COVERAGE_DIR_ENV}="${dir}" first (vigiles test sets it).`,
      { cause },
    );
  }
  const records: CoverageRecord[] = [];
  for (const name of names.sort()) {
    const text = readFileSync(join(dir, name), "utf8");
    for (const raw of text.split("\n")) {
      if (raw.trim() === "") continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        continue; // a partial last line from a writer killed mid-append
      }
      if (!isEntry(parsed)) continue;
      if (typeof parsed.v === "number" && parsed.v > COVERAGE_RECORD_VERSION) {
        throw new CoverageRecordError(
          `Coverage record in ${join(dir, name)} has format version ${parsed.v}; this vigiles reads up to ${COVERAGE_RECORD_VERSION}. Upgrade vigiles.`,
        );
      }
      records.push(parsed);
    }
  }
  return records;
}
