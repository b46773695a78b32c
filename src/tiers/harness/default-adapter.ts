/**
 * The adapter a runner uses when the caller passes none: Claude Code, unless the run was started by
 * `vigiles test` in a repository it detected as Codex (VIGILES_HARNESS=codex). The CLI cannot take an
 * import, so the choice travels in the environment; a library caller picks with `{ adapter }`.
 * Every adapter but Claude Code's is imported only when chosen, so an unused one stays out of the module graph.
 */
import { claudeCodeAdapter } from "../../adapters/claude-code/adapter.js";
import type { HarnessAdapter } from "../../adapters/port.js";
import { InvalidOptionError } from "../../core/errors.js";

export const HARNESS_ENV = "VIGILES_HARNESS";

/** The ids `adapterById` knows, in the order docs and messages list them. */
export const HARNESS_IDS = ["claude-code", "codex", "copilot-cli", "gemini"] as const;

/** The adapter of a harness id (`claude-code`, `codex`, `copilot-cli` or `copilot`, `gemini`); `what` names the source in the error. */
export async function adapterById(id: string, what = "harness"): Promise<HarnessAdapter> {
  switch (id) {
    case "claude-code":
      return claudeCodeAdapter;
    case "codex":
      return (await import("../../adapters/codex/adapter.js")).codexAdapter;
    case "copilot":
    case "copilot-cli":
      return (await import("../../adapters/copilot-cli/adapter.js")).copilotAdapter;
    case "gemini":
      return (await import("../../adapters/gemini-cli/adapter.js")).geminiAdapter;
    default:
      throw new InvalidOptionError(
        `${what} ${JSON.stringify(id)} names no harness; use one of ${HARNESS_IDS.join(", ")}`,
      );
  }
}

export async function defaultAdapter(env: NodeJS.ProcessEnv = process.env): Promise<HarnessAdapter> {
  const chosen = env[HARNESS_ENV];
  if (chosen === undefined || chosen === "") return claudeCodeAdapter;
  return adapterById(chosen, `${HARNESS_ENV}=`);
}
