/**
 * `vigiles/linting`: static rules over a harness (hooks, settings, plugins, skills) and the instruction-file compiler.
 */
export { VigilesError } from "../core/errors.js";

// --- lint and audit (issue 10) ---
