/**
 * `mockModelDriver`: a free eval driver. The REAL pinned CLI of any registered harness runs each
 * trial against our local mock model, which serves a script the caller gives per trial (arm, case,
 * trial index). Confined by default (bubblewrap, no network; the mock reached through its relay
 * socket), as the harness tier runs. Nothing reaches a real model, so `paid` is false.
 *
 * What it adds over the harness tier's runner: it is an `EvalDriver`, so the eval engine's cache,
 * budget, shards and reports apply to real-CLI runs whose model is scripted; and over
 * `stochasticMockDriver`: any harness, any script, confined.
 *
 * A failed run (the CLI crashed, no request reached the mock, the CLI asked for more turns than the
 * script has) THROWS an EvalDriverError: the engine never scores an infrastructure failure or a
 * script mistake as a failed trial. A script left partly unserved is not an error: a turn cap
 * (`max_turns`) ends a run early on purpose.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import type { HarnessAdapter, ModelScriptInput, ResolvedHarness } from "../../adapters/port.js";
import { harnessEntry } from "../../adapters/registry.js";
import { assertConfinable } from "../harness/assert-confinable.js";
import { resolveRunHarness } from "../harness/harness-version.js";
import { openRunDirs } from "../harness/run-dirs.js";
import { assertEffortPinnable } from "./claude-driver.js";
import type { DriverPlan, DriverTrace, EvalDriver, EvalTrial } from "./driver.js";
import { EvalDriverError } from "./errors.js";
import { runSessionTrial } from "./session-trial.js";

/** Default wall-clock limit of one mock trial when the trial sets none. */
export const DEFAULT_MOCK_TRIAL_TIMEOUT_MS = 120_000;

/** Options of {@link mockModelDriver}. */
export interface MockModelDriverOptions {
  /** A registered harness id or alias (`claude-code`, `copilot`, `gemini` …); default: Claude Code. */
  readonly harness?: string;
  /** An adapter of your own instead of a registered harness (tests). */
  readonly adapter?: HarnessAdapter;
  /**
   * What the mock model answers in one trial, turn by turn, in the harness's own tool names. Called
   * once per launch, so retries of a trial get the same script.
   */
  script(trial: EvalTrial): ModelScriptInput;
  /**
   * Names the script in the driver's identity, hence in the cache key and the lock: change it when
   * the script changes. Default: a hash of the script function's source text, which does NOT see data
   * the function closes over; pass an id whenever the script reads such data.
   */
  readonly scriptId?: string;
  /**
   * Hand the trial's model name to the CLI. Default false: the mock answers whatever is asked, and a
   * harness given another vendor's alias ("sonnet" on Gemini CLI) may refuse it before the mock is
   * reached. The trial's model stays in the cache key either way.
   */
  readonly forwardModel?: boolean;
  /** Per-trial limit when the trial sets none (default 2 minutes). */
  readonly timeoutMs?: number;
  /** Another release of the CLI from the harness cache (default: VIGILES_HARNESS_VERSION, else the pinned one). */
  readonly harnessVersion?: string;
  /** An explicit CLI path. */
  readonly harnessPath?: string;
  /**
   * Every trial runs confined (bubblewrap, a private HOME, no network). `false` runs the CLI on the
   * host: the script's commands then run as you, where you are.
   */
  readonly sandbox?: boolean;
}

/** The driver, with what the mock saw. */
export interface MockModelDriver extends EvalDriver {
  /** CLI runs launched so far (retries included). */
  readonly launches: number;
  /** Model requests the mock answered so far (all trials). */
  readonly requestCount: number;
}

/**
 * A free eval driver: the real CLI of a registered harness, confined, against the local mock serving a script per trial.
 *
 * @example
 * const driver = mockModelDriver({ harness: "gemini", script: (t) => t.arm === "with" ? [{ tool: "run_shell_command", input: { command: "echo done > RESULT.md" } }, { text: "wrote RESULT.md" }] : [{ text: "no" }] });
 * const report = await runEval(spec, { driver });
 */
