/**
 * A finished session as a Trace: tool calls, hooks, output, usage, the post-run tree through
 * `file()` / `sh()`, the raw events, and `cleanup()`. The harness tier builds its result with it; an
 * eval driver running the same session against a real model can too.
 */
import { readFileSync } from "node:fs";
import { isAbsolute, join, normalize, sep } from "node:path";
import type { ResolvedHarness } from "../../adapters/port.js";
import { InvalidOptionError } from "../../core/errors.js";
import type { ModelRequest, ShResult, Trace } from "../../core/trace.js";
import { createTrace } from "../../core/trace-builder.js";
import { runProcessSync } from "../../runtime/process-sync.js";
import type { SessionResult } from "./session.js";

/** A session's Trace plus what only a harness run knows. */
export interface SessionTrace extends Trace {
  /** Work-dir paths created or changed by the run (a before/after content diff). */
  readonly filesWritten: readonly string[];
  readonly sh: (command: string) => ShResult;
  /** The run's work dir (removed by `cleanup()`). */
  readonly workDir: string;
  /** The CLI's exit code (null when killed). */
  readonly exitCode: number | null;
  /** Every event of the CLI's stream, parsed, for debugging. */
  readonly events: readonly Readonly<Record<string, unknown>>[];
  /** The CLI that ran, and its version. */
  readonly harness: ResolvedHarness;
  /** The run ran under bubblewrap. */
  readonly confined: boolean;
  /** The argv that was spawned. */
  readonly argv: readonly string[];
  /** The error the CLI reported at the end of its run (a scripted API error), if any. */
  readonly errorText?: string;
  /** Removes the run's temp dirs. Idempotent. */
  cleanup(): void;
}

/** Options of `traceFromSession`. */
export interface SessionTraceOptions {
  /** Hook fires were asked for (`transcript`); otherwise `hooks` stays undefined ("not recorded"). */
  readonly hooks: boolean;
  /** What reached the model, when a mock saw it. */
  readonly modelRequests?: readonly ModelRequest[];
  /** Agent turns; defaults to the turns the CLI counted. */
  readonly turns?: number;
  /** Cost; defaults to what the CLI computed (0 is right for a mock). */
  readonly costUsd?: number;
  /** Called by `cleanup()` after the dirs are gone. */
  readonly onCleanup?: () => void;
}

function inside(workDir: string, rel: string): string {
  const norm = normalize(rel);
  if (isAbsolute(rel) || norm === ".." || norm.startsWith(`..${sep}`)) {
    throw new InvalidOptionError(
      `path ${JSON.stringify(rel)} leaves the run's work dir; pass a relative path`,
    );
  }
  return join(workDir, norm);
}

/** Reads a finished session into a Trace, with file access to the run's work dir until `cleanup()`. */
export function traceFromSession(session: SessionResult, options: SessionTraceOptions): SessionTrace {
  const { summary, dirs } = session;
  const proc = session.process;
  const workDir = dirs.workDir;
  let removed = false;
  const assertLive = (what: string) => {
    if (removed) {
      throw new InvalidOptionError(
        `${what} was called after cleanup(): the run's work dir is gone; read files before cleaning up`,
      );
    }
  };
  const file = (path: string): string | null => {
    assertLive("file()");
    try {
      return readFileSync(inside(workDir, path), "utf8");
    } catch {
      return null;
    }
  };
  const sh = (command: string): ShResult => {
    assertLive("sh()");
    const r = runProcessSync({
      argv: ["sh", "-c", command],
      cwd: workDir,
      env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: dirs.homeDir, LANG: "C.UTF-8" },
      timeoutMs: 60_000,
    });
    return { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode };
  };
  const trace = createTrace({
    toolCalls: summary.toolCalls,
    ...(options.hooks ? { hooks: summary.hooks } : {}),
    output: summary.output,
    ...(options.modelRequests ? { modelRequests: options.modelRequests } : {}),
    turns: options.turns ?? summary.turns,
    usage: {
      costUsd: options.costUsd ?? summary.costUsd,
      durationMs: proc.durationMs,
      inputTokens: summary.inputTokens,
      outputTokens: summary.outputTokens,
    },
    filesWritten: session.filesWritten,
    stdout: proc.stdout,
    stderr: proc.stderr,
    file,
    sh,
  });
  return {
    ...trace,
    filesWritten: trace.filesWritten ?? [],
    sh,
    workDir,
    exitCode: proc.exitCode,
    events: summary.events,
    harness: session.harness,
    confined: session.confined,
    argv: session.argv,
    ...(summary.errorText !== undefined ? { errorText: summary.errorText } : {}),
    cleanup: () => {
      removed = true;
      session.cleanup();
      options.onCleanup?.();
    },
  };
}
