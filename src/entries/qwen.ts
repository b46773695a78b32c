/**
 * `vigiles/qwen`: the Qwen Code adapter; pass `qwenAdapter` to a runner to test a Qwen Code harness.
 */
export type { ModelTurn, ModelTurnSource } from "../core/model-turn.js";

// --- Qwen Code adapter ---
export { qwenAdapter } from "../adapters/qwen-code/adapter.js";
export {
  resolveQwen,
  QWEN_BIN_ENV,
  qwenAvailableSync as qwenAvailable,
} from "../adapters/qwen-code/resolve.js";
export { QWEN_PACKAGE, QWEN_VERSION } from "../adapters/qwen-code/package-pin.js";
export {
  QwenNotFoundError,
  QwenUnsupportedError,
  QwenUnsafeSettingsError,
} from "../adapters/qwen-code/errors.js";
export { startQwenMock } from "../adapters/qwen-code/mock/server.js";
