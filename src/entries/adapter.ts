/**
 * `vigiles/adapter`: the port a harness adapter implements, for a third harness.
 */
export type { Trace } from "../core/trace.js";
export type { ModelTurn, ModelTurnSource } from "../core/model-turn.js";

// --- the adapter port and capability matrix (issues 5, 9) ---
