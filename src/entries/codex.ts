/**
 * `vigiles/codex`: the Codex CLI adapter; pass `codexAdapter` to a runner to test a Codex harness.
 */
export type { ModelTurn, ModelTurnSource } from "../core/model-turn.js";

// --- Codex adapter (issue 9) ---
