/**
 * Runs harness files as plain ES modules, each in its own node process: exit 0 passes, 77 is a loud
 * skip (API-NOTES: `skip(reason)`), anything else fails. Files run concurrently up to a bound.
 */
import { availableParallelism } from "node:os";
import { relative } from "node:path";
import pLimit from "p-limit";
import { runProcess } from "../../runtime/process.js";

import { SKIP_EXIT_CODE } from "../harness/availability.js";

/** `unverified`: it passed on a release outside the range the file declares (never a plain pass). */
export type TestFileStatus = "passed" | "failed" | "skipped" | "unverified";

export interface TestFileResult {
  /** Path relative to the run's cwd. */
  readonly file: string;
  readonly status: TestFileStatus;
  readonly exitCode: number | null;
  readonly durationMs: number;
  readonly timedOut: boolean;
  readonly stdout: string;
  readonly stderr: string;
  /** One line that says why: the skip reason, or the failure's last error line. */
  readonly reason?: string;
  /** The CLI release the file ran against, when the run named one (`vigiles test --harness-version`). */
  readonly release?: { readonly harness: string; readonly version: string };
}

export interface RunTestFilesOptions {
  readonly cwd?: string;
  /** Files running at once; default: the machine's cores. */
  readonly concurrency?: number;
  /** Per-file limit; default 10 minutes. */
  readonly timeoutMs?: number;
  /** Extra environment for every file (for example the coverage directory). */
  readonly env?: Readonly<Record<string, string>>;
  readonly onResult?: (result: TestFileResult) => void;
  readonly signal?: AbortSignal;
}

const DEFAULT_FILE_TIMEOUT_MS = 10 * 60_000;

/** tsx resolved from vigiles' own install, so a project without tsx can still run .ts harness files. */
function tsxLoader(): string {
  return import.meta.resolve("tsx");
}

export async function runTestFiles(
  files: readonly string[],
  options: RunTestFilesOptions = {},
): Promise<TestFileResult[]> {
  const cwd = options.cwd ?? process.cwd();
  const limit = pLimit(Math.max(1, options.concurrency ?? availableParallelism()));
  return Promise.all(files.map((file) => limit(() => runOne(file, cwd, options))));
}

async function runOne(file: string, cwd: string, options: RunTestFilesOptions): Promise<TestFileResult> {
  // TypeScript harness files run through tsx's loader; JavaScript ones run as they are.
  const loader = /\.m?ts$/.test(file) ? ["--import", tsxLoader()] : [];
  const run = await runProcess({
    argv: [process.execPath, ...loader, file],
    cwd,
    env: { ...process.env, ...options.env, VIGILES_TEST_FILE: file },
    timeoutMs: options.timeoutMs ?? DEFAULT_FILE_TIMEOUT_MS,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const status: TestFileStatus =
    run.exitCode === 0 ? "passed" : run.exitCode === SKIP_EXIT_CODE ? "skipped" : "failed";
  const reason = reasonOf(
    status,
    run.stdout,
    run.stderr,
    run.timedOut,
    run.exitCode,
    run.spawnError?.message,
  );
  const result: TestFileResult = {
    file: relative(cwd, file) || file,
    status,
    exitCode: run.exitCode,
    durationMs: run.durationMs,
    timedOut: run.timedOut,
    stdout: run.stdout,
    stderr: run.stderr,
    ...(reason ? { reason } : {}),
  };
  options.onResult?.(result);
  return result;
}

function reasonOf(
  status: TestFileStatus,
  stdout: string,
  stderr: string,
  timedOut: boolean,
  exitCode: number | null,
  spawnError: string | undefined,
): string | undefined {
  if (status === "passed") return undefined;
  if (spawnError) return spawnError;
  if (timedOut) return "timed out (the file and everything it started were killed)";
  const lines = `${stderr}\n${stdout}`
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  if (status === "skipped") return lines.find((l) => /skip/i.test(l)) ?? lines.at(-1) ?? "skipped";
  const errorLine = lines.find((l) => /^(\w*Error|AssertionError|VigilesError)\b|Error:/.test(l));
  return errorLine ?? lines.at(-1) ?? `exit code ${exitCode}`;
}
