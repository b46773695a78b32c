/**
 * Hook fires that crashed: the hook checked nothing, and the CLI carried on as if it had allowed.
 * Claude Code 2.1.328 reports a missing script or interpreter as exit 127, a signal (`kill -9 $$`)
 * as exit 1, and a hook killed at its `timeout` as exit 1 with outcome "cancelled" (measured in a
 * real run, test/harness/hook-crashes.test.ts); Codex's recorder leaves no exit code for a hook
 * killed at its timeout. A guard test whose guard crashed would still pass on `hookFired` and on a
 * denial the CLI's own protection made, so a crash fails the run unless the test allows it.
 */
import type { HookFire } from "../../core/trace.js";
import { dialectEvent, type HookDialect } from "../../core/dialect.js";

/** What a fire's event lets exit 2 do: block the action, or nothing (a non-blocking error). */
export interface Exit2Rule {
  readonly exit2Blocks: boolean;
}

/**
 * What a shell prints when it could not run the hook at all: bash's "syntax error near unexpected
 * token", dash's "Syntax error: …", "sh: 0: cannot open ./x.sh: No such file" (dash running a
 * missing script: exit 2), "x: not found" / "command not found". Only these count, not any text
 * with "not found" in it: a hook may mean its own exit 2 (Claude Code's PostToolUse feeds its
 * stderr to the model).
 */
const SHELL_COULD_NOT_RUN = /syntax error|: (?:command )?not found\s*$|can't open|cannot open|No such file/im;

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
export function hookCrashed(fire: HookFire, reading: CrashReading, rule?: Exit2Rule): boolean {
  if (exit2IsCrash(fire, rule)) return true;
  if (fire.blocked) return false;
  if (fire.exitCode === null) return reading.nullExitIsTimeout;
  return fire.exitCode !== 0 && fire.exitCode !== 2;
}

/**
 * Exit 2 is a hook's deliberate answer, except where it blocks nothing and the shell says it could
 * not run the script: bash exits 2 on a syntax error, and dash (`sh ./missing.sh`) exits 2 on a
 * missing script. On such an event (Copilot's postToolUse and agentStop, Gemini's SessionStart and
 * AfterTool, Claude Code's PostToolUse) the action went ahead, so the guard silently did nothing
 * (Gemini's AfterTool folds the text into a block of the tool's result, `fire.blocked`, but the
 * tool already ran). Where exit 2 blocks the action, the harness turned it into a block, fail-closed.
 * Without a rule for the event (an event vigiles does not know), exit 2 is left the hook's answer.
 */
export function exit2IsCrash(fire: HookFire, rule: Exit2Rule | undefined): boolean {
  if (fire.exitCode !== 2 || rule === undefined || rule.exit2Blocks) return false;
  return SHELL_COULD_NOT_RUN.test(fire.stderr);
}

/**
 * The exit-2 rule of `event` in a harness's dialect: whether exit 2 stops the action itself (Copilot:
 * an event where every non-zero exit denies; Gemini's AfterTool "blocks" the result of a tool that
 * already ran, so there the guarded action happened). Undefined for an event the dialect lacks.
 */
export function exit2RuleOf(dialect: HookDialect, event: string): Exit2Rule | undefined {
  const e = dialectEvent(dialect, event);
  return e === undefined ? undefined : { exit2Blocks: e.exit2StopsAction ?? e.rules.exit2Blocks };
}

/** The crashed fires of a run, in order; `ruleOf` gives each event's exit-2 rule. */
export function crashedFires(
  fires: readonly HookFire[],
  reading: CrashReading,
  ruleOf: (event: string) => Exit2Rule | undefined = () => undefined,
): HookFire[] {
  return fires.filter((fire) => hookCrashed(fire, reading, ruleOf(fire.event)));
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
