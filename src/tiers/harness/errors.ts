/**
 * Why a harness run throws instead of returning: each is a run that cannot be trusted as a result.
 */
import { attachQuietly, VigilesError } from "../../core/errors.js";
import { managedSettingsDirs } from "../../adapters/registry.js";
import type { HookFire } from "../../core/trace.js";
import type { UnservedTurns } from "../../adapters/port.js";

/** What the failed run left, for debugging: the CLI's streams and parsed events, and its exit. */
export interface HarnessRunDetails {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly events: readonly Readonly<Record<string, unknown>>[];
  readonly argv: readonly string[];
}

/**
 * A harness run that cannot be trusted as a result. `run` holds what it left, when it got that far.
 * It is an accessor over a private field, not an own property: node prints an uncaught error's own
 * enumerable properties, and kilobytes of stream would bury the one-line message.
 */
export class HarnessRunError extends VigilesError {
  #run: HarnessRunDetails | undefined;

  get run(): HarnessRunDetails | undefined {
    return this.#run;
  }

  set run(details: HarnessRunDetails | undefined) {
    this.#run = details;
  }
}

/** The CLI asked the mock for more turns than the script has (or a turn function threw). */
export class ScriptOverrunError extends HarnessRunError {
  readonly overruns: readonly string[];

  constructor(overruns: readonly string[]) {
    super(
      "VIGILES_SCRIPT_OVERRUN",
      `The model script ran out: ${overruns.join("; ")}. The mock answered with an error instead of ` +
        "repeating a turn. Add the turns the CLI asked for (a blocked Stop or a hook's feedback asks again).",
    );
    this.overruns = overruns;
  }
}

/** The CLI refused its command line (a flag or a flag's value), before running anything. */
export class HarnessFlagRejectedError extends HarnessRunError {
  constructor(harness: string, detail: string, argv: readonly string[]) {
    super(
      "VIGILES_HARNESS_FLAG_REJECTED",
      `${harness} rejected its command line: ${detail}. Check the spec's options (permissionMode, maxTurns, ` +
        `allowedTools …) against the pinned CLI. Command: ${argv.join(" ")}`,
    );
  }
}

/** The script called a tool the harness does not have; the CLI only told the model, so vigiles throws. */
export class UnknownToolError extends HarnessRunError {
  readonly tool: string;

  constructor(tool: string, available: readonly string[]) {
    super(
      "VIGILES_UNKNOWN_TOOL",
      `The script called tool ${JSON.stringify(tool)}, which the harness does not have ` +
        `(No such tool available). Tools offered: ${available.length > 0 ? available.join(", ") : "(none recorded)"}.`,
    );
    this.tool = tool;
  }
}

/** The CLI crashed or exited non-zero without finishing its run. */
export class HarnessCrashedError extends HarnessRunError {
  declare readonly stderr: string;

  constructor(harness: string, detail: string, stderr: string) {
    super("VIGILES_HARNESS_CRASHED", `${harness} did not finish its run: ${detail}.`);
    attachQuietly(this, "stderr", stderr);
  }
}

/** A hook crashed during the run (exit other than 0 and 2, a signal, a missing script, a timeout). */
export class HookCrashedError extends HarnessRunError {
  /** Each crashed fire, in order (non-enumerable: plain node prints the one-line message, not the streams). */
  declare readonly fires: readonly HookFire[];

  constructor(harness: string, fires: readonly HookFire[], lines: readonly string[]) {
    super(
      "VIGILES_HOOK_CRASHED",
      `${fires.length === 1 ? "A hook" : `${fires.length} hook fires`} crashed in the ${harness} run, so ` +
        `${fires.length === 1 ? "it" : "they"} checked nothing and the CLI carried on as if allowed: ` +
        `${lines.join("; ")}. Fix the hook (its script, interpreter, run bit or timeout), or pass ` +
        "`allowHookCrashes: true` when a crash is what the test is about, and assert on the fire (`transcript: true`).",
    );
    attachQuietly(this, "fires", fires);
  }
}

