/**
 * Helpers for harness test files: is the CLI there, skip loudly when it is not, and did a text reach
 * the model.
 */
import { claudeAvailableSync } from "../../adapters/claude-code/resolve-harness.js";
import { VacuousAssertionError, VigilesError } from "../../core/errors.js";
import type { Trace } from "../../core/trace.js";
import { requestText } from "../../adapters/mock/messages-api/flatten.js";

/** The exit code of a skipped harness file: `vigiles test` reports it as skipped, never as passed. */
export const SKIP_EXIT_CODE = 77;

/**
 * Whether a usable Claude Code CLI is installed (the same lookup as `resolveHarness`).
 *
 * @example
 * if (!claudeAvailable()) skip("Claude Code is not installed");
 */
export function claudeAvailable(): boolean {
  return claudeAvailableSync();
}

/** Thrown by `skip()`: it stops the harness file, which then exits with code 77. */
export class HarnessSkipped extends VigilesError {
  readonly reason: string;

  constructor(reason: string) {
    super("VIGILES_SKIPPED", `skipped: ${reason}`);
    this.reason = reason;
  }
}

let skipHandlerInstalled = false;

function onUncaught(error: unknown): void {
  if (error instanceof HarnessSkipped) {
    process.exitCode = SKIP_EXIT_CODE;
    return;
  }
  // Not ours: report it as Node would and fail the file.
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
}

/**
 * Skips the rest of a harness file, loudly: prints the reason on stderr and ends the file with exit
 * code 77, which `vigiles test` reports as a skip. Never returns.
 *
 * @example
 * if (!claudeAvailable()) skip("Claude Code is not installed");
 */
export function skip(reason: string): never {
  process.stderr.write(`vigiles: SKIPPED: ${reason}\n`);
  // Inside a test runner's worker the exit code belongs to the runner: only the throw stops the test.
  const inRunner = process.env["VITEST"] !== undefined || process.env["JEST_WORKER_ID"] !== undefined;
  if (inRunner) throw new HarnessSkipped(reason);
  process.exitCode = SKIP_EXIT_CODE;
  if (!skipHandlerInstalled) {
    skipHandlerInstalled = true;
    process.on("uncaughtException", onUncaught);
  }
  throw new HarnessSkipped(reason);
}

/**
 * Whether any request that reached the mock model carried `marker` (system prompt, messages,
 * tool results and system reminders all count). Throws when no requests were recorded, so a probe
 * that could not look never reports "not delivered".
 *
 * @example
 * requestContains(r, "MARKER-FROM-HOOK"); // true when a hook's context reached the model
 */
export function requestContains(trace: Pick<Trace, "modelRequests">, marker: string | RegExp): boolean {
  const requests = trace.modelRequests;
  if (requests === undefined || requests.length === 0) {
    throw new VacuousAssertionError(
      "requestContains: no model requests were recorded for this run (no mock sat between the harness and the model)",
    );
  }
  return requests.some((r) => {
    const text = requestText(r);
    return typeof marker === "string" ? text.includes(marker) : marker.test(text);
  });
}
