/**
 * One eval trial as a harness session: the same CLI launch for the paid driver (a remote endpoint) and
 * the mock driver (a local one). Reads the finished run into a DriverTrace, and turns the ways a run
 * can fail into errors: a rate limit into RateLimitedError (retried), an unpinned effort into
 * EffortNotPinnedError (fatal), anything else into EvalDriverError (never a failed trial).
 */
import { readFileSync } from "node:fs";
import { join, normalize } from "node:path";
import type { HarnessAdapter, ModelEndpoint, ResolvedHarness } from "../../adapters/port.js";
import { createTrace } from "../../core/trace-builder.js";
import type { ModelRequest } from "../../core/trace.js";
import { runProcessSync } from "../../runtime/process-sync.js";
import { stubSkillBodies } from "../../adapters/claude-code/plugin/prepare.js";
import type { RunDirsLease } from "../harness/run-dirs.js";
import { runHarnessSession } from "../harness/session.js";
import type { DriverTrace, EvalTrial } from "./driver.js";
import { EffortNotPinnedError, EvalDriverError, RateLimitedError } from "./errors.js";
import { openStandIns, type StandInLease } from "./mcp-stand-ins.js";
import type { MockCallLog } from "../../core/plugin-eval/stand-in-spec.js";

/** The harness's own retries are turned off: vigiles owns the retry policy (rateLimitRetries). */
export const HARNESS_RETRY_ENV = { CLAUDE_CODE_MAX_RETRIES: "0" } as const;

/** Only `effort` may set the effort: an env override would make the recorded budget a lie. */
const EFFORT_ENV = /^CLAUDE_CODE_(EFFORT_LEVEL|SUBAGENT_EFFORT)$/;
/** A warning of the harness that the effort it was given was not applied. */
const EFFORT_WARNING = /effort[^\n]*(invalid|unknown|not (a )?(valid|recogni[sz]ed|supported)|ignor)/i;

export interface SessionTrialInput {
  readonly adapter: HarnessAdapter;
  readonly harness: ResolvedHarness;
  readonly endpoint: ModelEndpoint;
  readonly trial: EvalTrial;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** Replaces the adapter's launch (credentials that are not an API key). */
  readonly adapterOverride?: HarnessAdapter;
  /**
   * Run under bubblewrap, in a network namespace of its own: a remote endpoint is reached through the
   * egress proxy, which connects to its host:port only (runtime/confine-egress.ts).
   */
  readonly confine?: boolean;
  /** A confined run against a mock: the mock's unix socket, relayed into the run's namespace. */
  readonly relaySocket?: string;
  /** Dirs the caller opened (a confined mock's socket lives in their tmp dir); the trace's cleanup removes them. */
  readonly runDirs?: RunDirsLease;
  /** What reached a mock, for harnesses that tell the model (not the stream) about a bad call. */
  readonly requests?: readonly ModelRequest[];
}

