/**
 * `vigiles/claude-code`: what only Claude Code has: its transport (scriptModel, resolveHarness),
 * its plugin loader, and skill-selection measurement.
 */
export type { ModelTurn, ModelTurnSource } from "../core/model-turn.js";

// --- Claude Code adapter and mock model ---
export { claudeCodeAdapter } from "../adapters/claude-code/adapter.js";
export { scriptModel } from "../adapters/mock/script.js";
export type { ScriptModelOptions, ModelScript, ModelScriptInput } from "../adapters/mock/script.js";
export { startMockModel, AGENT_ID_HEADER } from "../adapters/claude-code/mock/server.js";
export type { MockModel, MockModelOptions } from "../adapters/claude-code/mock/server.js";
export { resolveHarness, CLAUDE_BIN_ENV } from "../adapters/claude-code/resolve-harness.js";
export { HarnessNotFoundError } from "../adapters/claude-code/errors.js";
export { UnsafeEndpointError } from "../adapters/shared/errors.js";
export { CLAUDE_CODE_VERSION, CLAUDE_CODE_INSTALL_LINE } from "../adapters/claude-code/package-pin.js";

// --- plugin loading and the selection matrix ---
export { loadPlugin, PluginNotFoundError } from "../adapters/claude-code/plugin/load-plugin.js";
export type {
  LoadedPlugin,
  LoadedSkill,
  LoadedMarkdownComponent,
  LoadedHooksFile,
  PluginProblem,
  PluginProblemSeverity,
} from "../adapters/claude-code/plugin/types.js";
export { measureSelectionMatrix } from "../tiers/eval/triggering/selection-matrix.js";
export type { SelectionMatrixOptions } from "../tiers/eval/triggering/selection-matrix.js";
export { DerivedPromptsShortError } from "../core/triggering/derive-prompts.js";
export { assertNoCollision } from "../core/triggering/matrix-report.js";
export type {
  SelectionMatrixReport,
  SelectionRun,
  CollisionBounds,
} from "../core/triggering/matrix-report.js";
export type { SelectionMatrixRow, SelectionMatrixSummary } from "../core/triggering/matrix.js";
