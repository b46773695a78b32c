// The few checks the type tests use, imported from core so the compilation stays small.
export { tool, skill, mcp } from "../../../src/core/checks/tool-checks.js";
export { output } from "../../../src/core/checks/text-checks.js";
export { blocked } from "../../../src/core/checks/hook-checks.js";