export async function runSessionTrial(input: SessionTrialInput): Promise<DriverTrace> {
  const { trial } = input;
  for (const name of Object.keys(trial.env)) {
    if (EFFORT_ENV.test(name)) {
      throw new EffortNotPinnedError(
        `the ${trial.arm} arm's env sets ${name}; set \`effort\` instead so the cache key and the lock record it.`,
      );
    }
  }
  const stubbed = trial.stubSkillBodies ? trial.pluginDirs.map((d) => stubSkillBodies(d)) : [];
  const standIns: StandInLease | undefined =
    trial.mcpStandIns !== undefined && trial.mcpStandIns.length > 0
      ? openStandIns(trial.mcpStandIns)
      : undefined;
  let session: Awaited<ReturnType<typeof runHarnessSession>> | undefined;
  const startedAt = new Date().toISOString();
  try {
    session = await runHarnessSession({
      adapter: input.adapterOverride ?? input.adapter,
      harness: input.harness,
      spec: {
        prompt: trial.task,
        files: trial.files,
        pluginDirs: trial.stubSkillBodies ? stubbed.map((p) => p.dir) : trial.pluginDirs,
        env: { ...trial.env, ...HARNESS_RETRY_ENV },
        transcript: true,
        ...(trial.settings ? { settings: trial.settings } : {}),
        ...(trial.allowedTools ? { allowedTools: trial.allowedTools } : {}),
        ...(trial.maxTurns !== undefined ? { maxTurns: trial.maxTurns } : {}),
        ...(standIns !== undefined ? { mcpServers: standIns.servers } : {}),
        // The CLI's scaffold limit: 120 s.
        ...(trial.setupScript !== undefined
          ? { setupScript: { path: trial.setupScript, timeoutMs: 120_000 } }
          : {}),
      },
      endpoint: input.endpoint,
      ...(input.confine === true ? { confine: true } : {}),
      ...(input.relaySocket !== undefined ? { relaySocket: input.relaySocket } : {}),
      ...(input.runDirs !== undefined ? { runDirs: input.runDirs } : {}),
      timeoutMs: input.timeoutMs,
      ...(input.signal ? { signal: input.signal } : {}),
    });
  } catch (error) {
    for (const p of stubbed) p.cleanup();
    standIns?.remove();
    input.runDirs?.remove();
    throw new EvalDriverError(
      `trial ${trial.arm}#${trial.trial} could not start: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  const s = session;
  const cleanupAll = (): void => {
    s.cleanup();
    input.runDirs?.remove();
    for (const p of stubbed) p.cleanup();
    standIns?.remove();
  };
  let mockCalls: MockCallLog | undefined;
  let cutOff: string | undefined;
  try {
    cutOff = classify(s, trial, input.adapter, input.requests);
    if (standIns !== undefined) mockCalls = readMockCalls(standIns, s.dirs.tmpDir, trial);
  } catch (error) {
    cleanupAll();
    throw error;
  }
  const { summary, process: proc, dirs } = s;
  const workDir = dirs.workDir;
  const file = (path: string): string | null => {
    const rel = normalize(path);
    if (rel.startsWith("..")) return null;
    try {
      return readFileSync(join(workDir, rel), "utf8");
    } catch {
      return null;
    }
  };
  const trace = createTrace({
    toolCalls: summary.toolCalls,
    hooks: summary.hooks,
    output: summary.output,
    turns: summary.turns,
    usage: {
      costUsd: summary.costUsd,
      durationMs: proc.durationMs,
      inputTokens: summary.inputTokens,
      outputTokens: summary.outputTokens,
    },
    filesWritten: s.filesWritten,
    stdout: proc.stdout,
    stderr: proc.stderr,
    file,
    sh: (command) => {
      const r = runProcessSync({
        argv: ["sh", "-c", command],
        cwd: workDir,
        env: process.env,
        timeoutMs: 60_000,
      });
      return { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode };
    },
  });
  const reportedTurns = resultEvent(s.summary.events)?.["num_turns"];
  return {
    ...trace,
    workDir,
    cleanup: cleanupAll,
    startedAt,
    ...(typeof reportedTurns === "number" && { reportedTurns }),
    ...(cutOff !== undefined && { cutOff }),
    ...(mockCalls !== undefined && { mockCalls }),
  };
}

/** The stream's last result event (Claude Code's and Qwen Code's), if any. */
const resultEvent = (events: readonly Record<string, unknown>[]): Record<string, unknown> | undefined =>
  [...events].reverse().find((e) => e["type"] === "result");

/**
 * The run's mock calls. A stand-in the harness never started means its registration did not take:
 * the trial fails to run (never graded as if the agent had ignored the tool).
 */
function readMockCalls(standIns: StandInLease, tmpDir: string, trial: EvalTrial): MockCallLog {
  const log = standIns.read(tmpDir);
  const missing = Object.keys(standIns.servers).filter((name) => !log.started.includes(name));
  if (missing.length > 0)
    throw new EvalDriverError(
      `trial ${trial.arm}#${trial.trial}: the harness never started the MCP stand-in(s) ${missing.join(", ")}; check the CLI's MCP registration (stderr of the run)`,
    );
  return log;
}

/** Throws when the run cannot be trusted; returns the cut-off note of a run its turn cap ended. */
function classify(
  session: Awaited<ReturnType<typeof runHarnessSession>>,
  trial: EvalTrial,
  adapter: HarnessAdapter,
  requests: readonly ModelRequest[] | undefined,
): string | undefined {
  const { summary, process: proc } = session;
  const where = `trial ${trial.arm}#${trial.trial}`;
  const result = resultEvent(summary.events);
  const status = result?.["api_error_status"];
  const type = String(result?.["api_error_type"] ?? "");
  if (status === 429 || status === 529 || /rate_limit|overloaded/.test(type)) {
    throw new RateLimitedError(`${where}: the model answered ${String(status)} ${type}`.trim());
  }
  if (trial.effort !== undefined && EFFORT_WARNING.test(proc.stderr)) {
    const line = EFFORT_WARNING.exec(proc.stderr)?.[0] ?? "";
    throw new EffortNotPinnedError(
      `${where}: the harness did not apply effort ${JSON.stringify(trial.effort)}: ${line}`,
    );
  }
  if (proc.timedOut) throw new EvalDriverError(`${where} timed out after ${Math.round(proc.durationMs)} ms.`);
  if (proc.aborted) throw new EvalDriverError(`${where} was stopped.`);
  // A trial with its own turn cap (a plugin eval case's max_turns) that hits it is graded on what it
  // produced, as `claude plugin eval` grades it (test/plugin-eval/real-cli-suite.test.ts).
  // Its note is the CLI's: the exit code and the result's errors (Claude Code 2.1.328's
  // "exit 1: Reached maximum number of turns (N)").
  if (trial.maxTurns !== undefined && result?.["subtype"] === "error_max_turns") {
    const errors = Array.isArray(result["errors"]) ? result["errors"].map(String) : [];
    const why = errors.length > 0 ? errors.join("; ") : `Reached maximum number of turns (${trial.maxTurns})`;
    return `exit ${proc.exitCode ?? "none"}: ${why}`;
  }
  const problem = adapter.diagnose(
    summary,
    {
      exitCode: proc.exitCode,
      signal: proc.signal,
      stdout: proc.stdout,
      stderr: proc.stderr,
      timedOut: proc.timedOut,
    },
    requests,
  );
  if (problem) throw new EvalDriverError(`${where}: ${problem.message}`);
  if (summary.errorText !== undefined && (typeof status === "number" || result?.["is_error"] === true)) {
    throw new EvalDriverError(`${where}: the harness reported an API error: ${summary.errorText}`);
  }
  return undefined;
}
