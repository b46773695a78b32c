/**
 * `vigiles/hook`: author hook programs and run them in process. The only import a compiled hook may use.
 */
export type { FoldedHookDecision, HookDecisionKind } from "../core/hook-decision/types.js";

// --- hook programs (issue 4) ---