export function mockModelDriver(options: MockModelDriverOptions): MockModelDriver {
  const confine = options.sandbox !== false;
  const scriptId =
    options.scriptId ?? createHash("sha256").update(options.script.toString()).digest("hex").slice(0, 12);
  const entry = options.adapter === undefined ? harnessEntry(options.harness ?? "claude-code") : undefined;
  let adapter: HarnessAdapter | undefined = options.adapter;
  let harness: ResolvedHarness | undefined;
  let launches = 0;
  let requestCount = 0;
  const id = options.adapter?.id ?? entry!.id;
  const pinned = options.adapter?.pinnedPackage.version ?? entry!.package.version;

  const ready = async (): Promise<{ adapter: HarnessAdapter; harness: ResolvedHarness }> => {
    adapter ??= await entry!.loadAdapter();
    harness ??= await resolveRunHarness(adapter, {
      ...(options.harnessVersion !== undefined && { harnessVersion: options.harnessVersion }),
      ...(options.harnessPath !== undefined && { harnessPath: options.harnessPath }),
    });
    return { adapter, harness };
  };

  return {
    get identity() {
      const sandbox = confine ? "" : "-host";
      return `${id}@${harness?.version ?? pinned}/mock-scripted-${scriptId}${sandbox}${options.forwardModel === true ? "-model" : ""}`;
    },
    get harnessVersion() {
      return harness?.version ?? pinned;
    },
    harness: id,
    paid: false,
    get launches() {
      return launches;
    },
    get requestCount() {
      return requestCount;
    },
    async preflight(plan: DriverPlan) {
      const { adapter: a } = await ready();
      for (const effort of plan.efforts) assertEffortPinnable(a, effort);
      // Refused before anything runs; never falls back to the host.
      if (confine)
        assertConfinable(a, {
          confinedByDefault: "mock eval trials are confined by default",
          optOut: "pass `sandbox: false` to mockModelDriver to run them on the host",
          unavailableNote: " (`sandbox: false` opts out)",
        });
    },
    async runTrial(trial, runOptions) {
      const { adapter: a, harness: h } = await ready();
      const where = `trial ${trial.arm}#${trial.trial} on ${a.displayName}`;
      // The run's dirs are opened here so a confined mock's socket sits in its tmp dir, as the
      // harness tier places it; the trace's cleanup removes them.
      const lease = openRunDirs({ onInterrupt: true });
      const mock = await a.startMock(
        options.script(trial),
        confine ? { socketPath: join(lease.dirs.tmpDir, "vigiles-mock.sock") } : {},
      );
      launches++;
      let trace: DriverTrace | undefined;
      try {
        trace = await runSessionTrial({
          adapter: a,
          harness: h,
          endpoint: {
            kind: "mock",
            baseUrl: mock.url,
            apiKey: "vigiles-mock-key",
            ...(options.forwardModel === true && { model: trial.model }),
            ...(trial.effort !== undefined ? { effort: String(trial.effort) } : {}),
          },
          trial,
          timeoutMs: trial.timeoutMs ?? options.timeoutMs ?? DEFAULT_MOCK_TRIAL_TIMEOUT_MS,
          ...(runOptions.signal ? { signal: runOptions.signal } : {}),
          confine,
          ...(mock.socketPath !== undefined && { relaySocket: mock.socketPath }),
          requests: mock.requests,
          runDirs: lease,
        });
        if (mock.overruns.length > 0) throw overrun(where, mock.overruns);
        if (!mock.requests.some((r) => !r.sideChannel))
          throw new EvalDriverError(
            `${where}: no request reached the mock model; the CLI never ran its agent loop.`,
          );
        return { ...trace, turns: mock.answeredTurns(), modelRequests: [...mock.requests] };
      } catch (error) {
        trace?.cleanup?.();
        lease.remove();
        // The CLI reports the mock's refusal of an overrun as an API error: say what it was.
        if (mock.overruns.length > 0 && !(error instanceof OverrunError))
          throw overrun(where, mock.overruns, error);
        throw error;
      } finally {
        requestCount += mock.requests.length;
        await mock.close();
      }
    },
  };
}

class OverrunError extends EvalDriverError {}

function overrun(where: string, overruns: readonly string[], cause?: unknown): OverrunError {
  return new OverrunError(
    `${where}: the CLI asked the mock for more turns than the script has (${overruns.join("; ")}); lengthen the script.`,
    cause !== undefined ? { cause } : undefined,
  );
}