/**
 * The CLI's process ended and not one agent-loop request reached the mock: no session ran (a
 * `harnessPath` that answers `--version` and exits, a wrapper that swallowed the run). Its Trace
 * would be empty, and a test asserting only on outcomes would pass on it.
 */
export class HarnessNoSessionError extends HarnessRunError {
  constructor(harness: string, exitCode: number | null, requests: number) {
    super(
      "VIGILES_HARNESS_NO_SESSION",
      `${harness} exited ${exitCode ?? "by a signal"} and not one agent request reached the mock ` +
        `(${requests} request(s) in all, none from the agent loop), and no hook blocked the prompt: no session ran. ` +
        "Is `harnessPath` (or the VIGILES_*_BIN variable) the real CLI? Else look for what rerouted it: " +
        REROUTERS +
        ".",
    );
  }
}

/**
 * The run ended with scripted turns the CLI never asked for: the script says what the model does,
 * and a test whose script stopped halfway tested only the first half (a CLI that stopped after the
 * first text turn, a hook that ended the session).
 */
export class UnservedTurnsError extends HarnessRunError {
  readonly unserved: readonly UnservedTurns[];

  constructor(harness: string, unserved: readonly UnservedTurns[]) {
    const lines = unserved.map(
      (u) => `${u.label}: ${u.served} of ${u.total} turn(s) served, next was turn ${u.served + 1} ${u.next}`,
    );
    super(
      "VIGILES_UNSERVED_TURNS",
      `The ${harness} run ended before its model script did: ${lines.join("; ")}. The CLI never asked for ` +
        "those turns (it ends its loop on a turn with no tool call; a hook or a turn cap may stop it). Fix the " +
        "script, or set `allowUnservedTurns: true` in the spec when turns may go unused.",
    );
    this.unserved = unserved;
  }
}

/** What could send a CLI's requests somewhere other than the mock, for a run the mock never heard from. */
const REROUTERS =
  "an `env` in a settings file (ANTHROPIC_BASE_URL, a provider switch, a proxy), machine-wide managed " +
  `settings (${managedSettingsDirs().join(", ")}), a provider in the harness's own config file, ` +
  "or HTTP(S)_PROXY / ALL_PROXY in the environment";

/** The run hit its `timeoutMs`; the CLI and its hooks were killed. */
export class HarnessTimeoutError extends HarnessRunError {
  /** Whether any request reached the mock before the kill. */
  readonly reachedMock: boolean;

  constructor(harness: string, timeoutMs: number, reachedMock = true) {
    super(
      "VIGILES_HARNESS_TIMEOUT",
      reachedMock
        ? `${harness} did not finish within ${timeoutMs} ms and was killed with its process group. ` +
            "Raise `timeoutMs`, or look for a hook or a scripted delay that hangs."
        : `${harness} did not finish within ${timeoutMs} ms, and the CLI never reached the mock: not one ` +
            `request arrived. Look for what could have rerouted it: ${REROUTERS}; or a hook that hangs ` +
            "before the first request (SessionStart, UserPromptSubmit).",
    );
    this.reachedMock = reachedMock;
  }
}

/** Machine-wide managed settings would route an unconfined run's requests; they outrank every layer vigiles sets. */
export class ManagedSettingsRouteError extends VigilesError {
  readonly found: readonly string[];

  constructor(harness: string, found: readonly string[]) {
    super(
      "VIGILES_MANAGED_SETTINGS_ROUTE",
      `Refusing an unconfined ${harness} run (sandbox: false): machine-wide managed settings would route ` +
        `or authenticate its requests, and they outrank everything vigiles passes: ${found.join("; ")}. ` +
        "Run confined (drop `sandbox: false`: the sandbox masks managed settings), or remove those settings.",
    );
    this.found = found;
  }
}
