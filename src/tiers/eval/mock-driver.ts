/**
 * `stochasticMockDriver`: the real CLI against the local mock model serving seeded, stochastic
 * scripts, so the eval engine is tested on known ground truth for free. Per trial a seeded draw decides
 * whether the agent does the job (runs `echo done > RESULT.md` through Bash) with the arm's
 * probability, so rates, variance and significance have an answer to be checked against.
 *
 * Not a public export: this repository's tests and benchmarks use it.
 */
import { createHash } from "node:crypto";
import type { HarnessAdapter, ResolvedHarness } from "../../adapters/port.js";
import { claudeCodeAdapter } from "../../adapters/claude-code/adapter.js";
import type { ModelTurn } from "../../core/model-turn.js";
import { assertEffortPinnable } from "./claude-driver.js";
import type { DriverPlan, EvalDriver, EvalTrial } from "./driver.js";
import { EffortNotPinnedError } from "./errors.js";
import { runSessionTrial } from "./session-trial.js";

/** The file a successful trial writes. */
export const MOCK_RESULT_FILE = "RESULT.md";

export interface StochasticMockOptions {
  /** Probability that a trial of each arm does the job; arms not listed use `defaultRate`. */
  readonly rates: Readonly<Record<string, number>>;
  readonly defaultRate?: number;
  /** Seeds the per-trial draws (default 1). */
  readonly seed?: number;
  /** Latency of each mock answer, in ms (concurrency measurements). */
  readonly delayMs?: number;
  /** The first N attempts of each trial are answered 429 (retry tests). */
  readonly rateLimitFirstAttempts?: number;
  readonly adapter?: HarnessAdapter;
  readonly timeoutMs?: number;
  /**
   * The Bash command a successful trial runs (default `echo done > RESULT.md`), and what it answers
   * after. Part of the identity when set, so recordings of different scripts never mix.
   */
  readonly success?: { readonly command: string; readonly answer?: string };
}

export interface StochasticMockDriver extends EvalDriver {
  /** Model requests the mock answered so far (all trials, all attempts). */
  readonly requestCount: number;
  /** CLI runs launched so far. */
  readonly launches: number;
  /** Whether the seeded draw makes this trial succeed (the ground truth). */
  succeeds(trial: Pick<EvalTrial, "arm" | "trial" | "case">): boolean;
}

/** A uniform draw in [0, 1) from (seed, arm, case, trial): the same trial always draws the same. */
export function seededUniform(seed: number, arm: string, caseId: string | undefined, trial: number): number {
  const digest = createHash("sha256")
    .update(`${seed}\0${arm}\0${caseId ?? ""}\0${trial}`)
    .digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

export function stochasticMockDriver(options: StochasticMockOptions): StochasticMockDriver {
  const adapter = options.adapter ?? claudeCodeAdapter;
  const seed = options.seed ?? 1;
  const attempts = new Map<string, number>();
  let harness: ResolvedHarness | undefined;
  let requestCount = 0;
  let launches = 0;
  const rateOf = (arm: string): number => options.rates[arm] ?? options.defaultRate ?? 0.5;
  const succeeds = (t: Pick<EvalTrial, "arm" | "trial" | "case">): boolean =>
    seededUniform(seed, t.arm, t.case, t.trial) < rateOf(t.arm);
  const successCommand = options.success?.command ?? `echo done > ${MOCK_RESULT_FILE}`;
  const successAnswer = options.success?.answer ?? `wrote ${MOCK_RESULT_FILE}`;
  const ratesId = createHash("sha256")
    .update(
      JSON.stringify([
        seed,
        options.defaultRate ?? 0.5,
        Object.entries(options.rates).sort(),
        ...(options.success ? [successCommand, successAnswer] : []),
      ]),
    )
    .digest("hex")
    .slice(0, 12);

  return {
    get identity() {
      return `${adapter.id}@${harness?.version ?? adapter.pinnedPackage.version}/mock-stochastic-${ratesId}`;
    },
    harness: adapter.id,
    paid: false,
    get requestCount() {
      return requestCount;
    },
    get launches() {
      return launches;
    },
    succeeds,
    async preflight(plan: DriverPlan) {
      for (const effort of plan.efforts) assertEffortPinnable(adapter, effort);
      harness ??= await adapter.resolve();
    },
    async runTrial(trial, runOptions) {
      harness ??= await adapter.resolve();
      const id = `${trial.arm}\0${trial.case ?? ""}\0${trial.trial}`;
      const attempt = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, attempt);
      const delay = options.delayMs !== undefined ? { delayMs: options.delayMs } : {};
      const turns: ModelTurn[] =
        attempt <= (options.rateLimitFirstAttempts ?? 0)
          ? [{ error: { status: 429, type: "rate_limit_error", message: "mock rate limit" }, ...delay }]
          : succeeds(trial)
            ? [{ tool: "Bash", input: { command: successCommand }, ...delay }, { text: successAnswer }]
            : [{ text: "I looked and decided to do nothing.", ...delay }];
      const mock = await adapter.startMock(turns);
      launches++;
      try {
        const trace = await runSessionTrial({
          adapter,
          harness,
          endpoint: {
            kind: "mock",
            baseUrl: mock.url,
            apiKey: "vigiles-mock-key",
            model: trial.model,
            ...(trial.effort !== undefined ? { effort: String(trial.effort) } : {}),
          },
          trial,
          timeoutMs: trial.timeoutMs ?? options.timeoutMs ?? 120_000,
          ...(runOptions.signal ? { signal: runOptions.signal } : {}),
        });
        if (trial.effort !== undefined)
          assertEffortReached(mock.requests, String(trial.effort), trace.cleanup);
        return { ...trace, modelRequests: mock.requests };
      } finally {
        requestCount += mock.requests.length;
        await mock.close();
      }
    },
  };
}

/** The mock sees what the model would: the effort must be in every agent request (`output_config.effort`). */
function assertEffortReached(
  requests: readonly { readonly sideChannel: boolean; readonly body: unknown }[],
  effort: string,
  cleanup: (() => void) | undefined,
): void {
  for (const request of requests) {
    if (request.sideChannel) continue;
    const sent = (request.body as { output_config?: { effort?: unknown } } | null)?.output_config?.effort;
    if (sent !== effort && effort !== "auto") {
      cleanup?.();
      throw new EffortNotPinnedError(
        `effort ${JSON.stringify(effort)} was asked for but the harness sent ${JSON.stringify(sent)} to the model.`,
      );
    }
  }
}
