/**
 * `vigiles/spec`: builders for typed specs: instruction files (CLAUDE.md / AGENTS.md) and subagent contracts.
 */
export { VigilesError } from "../core/errors.js";

// --- subagent result contracts: experimental_agent (issue 3) ---

// --- instruction-file specs (issue 10) ---
