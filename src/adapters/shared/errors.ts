/**
 * Errors every adapter raises the same way: a CLI that is not installed, and a spec that would send
 * a request past the run's endpoint. Each adapter keeps its own exported name for the first (a thin
 * subclass in its errors.ts), so `instanceof CodexNotFoundError` still tells the harnesses apart.
 */
import { VigilesError } from "../../core/errors.js";

/** What the not-found message says about one harness's CLI. */
export interface MissingCli {
  /** The CLI as a message names it: `Claude Code CLI`, `GitHub Copilot CLI`. */
  readonly cliName: string;
  /** The npm command that installs the pinned release (package-pin.ts). */
  readonly installLine: string;
  /** What the install brings besides the CLI, when a user needs to know (Copilot's platform package). */
  readonly installNote?: string;
  /** The environment variable that names an explicit binary, e.g. `VIGILES_CODEX_BIN`. */
  readonly binEnv: string;
  /** The executable's name, e.g. `codex`. */
  readonly executable: string;
}

/** No usable CLI of a harness was found; the message lists where vigiles looked and how to install it. */
export class CliNotFoundError extends VigilesError {
  readonly searched: readonly string[];

  constructor(cli: MissingCli, searched: readonly string[]) {
    const note = cli.installNote !== undefined ? ` (${cli.installNote})` : "";
    super(
      "VIGILES_HARNESS_NOT_FOUND",
      `${cli.cliName} not found. Looked in: ${searched.length > 0 ? searched.join("; ") : "(nowhere)"}. ` +
        `Install the pinned version with \`${cli.installLine}\`${note}, or point ${cli.binEnv} ` +
        `(or the \`harnessPath\` option) at a \`${cli.executable}\` executable.`,
    );
    this.searched = searched;
  }
}

/** The spec would let the CLI send a request somewhere other than the run's endpoint (any adapter raises it). */
export class UnsafeEndpointError extends VigilesError {
  constructor(detail: string, harness = "Claude Code") {
    super(
      "VIGILES_UNSAFE_ENDPOINT",
      `Refusing to start ${harness}: ${detail}. A harness test only talks to its local mock model; ` +
        "remove the setting (model routing belongs to vigiles, not to the test's env or settings).",
    );
  }
}
