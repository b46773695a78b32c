import type { HarnessCapabilities } from "../port.js";

/** What this harness can report or do, as data (the capability matrix is generated from it). */
export const GEMINI_CAPABILITIES: HarnessCapabilities = {
  // A skill's activation is an `activate_skill` tool_use and its tool_result in stream-json, read as
  // a Skill call (test/gemini/gemini-features.test.ts).
  skillSelectionEvents: true,
  hookEventsInStream: false,
  effort: false,
  confinement: true,
  subagentParents: false,
  // Plugin dirs are loaded as Gemini CLI extensions (a dir holding gemini-extension.json).
  pluginDirs: true,
  // mcpServers in the run's user settings.json (prepare.ts).
  mcpServers: true,
  // Turns capped by model.maxSessionTurns (run-limits.ts).
  turnCap: true,
};
