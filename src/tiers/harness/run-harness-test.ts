/**
 * `runHarnessTest`: the assembled harness (hooks, settings, skills, subagents, plugins) in the real
 * CLI, with the model replaced by a script served from a local mock. Free and deterministic.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { coverageEnabled, recordTraceCoverage } from "../../runtime/coverage-record.js";
import { listedItems } from "./listed-items.js";
import { defaultAdapter } from "./default-adapter.js";
import { resolveRunHarness } from "./harness-version.js";
import type { HarnessAdapter, ModelEndpoint, RunProblem, SessionSpec } from "../../adapters/port.js";
import { InvalidOptionError, VigilesError, assertNever } from "../../core/errors.js";
import type { ModelRequest } from "../../core/trace.js";
import { assertConfinable } from "./assert-confinable.js";
import {
  HarnessCrashedError,
  HarnessFlagRejectedError,
  HarnessNoSessionError,
  HarnessRunError,
  HarnessTimeoutError,
  HookCrashedError,
  ManagedSettingsRouteError,
  ScriptOverrunError,
  UnknownToolError,
  UnservedTurnsError,
} from "./errors.js";
import { crashedFires, describeCrash, exit2RuleOf } from "./hook-crashes.js";
import { findHarness } from "../../adapters/registry.js";
import { findManagedFiles } from "../../runtime/managed-files.js";
import { runHarnessSession, type SessionResult } from "./session.js";
import { openRunDirs } from "./run-dirs.js";
import { traceFromSession, type SessionTrace } from "./session-trace.js";
import {
  DEFAULT_HARNESS_TIMEOUT_MS,
  pluginDirsOf,
  type HarnessTestOptions,
  type HarnessTestSpec,
} from "./spec.js";

/** The dummy key every mock run sends: not a credential, and the mock ignores it. */
export const MOCK_API_KEY = "sk-ant-vigiles-mock-not-a-real-key";

/** A harness test's result: the run's Trace plus what only this tier knows. */
export interface HarnessTestResult extends SessionTrace {
  /** Every request that reached the mock (the bookkeeping ones marked `sideChannel`). */
  readonly modelRequests: readonly ModelRequest[];
}

function validate(spec: HarnessTestSpec): void {
  if (typeof spec !== "object" || spec === null)
    throw new InvalidOptionError("runHarnessTest needs a spec object");
  const prompts = typeof spec.prompt === "string" ? [spec.prompt] : spec.prompt;
  if (!Array.isArray(prompts) || prompts.length === 0 || prompts.some((p) => typeof p !== "string")) {
    throw new InvalidOptionError(
      `spec.prompt must be a string or a non-empty list of strings, got ${JSON.stringify(spec.prompt)}`,
    );
  }
  if (spec.model === undefined) {
    throw new InvalidOptionError(
      "spec.model is missing: give the scripted turns (`scriptModel([...])` or a ModelTurn[])",
    );
  }
  if (spec.timeoutMs !== undefined && !(Number.isInteger(spec.timeoutMs) && spec.timeoutMs > 0)) {
    throw new InvalidOptionError(`spec.timeoutMs must be a positive integer, got ${String(spec.timeoutMs)}`);
  }
  if (spec.project !== undefined && (typeof spec.project !== "string" || spec.project === "")) {
    throw new InvalidOptionError(
      `spec.project must be a directory path, got ${JSON.stringify(spec.project)}`,
    );
  }
  if (spec.maxTurns !== undefined && !(Number.isInteger(spec.maxTurns) && spec.maxTurns > 0)) {
    throw new InvalidOptionError(`spec.maxTurns must be a positive integer, got ${String(spec.maxTurns)}`);
  }
  if (spec.allowUnservedTurns !== undefined && typeof spec.allowUnservedTurns !== "boolean") {
    throw new InvalidOptionError(
      `spec.allowUnservedTurns must be true or false, got ${JSON.stringify(spec.allowUnservedTurns)}`,
    );
  }
}

