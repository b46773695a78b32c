import type { HarnessCapabilities } from "../port.js";

/** What this harness can report or do, as data (the capability matrix is generated from it). */
export const CLAUDE_CODE_CAPABILITIES: HarnessCapabilities = {
  skillSelectionEvents: true,
  hookEventsInStream: true,
  effort: true,
  confinement: true,
  subagentParents: true,
  pluginDirs: true,
  mcpServers: true,
  // Turns capped by --max-turns (launch.ts).
  turnCap: true,
};
