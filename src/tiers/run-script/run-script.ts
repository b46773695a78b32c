/**
 * runScript: the primitive free tier. One real process with stdin, env, cwd and a timeout; both
 * streams captured; on a confined run, the files it wrote. Synchronous (the spec calls it without
 * `await`); {@link runScriptAsync} is the same run for async callers.
 */
import { runProcess } from "../../runtime/process.js";
import { runProcessSync } from "../../runtime/process-sync.js";
import { prepareScriptRun } from "./prepare.js";
import type { ScriptRunOptions, ScriptRunResult } from "./types.js";

/**
 * Runs a command (a string, under `sh -c`) or an argv (exec form) to completion and returns what
 * it did. Blocks the calling thread; the process itself runs in a worker thread, so timeouts and
 * group kills still work.
 *
 * @example
 * const r = runScript("./scripts/gen.sh", { confine: true, cwd: work });
 * r.exitCode; r.stdout; r.stderr; r.filesWritten; // ["out/gen.ts"]
 */
export function runScript(
  command: string | readonly string[],
  options: ScriptRunOptions = {},
): ScriptRunResult {
  const prepared = prepareScriptRun(command, options);
  let result;
  try {
    result = runProcessSync(prepared.process);
  } catch (error) {
    prepared.abandon();
    throw error;
  }
  return prepared.finish(result);
}

/** {@link runScript} without blocking: the same run, awaited. */
export async function runScriptAsync(
  command: string | readonly string[],
  options: ScriptRunOptions = {},
): Promise<ScriptRunResult> {
  const prepared = prepareScriptRun(command, options);
  let result;
  try {
    result = await runProcess(prepared.process);
  } catch (error) {
    prepared.abandon();
    throw error;
  }
  return prepared.finish(result);
}
