/**
 * The synchronous setup and teardown around one script run, shared by runScript (which runs the
 * process through the sync bridge) and runScriptAsync: argv, env, validation, and on a confined
 * run the temp dirs, the bwrap argv and the work-dir snapshot.
 */
import { resolve } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import { managedSettingsDirs } from "../../adapters/registry.js";
import { confineArgv } from "../../runtime/confine.js";
import type { ProcessResult } from "../../runtime/process.js";
import type { SyncProcessOptions } from "../../runtime/process-sync.js";
import { discardTempDir, makeTempDir } from "../../runtime/temp-dir.js";
import { changedPaths, snapshotDir, type DirSnapshot } from "../../runtime/work-dir-snapshot.js";
import type { ScriptRunOptions, ScriptRunResult } from "./types.js";

/** The hook default of the real harness (600 s). */
export const DEFAULT_SCRIPT_TIMEOUT_MS = 600_000;

export interface PreparedRun {
  readonly process: SyncProcessOptions;
  /** Builds the result and removes every temp dir the run made. Call exactly once. */
  finish(result: ProcessResult): ScriptRunResult;
  /** Removes the temp dirs when the run could not happen. */
  abandon(): void;
}

function checkNumber(name: string, value: number | undefined, min: number): void {
  if (value === undefined) return;
  if (!Number.isFinite(value) || value < min) {
    throw new InvalidOptionError(
      `Expected the \`${name}\` option to be a finite number >= ${min}, got ${String(value)}.`,
    );
  }
}

/** A command string runs under `sh -c`; an argv runs as is (exec form). */
export function commandArgv(command: string | readonly string[]): [string, ...string[]] {
  if (typeof command === "string") {
    if (command.trim() === "")
      throw new InvalidOptionError("Expected a command to run, got an empty string.");
    return ["sh", "-c", command];
  }
  const [file, ...args] = command;
  if (file === undefined || file === "") {
    throw new InvalidOptionError(`Expected an argv with a program first, got ${JSON.stringify(command)}.`);
  }
  return [file, ...args];
}

export function buildEnv(options: ScriptRunOptions): Record<string, string | undefined> {
  const base: Record<string, string | undefined> =
    options.inheritEnv === false ? { PATH: process.env.PATH } : { ...process.env };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete base[key];
    else base[key] = value;
  }
  return base;
}

/** Sets up one run. Throws ConfinementUnavailableError (before anything runs) when confinement cannot work. */
export function prepareScriptRun(
  command: string | readonly string[],
  options: ScriptRunOptions = {},
): PreparedRun {
  const argv = commandArgv(command);
  checkNumber("timeoutMs", options.timeoutMs, 1);
  checkNumber("killGraceMs", options.killGraceMs, 0);
  checkNumber("maxBufferBytes", options.maxBufferBytes, 1);
  const env = buildEnv(options);
  const common = {
    env,
    timeoutMs: options.timeoutMs ?? DEFAULT_SCRIPT_TIMEOUT_MS,
    ...(options.killGraceMs !== undefined ? { killGraceMs: options.killGraceMs } : {}),
    ...(options.maxBufferBytes !== undefined ? { maxBufferBytes: options.maxBufferBytes } : {}),
    ...(options.stdin !== undefined ? { input: options.stdin } : {}),
  };
  const toResult = (r: ProcessResult, filesWritten?: string[]): ScriptRunResult => ({
    exitCode: r.exitCode,
    signal: r.signal,
    stdout: r.stdout,
    stderr: r.stderr,
    durationMs: r.durationMs,
    timedOut: r.timedOut,
    truncated: r.truncated,
    ...(filesWritten ? { filesWritten } : {}),
    command: argv,
    ...(r.spawnError ? { spawnError: r.spawnError } : {}),
  });

  if (!options.confine) {
    return {
      process: { argv, ...(options.cwd !== undefined ? { cwd: options.cwd } : {}), ...common },
      finish: (r) => toResult(r),
      abandon: () => {},
    };
  }

  const spec = options.confine === true ? {} : options.confine;
  const owned: string[] = [];
  const cleanup = () => {
    for (const dir of owned.splice(0)) discardTempDir(dir);
  };
  try {
    const workDir = options.cwd ?? own(owned, makeTempDir("vigiles-work-"));
    const home = own(owned, makeTempDir("vigiles-home-"));
    const tmpDir = own(owned, makeTempDir("vigiles-tmp-"));
    const confined = confineArgv(argv, {
      managedSettingsDirs: managedSettingsDirs(),
      workDir,
      home,
      tmpDir,
      network: spec.network ?? "none",
      ...(spec.allow ? { allow: spec.allow } : {}),
      ...(spec.writable ? { writable: spec.writable } : {}),
      ...(spec.readOnly ? { readOnly: spec.readOnly } : {}),
    });
    // A work dir bound read-only cannot change (the read-only binds come after the writable ones):
    // no need to hash it twice (explain --run runs hooks in a whole checkout this way).
    const readOnlyWorkDir = (spec.readOnly ?? []).some((p) => resolve(p) === resolve(workDir));
    const before: DirSnapshot | undefined = readOnlyWorkDir ? undefined : snapshotDir(workDir);
    return {
      process: { argv: confined, cwd: workDir, ...common, env: { ...env, HOME: home, TMPDIR: tmpDir } },
      finish: (r) => {
        try {
          return toResult(r, before ? changedPaths(before, snapshotDir(workDir)) : []);
        } finally {
          cleanup();
        }
      },
      abandon: cleanup,
    };
  } catch (error) {
    cleanup();
    throw error;
  }
}

function own(list: string[], dir: string): string {
  list.push(dir);
  return dir;
}