function toSessionSpec(spec: HarnessTestSpec): SessionSpec {
  const pluginDirs = pluginDirsOf(spec);
  return {
    prompt: spec.prompt,
    ...(spec.project !== undefined ? { projectDir: resolve(spec.project) } : {}),
    ...(spec.files ? { files: spec.files } : {}),
    ...(spec.settings ? { settings: spec.settings } : {}),
    ...(pluginDirs.length > 0 ? { pluginDirs } : {}),
    ...(spec.skills ? { skills: spec.skills } : {}),
    ...(spec.agents ? { agents: spec.agents } : {}),
    ...(spec.claudeMd !== undefined ? { instructions: spec.claudeMd } : {}),
    ...(spec.env ? { env: spec.env } : {}),
    ...(spec.maxTurns !== undefined ? { maxTurns: spec.maxTurns } : {}),
    ...(spec.allowedTools ? { allowedTools: spec.allowedTools } : {}),
    ...(spec.disallowedTools ? { disallowedTools: spec.disallowedTools } : {}),
    ...(spec.permissionMode !== undefined ? { permissionMode: spec.permissionMode } : {}),
    transcript: spec.transcript === true,
  };
}

/**
 * An unconfined run sees the machine's managed settings, which outrank every layer vigiles sets. The
 * adapter that knows its files names what routes (`findManagedRouting`); whatever it names, any other
 * file in its managed folders (the adapter's and the registry's) refuses the run too: a managed deny rule (Claude Code's
 * `permissions.deny`, a Gemini policy) makes a guard test pass with no hook at all.
 */
export function assertNoManagedRouting(adapter: HarnessAdapter): void {
  const named = adapter.findManagedRouting?.() ?? [];
  const dirs = new Set([
    ...(adapter.managedSettingsDir !== undefined ? [adapter.managedSettingsDir] : []),
    ...(findHarness(adapter.id)?.managedSettingsDirs ?? []),
  ]);
  const generic = [...dirs].flatMap((dir) => findManagedFiles(dir));
  // A file the adapter already named (`<file> sets <key>`) is reported once, in its words.
  const found = [
    ...named,
    ...generic.filter((line) => !named.some((n) => n.startsWith(line.split(" ")[0]!))),
  ];
  if (found.length > 0) throw new ManagedSettingsRouteError(adapter.displayName, found);
}

function problemError(problem: RunProblem, adapter: HarnessAdapter, session: SessionResult): VigilesError {
  switch (problem.kind) {
    case "flag-rejected":
      return new HarnessFlagRejectedError(adapter.displayName, problem.message, session.argv);
    case "unknown-tool":
      return new UnknownToolError(problem.tool, session.summary.announcedTools);
    case "crashed":
      return new HarnessCrashedError(adapter.displayName, problem.message, session.process.stderr);
    default:
      return assertNever(problem, "run problem");
  }
}

/**
 * Whether the run is confined: always, unless the spec says `sandbox: false`. Throws before anything
 * runs when it cannot be (no bubblewrap, an adapter without confinement), and never falls back.
 */
function confinementOf(spec: HarnessTestSpec, adapter: HarnessAdapter): boolean {
  if (spec.sandbox !== undefined && typeof spec.sandbox !== "boolean") {
    throw new InvalidOptionError(`spec.sandbox must be true or false, got ${JSON.stringify(spec.sandbox)}`);
  }
  const confine = spec.sandbox !== false;
  if (spec.managedSettingsDir !== undefined) {
    if (!confine) {
      throw new InvalidOptionError(
        "spec.managedSettingsDir is bound into a confined run only; drop `sandbox: false` to use it",
      );
    }
    if (!existsSync(spec.managedSettingsDir)) {
      throw new InvalidOptionError(
        `spec.managedSettingsDir ${spec.managedSettingsDir} does not exist: give the folder that holds the managed settings`,
      );
    }
    if (adapter.managedSettingsDir === undefined) {
      throw new InvalidOptionError(
        `spec.managedSettingsDir: ${adapter.displayName} has no machine-wide managed-settings folder known to vigiles`,
      );
    }
  }
  if (!confine) return false;
  assertConfinable(adapter, {
    confinedByDefault: "every harness run is confined by default",
    optOut:
      "pass `sandbox: false` to run it on the host (it can then read your HOME and write anywhere you can)",
    ...(spec.sandbox === true ? { unavailableNote: " and the spec asked for `sandbox: true`" } : {}),
  });
  return true;
}

