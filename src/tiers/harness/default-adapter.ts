/**
 * The adapter a runner uses when the caller passes none: Claude Code, unless the run was started by
 * `vigiles test` in a repository it detected as Codex (VIGILES_HARNESS=codex). The CLI cannot take an
 * import, so the choice travels in the environment; a library caller picks with `{ adapter }`.
 * Codex is imported only when chosen, so an unused adapter stays out of the module graph.
 */
import { claudeCodeAdapter } from "../../adapters/claude-code/adapter.js";
import type { HarnessAdapter } from "../../adapters/port.js";
import { InvalidOptionError } from "../../core/errors.js";

export const HARNESS_ENV = "VIGILES_HARNESS";

export async function defaultAdapter(env: NodeJS.ProcessEnv = process.env): Promise<HarnessAdapter> {
  const chosen = env[HARNESS_ENV];
  switch (chosen) {
    case undefined:
    case "":
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
        `${HARNESS_ENV}=${JSON.stringify(chosen)} names no harness; use claude-code, codex, copilot or gemini`,
      );
  }
}
