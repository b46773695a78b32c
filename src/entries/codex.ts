/**
 * `vigiles/codex`: the Codex CLI adapter; pass `codexAdapter` to a runner to test a Codex harness.
 */
export type { ModelTurn, ModelTurnSource } from "../core/model-turn.js";

// --- Codex adapter ---
export { codexAdapter } from "../adapters/codex/adapter.js";
export { resolveCodex, CODEX_BIN_ENV } from "../adapters/codex/resolve.js";
export { CODEX_PACKAGE, CODEX_VERSION } from "../adapters/codex/package-pin.js";
export { CodexNotFoundError, CodexUnsupportedError } from "../adapters/codex/errors.js";
export { codexHookTrustHash, codexHookStateKey } from "../adapters/codex/hook-trust.js";
