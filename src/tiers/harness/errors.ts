/**
 * Why a harness run throws instead of returning: each is a run that cannot be trusted as a result.
 */
import { attachQuietly, VigilesError } from "../../core/errors.js";

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

/** The run hit its `timeoutMs`; the CLI and its hooks were killed. */
export class HarnessTimeoutError extends HarnessRunError {
  constructor(harness: string, timeoutMs: number) {
    super(
      "VIGILES_HARNESS_TIMEOUT",
      `${harness} did not finish within ${timeoutMs} ms and was killed with its process group. ` +
        "Raise `timeoutMs`, or look for a hook or a scripted delay that hangs.",
    );
  }
}
