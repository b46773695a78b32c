/**
 * `vigiles/gemini`: the Gemini CLI adapter; pass `geminiAdapter` to a runner to test a Gemini CLI harness.
 */
export type { ModelTurn, ModelTurnSource } from "../core/model-turn.js";

// --- Gemini CLI adapter ---
export { geminiAdapter } from "../adapters/gemini-cli/adapter.js";
export { resolveGemini, GEMINI_BIN_ENV } from "../adapters/gemini-cli/resolve.js";
export { GEMINI_PACKAGE, GEMINI_VERSION } from "../adapters/gemini-cli/package-pin.js";
export {
  GeminiNotFoundError,
  GeminiUnsupportedError,
  GeminiHookTranslationError,
} from "../adapters/gemini-cli/errors.js";
export { startGeminiMock } from "../adapters/gemini-cli/mock/server.js";
export { geminiAvailableSync as geminiAvailable } from "../adapters/gemini-cli/resolve.js";
