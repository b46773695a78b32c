/**
 * `vigiles/claude-code`: what only Claude Code has: its transport (scriptModel, resolveHarness),
 * its plugin loader, and skill-selection measurement.
 */
export type { ModelTurn, ModelTurnSource } from "../core/model-turn.js";

// --- Claude Code adapter and mock model (issue 5) ---

// --- plugin loading and the selection matrix (issue 7) ---