/**
 * Runs the real harness CLI against a scripted mock model and returns its Trace. Throws when the run
 * cannot be trusted: the script ran out (`ScriptOverrunError`), the script called a tool that does not
 * exist (`UnknownToolError`), a hook crashed (`HookCrashedError`, unless `allowHookCrashes`), the CLI rejected a flag (`HarnessFlagRejectedError`), crashed
 * (`HarnessCrashedError`) or timed out (`HarnessTimeoutError`), no agent request reached the mock
 * and no hook blocked the prompt (`HarnessNoSessionError`), or the run ended before the script did
 * (`UnservedTurnsError`, unless `allowUnservedTurns`). These hold for every adapter. Call `cleanup()`
 * when done, or use `withHarness`.
 *
 * @example
 * const r = await runHarnessTest({
 *   prompt: "run the bash tool",
 *   model: [{ tool: "Bash", input: { command: "echo ok > RAN" } }, { text: "done" }],
 * });
 * try { r.file("RAN"); } finally { r.cleanup(); }
 */
export async function runHarnessTest(
  spec: HarnessTestSpec,
  options: HarnessTestOptions = {},
): Promise<HarnessTestResult> {
  validate(spec);
  const adapter = options.adapter ?? (await defaultAdapter());
  const sessionSpec = toSessionSpec(spec);
  const confine = confinementOf(spec, adapter);
  if (!confine) assertNoManagedRouting(adapter);
  const harness = await resolveRunHarness(adapter, spec);
  // The run's dirs are made once here and removed once, by this lease, whatever ends the run.
  const lease = openRunDirs({ onInterrupt: true });
  const { dirs } = lease;
  const timeoutMs = spec.timeoutMs ?? DEFAULT_HARNESS_TIMEOUT_MS;
  let session: SessionResult;
  const mock = await adapter.startMock(
    spec.model,
    confine ? { socketPath: join(dirs.tmpDir, "vigiles-mock.sock") } : {},
  );
  try {
    const endpoint: ModelEndpoint = {
      kind: "mock",
      baseUrl: mock.url,
      apiKey: MOCK_API_KEY,
      ...(spec.modelName !== undefined ? { model: spec.modelName } : {}),
      ...(spec.effort !== undefined ? { effort: spec.effort } : {}),
    };
    session = await runHarnessSession({
      adapter,
      spec: sessionSpec,
      endpoint,
      harness,
      runDirs: lease,
      confine,
      ...(spec.managedSettingsDir !== undefined && adapter.managedSettingsDir !== undefined
        ? {
            managedSettings: [
              { target: adapter.managedSettingsDir, source: resolve(spec.managedSettingsDir) },
            ],
          }
        : {}),
      ...(mock.socketPath !== undefined ? { relaySocket: mock.socketPath } : {}),
      timeoutMs,
      ...(spec.signal ? { signal: spec.signal } : {}),
    });
  } catch (error) {
    lease.remove();
    throw error;
  } finally {
    await mock.close();
  }

  const fail = (error: unknown): never => {
    lease.remove();
    if (error instanceof HarnessRunError) {
      error.run = {
        exitCode: session.process.exitCode,
        stdout: session.process.stdout,
        stderr: session.process.stderr,
        events: session.summary.events,
        argv: session.argv,
      };
    }
    throw error;
  };
  const proc = session.process;
  if (proc.timedOut) {
    fail(new HarnessTimeoutError(adapter.displayName, timeoutMs, mock.requests.length > 0));
  }
  if (proc.aborted)
    fail(spec.signal?.reason ?? new VigilesError("VIGILES_ABORTED", "the harness run was aborted"));
  if (proc.spawnError) {
    fail(
      new HarnessCrashedError(
        adapter.displayName,
        `it could not start (${proc.spawnError.message})`,
        proc.stderr,
      ),
    );
  }
  if (mock.overruns.length > 0) fail(new ScriptOverrunError(mock.overruns));
  const problem = adapter.diagnose(session.summary, proc, mock.requests);
  if (problem) fail(problemError(problem, adapter, session));
  // Whatever the adapter's own reading: a run the agent loop never reached is no session, unless a
  // hook stopped the prompt before the model was asked (UserPromptSubmit, BeforeAgent).
  const agentRequests = mock.requests.filter((q) => !q.sideChannel).length;
  if (agentRequests === 0 && !session.summary.hooks.some((fire) => fire.blocked)) {
    fail(new HarnessNoSessionError(adapter.displayName, proc.exitCode, mock.requests.length));
  }
  if (spec.allowHookCrashes !== true) {
    // An adapter the registry does not list (a caller's own) has no dialect: exit 2 stays its answer.
    const dialect = findHarness(adapter.id)?.dialect;
    const crashed = crashedFires(
      session.summary.hooks,
      { nullExitIsTimeout: !adapter.capabilities.hookEventsInStream },
      (event) => (dialect === undefined ? undefined : exit2RuleOf(dialect, event)),
    );
    if (crashed.length > 0) {
      fail(new HookCrashedError(adapter.displayName, crashed, crashed.map(describeCrash)));
    }
  }
  if (spec.allowUnservedTurns !== true) {
    const unserved = mock.unservedTurns();
    if (unserved.length > 0) fail(new UnservedTurnsError(adapter.displayName, unserved));
  }

  const result = traceFromSession(session, {
    hooks: spec.transcript === true,
    modelRequests: mock.requests,
    turns: mock.answeredTurns(),
    costUsd: 0,
  });
  // A no-op unless VIGILES_COVERAGE_DIR is set (`vigiles test` / `vigiles audit --coverage`).
  recordTraceCoverage(result, "runHarnessTest", {
    harness: adapter.id,
    // Read only when recording: it globs the plugins' skills and scans every request.
    ...(coverageEnabled() ? listedOf(spec, mock.requests) : {}),
    prompt: typeof spec.prompt === "string" ? spec.prompt : (spec.prompt[0] ?? ""),
  });
  return { ...result, modelRequests: mock.requests };
}

/** The skills and subagents the run listed to the model, for coverage (`vigiles mutate`'s reach). */
function listedOf(spec: HarnessTestSpec, requests: readonly ModelRequest[]) {
  const dirs = [...pluginDirsOf(spec), ...(spec.project !== undefined ? [resolve(spec.project)] : [])];
  const { skills, agents } = listedItems(
    { ...(spec.skills && { skills: spec.skills }), ...(spec.agents && { agents: spec.agents }), dirs },
    requests,
  );
  return { listedSkills: skills, listedAgents: agents };
}

/** The spec's own name for `runHarnessTest` (its check-vocabulary sample calls `runHarness(spec)`). */
export const runHarness = runHarnessTest;

/**
 * Runs a harness test, hands the result to `fn`, and removes the run's temp dirs afterwards, even
 * when `fn` throws.
 *
 * @example
 * await withHarness(spec, (r) => assertChecks(r, [tool("Bash")]));
 */
export async function withHarness<T>(
  spec: HarnessTestSpec,
  fn: (result: HarnessTestResult) => T | Promise<T>,
  options: HarnessTestOptions = {},
): Promise<T> {
  const result = await runHarnessTest(spec, options);
  try {
    return await fn(result);
  } finally {
    result.cleanup();
  }
}
