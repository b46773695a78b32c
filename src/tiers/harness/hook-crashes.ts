/**
 * Hook fires that crashed: the hook checked nothing, and the CLI carried on as if it had allowed.
 * Claude Code 2.1.328 reports a missing script or interpreter as exit 127, a signal (`kill -9 $$`)
 * as exit 1, and a hook killed at its `timeout` as exit 1 with outcome "cancelled" (measured in a
 * real run, test/harness/hook-crashes.test.ts); Codex's recorder leaves no exit code for a hook
 * killed at its timeout. A guard test whose guard crashed would still pass on `hookFired` and on a
 * denial the CLI's own protection made, so a crash fails the run unless the test allows it.
 */
import type { HookFire } from "../../core/trace.js";

/** How an adapter's fires read: whether an exit code of null means "killed at its timeout". */
export interface CrashReading {
  /**
   * True for a recorder (Codex: a fire without an exit code was killed). False for a stream
   * (Claude Code: a fire still unanswered when the stream ended, such as a SessionEnd hook the CLI
   * does not wait for, is not judged).
   */
  readonly nullExitIsTimeout: boolean;
}

/**
 * Whether one fire crashed: an exit other than 0 and 2, or killed at its timeout, that did not block.
 * A fire the harness turned into a block is not a silent pass, whatever its exit: Copilot 1.0.102
 * denies a preToolUse call on any non-zero exit, and Gemini CLI 0.61.0 reads text on exit 127 as a
 * deny (test/copilot, test/gemini), so there the "crash" is the guard working, fail-closed.
 */
export function hookCrashed(fire: HookFire, reading: CrashReading): boolean {
  if (fire.blocked) return false;
  if (fire.exitCode === null) return reading.nullExitIsTimeout;
  return fire.exitCode !== 0 && fire.exitCode !== 2;
}

/** The crashed fires of a run, in order. */
export function crashedFires(fires: readonly HookFire[], reading: CrashReading): HookFire[] {
  return fires.filter((fire) => hookCrashed(fire, reading));
}

/** One line per crashed fire: event, name, exit code (or "killed at its timeout") and the head of stderr. */
export function describeCrash(fire: HookFire): string {
  const how =
    fire.exitCode === null
      ? "killed at its timeout"
      : fire.outcome === "cancelled"
        ? `exit ${fire.exitCode}, cancelled (its timeout)`
        : `exit ${fire.exitCode}`;
  const stderr = fire.stderr.trim().split("\n").slice(0, 2).join(" | ").slice(0, 200);
  return `${fire.event} hook ${JSON.stringify(fire.name)}: ${how}${stderr ? `, stderr: ${stderr}` : ", no stderr"}`;
}
