/**
 * `paid_claudeEvalDriver`: the default eval driver. The pinned Claude Code CLI against the real model,
 * with the same launch the harness tier uses against its mock; only the endpoint differs.
 */
import { assertConfinable } from "../harness/assert-confinable.js";
import type { HarnessAdapter, ResolvedHarness } from "../../adapters/port.js";
import { claudeCodeAdapter } from "../../adapters/claude-code/adapter.js";
import { CLAUDE_EFFORT_LEVELS } from "../../adapters/claude-code/launch.js";
import type { DriverPlan, Effort, EvalDriver } from "./driver.js";
import { EffortNotPinnedError, MissingCredentialsError } from "./errors.js";
import { runSessionTrial } from "./session-trial.js";
import { resolveRunHarness } from "../harness/harness-version.js";

export const ANTHROPIC_API_URL = "https://api.anthropic.com";
/** Default wall-clock limit of one real-model trial. */
export const DEFAULT_EVAL_TRIAL_TIMEOUT_MS = 600_000;

/** Options of `paid_claudeEvalDriver`: credentials, endpoint, CLI and time limit of the real Claude Code runs. */
export interface ClaudeEvalDriverOptions {
  /** Default: ANTHROPIC_API_KEY. */
  readonly apiKey?: string;
  /** A long-lived login token (`claude setup-token`); default: CLAUDE_CODE_OAUTH_TOKEN. Used when there is no API key. */
  readonly oauthToken?: string;
  /** Default: https://api.anthropic.com. */
  readonly baseUrl?: string;
  /** An explicit CLI path (else VIGILES_CLAUDE_BIN, node_modules, PATH). */
  readonly harnessPath?: string;
  /** Another release of the CLI from the harness cache (default: VIGILES_HARNESS_VERSION, else the pinned one). */
  readonly harnessVersion?: string;
  /** The harness adapter (default Claude Code). */
  readonly adapter?: HarnessAdapter;
  /** Per-trial limit when the spec sets none (default 10 minutes). */
  readonly timeoutMs?: number;
  /** Where credentials are read from (default process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * Every trial runs confined (bubblewrap; a private HOME; its own network namespace, reaching only
   * the endpoint's host:port), since a real model chooses the commands. `false` runs the CLI on the
   * host, where the model's commands can read your HOME and write anywhere you can.
   */
  readonly sandbox?: boolean;
}

/** Checks an effort against what a harness can pin; throws before any spend. */
export function assertEffortPinnable(adapter: HarnessAdapter, effort: Effort | undefined): void {
  if (effort === undefined) return;
  if (!adapter.capabilities.effort) {
    throw new EffortNotPinnedError(
      `${adapter.displayName} has no measured effort mapping, so effort ${JSON.stringify(effort)} cannot be pinned; remove effort from the spec for this harness.`,
    );
  }
  if (adapter.id === "claude-code" && !(CLAUDE_EFFORT_LEVELS as readonly string[]).includes(String(effort))) {
    throw new EffortNotPinnedError(
      `effort ${JSON.stringify(effort)} is not a level Claude Code ${adapter.pinnedPackage.version} applies (${CLAUDE_EFFORT_LEVELS.join(", ")}); it would warn and run at its default. Use one of those.`,
    );
  }
}

/**
 * The real model through the pinned CLI. Credentials: an API key (ANTHROPIC_API_KEY) or a login token
 * (CLAUDE_CODE_OAUTH_TOKEN); without either it fails before the first trial. Every call bills.
 *
 * @example
 * const report = await paid_runEval(spec, { driver: paid_claudeEvalDriver({ timeoutMs: 300_000 }) });
 */
export function paid_claudeEvalDriver(options: ClaudeEvalDriverOptions = {}): EvalDriver {
  const adapter = options.adapter ?? claudeCodeAdapter;
  const env = options.env ?? process.env;
  const apiKey = options.apiKey ?? env["ANTHROPIC_API_KEY"];
  const oauthToken = options.oauthToken ?? env["CLAUDE_CODE_OAUTH_TOKEN"];
  const confine = options.sandbox !== false;
  let harness: ResolvedHarness | undefined;
  const resolveOnce = async (): Promise<ResolvedHarness> =>
    (harness ??= await resolveRunHarness(adapter, options));
  // A login token replaces the API key in the launch; nothing else of the launch changes.
  const tokenAdapter: HarnessAdapter | undefined =
    !apiKey && oauthToken
      ? {
          ...adapter,
          launch: (input) => {
            const launch = adapter.launch(input);
            const { ANTHROPIC_API_KEY: _key, ...rest } = launch.env;
            return { ...launch, env: { ...rest, CLAUDE_CODE_OAUTH_TOKEN: oauthToken } };
          },
        }
      : undefined;

  return {
    get identity() {
      return `${adapter.id}@${harness?.version ?? adapter.pinnedPackage.version}/anthropic`;
    },
    get harnessVersion() {
      return harness?.version ?? adapter.pinnedPackage.version;
    },
    harness: adapter.id,
    paid: true,
    async preflight(plan: DriverPlan) {
      if (!apiKey && !oauthToken) {
        throw new MissingCredentialsError(
          "paid_claudeEvalDriver has no credentials: set ANTHROPIC_API_KEY (an API key) or CLAUDE_CODE_OAUTH_TOKEN (from `claude setup-token`), or pass { driver } to run against something else. Nothing was run.",
        );
      }
      for (const effort of plan.efforts) assertEffortPinnable(adapter, effort);
      // Refused before any spend; never falls back to the host.
      if (confine)
        assertConfinable(adapter, {
          confinedByDefault: "paid eval trials are confined by default",
          optOut: "pass `sandbox: false` to paid_claudeEvalDriver to run them on the host",
          unavailableNote: " (`sandbox: false` opts out)",
        });
      await resolveOnce();
    },
    async runTrial(trial, runOptions) {
      return runSessionTrial({
        adapter,
        harness: await resolveOnce(),
        endpoint: {
          kind: "remote",
          baseUrl: options.baseUrl ?? ANTHROPIC_API_URL,
          apiKey: apiKey ?? "",
          model: trial.model,
          ...(trial.effort !== undefined ? { effort: String(trial.effort) } : {}),
        },
        trial,
        timeoutMs: trial.timeoutMs ?? options.timeoutMs ?? DEFAULT_EVAL_TRIAL_TIMEOUT_MS,
        ...(runOptions.signal ? { signal: runOptions.signal } : {}),
        ...(tokenAdapter ? { adapterOverride: tokenAdapter } : {}),
        confine,
      });
    },
  };
}
