/**
 * A hook run as a real subprocess, folded into the harness's decision: the decider propertyHook
 * and the parity tests use for compiled hooks and hand-written hook commands.
 */
import { foldHookDecision } from "../../core/hook-decision/fold.js";
import type { FoldedHookDecision } from "../../core/hook-decision/types.js";
import { runProcess } from "../../runtime/process.js";
import { withEventName } from "./verdict.js";

/** A hook command to run per event. A string runs under `sh -c`, as the harness runs it. */
export interface HookCommand {
  readonly command: string | readonly [string, ...string[]];
  readonly cwd?: string;
  /** Added to a minimal environment (PATH, HOME; CLAUDE_PROJECT_DIR defaults to cwd). */
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

/** The result of one subprocess run: the folded decision and both streams. */
export interface SubprocessVerdict {
  readonly decision: FoldedHookDecision;
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runHookCommand(
  hook: HookCommand,
  event: Readonly<Record<string, unknown>>,
  defaultEvent: string,
): Promise<SubprocessVerdict> {
  const cwd = hook.cwd ?? process.cwd();
  const input = withEventName(event, defaultEvent);
  const argv: [string, ...string[]] =
    typeof hook.command === "string" ? ["sh", "-c", hook.command] : [...hook.command];
  const r = await runProcess({
    argv,
    cwd,
    env: { PATH: process.env["PATH"], HOME: process.env["HOME"], CLAUDE_PROJECT_DIR: cwd, ...hook.env },
    input: JSON.stringify(input),
    timeoutMs: hook.timeoutMs ?? 30_000,
  });
  const decision = foldHookDecision({
    event: String(input["hook_event_name"]),
    exitCode: r.spawnError ? null : r.exitCode,
    stdout: r.stdout,
    stderr: r.stderr,
    timedOut: r.timedOut,
    signal: r.signal,
  });
  return { decision, exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}
