/**
 * `vigiles/copilot`: the GitHub Copilot CLI adapter; pass `copilotAdapter` to a runner to test a
 * Copilot harness (hooks from `.github/hooks/*.json`, or `settings.hooks` in Claude Code's shape).
 */
export type { ModelTurn, ModelTurnSource } from "../core/model-turn.js";

// --- Copilot CLI adapter ---
export { copilotAdapter, createCopilotAdapter } from "../adapters/copilot-cli/adapter.js";
export type { CopilotAdapterOptions } from "../adapters/copilot-cli/adapter.js";
export { resolveCopilot, COPILOT_BIN_ENV } from "../adapters/copilot-cli/resolve.js";
export { COPILOT_PKG_CACHE_ENV } from "../adapters/copilot-cli/package-cache.js";
export { COPILOT_PACKAGE, COPILOT_VERSION } from "../adapters/copilot-cli/package-pin.js";
export {
  CopilotNotFoundError,
  CopilotUnsupportedError,
  CopilotPackageError,
} from "../adapters/copilot-cli/errors.js";
export { copilotEventRules, copilotHookEvents } from "../adapters/copilot-cli/dialect/rules.js";
export type { CopilotEventRules, CopilotExitRule } from "../adapters/copilot-cli/dialect/rules.js";
export { foldCopilotHookDecision } from "../adapters/copilot-cli/dialect/fold.js";
