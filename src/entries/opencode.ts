/**
 * `vigiles/opencode`: the OpenCode adapter; pass `opencodeAdapter` to a runner to test an OpenCode
 * harness (its in-process plugins under `.opencode/plugin`).
 */
export type { ModelTurn, ModelTurnSource } from "../core/model-turn.js";

// --- OpenCode adapter ---
export { opencodeAdapter } from "../adapters/opencode/adapter.js";
export { resolveOpenCode, OPENCODE_BIN_ENV } from "../adapters/opencode/resolve.js";
export { OPENCODE_PACKAGE, OPENCODE_VERSION } from "../adapters/opencode/package-pin.js";
export { OpenCodeNotFoundError, OpenCodeUnsupportedError } from "../adapters/opencode/errors.js";
export { startOpenCodeMock } from "../adapters/opencode/mock/server.js";
export { openCodeAvailableSync as openCodeAvailable } from "../adapters/opencode/resolve.js";
export {
  runOpenCodePluginHook,
  type PluginHookCall,
  type PluginHookRun,
} from "../adapters/opencode/run-plugin-hook.js";
export { checkOpenCodePlugin } from "../adapters/opencode/dialect/plugin-audit.js";
export { explainOpenCodePlugins, type ExplainedPlugin } from "../adapters/opencode/explain-plugins.js";
