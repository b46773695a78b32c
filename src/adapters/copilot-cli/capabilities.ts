import type { HarnessCapabilities } from "../port.js";

/** What this harness can report or do, as data (the capability matrix is generated from it). */
export const COPILOT_CAPABILITIES: HarnessCapabilities = {
  skillSelectionEvents: false,
  hookEventsInStream: false,
  effort: false,
  confinement: true,
  // Subagent events carry parentToolCallId (test/copilot: a scripted Task).
  subagentParents: true,
  // Copied and recorded, loaded with --plugin-dir (plugin-dirs.ts).
  pluginDirs: true,
  // --additional-mcp-config (launch.ts).
  mcpServers: true,
  // No turn cap: `copilot -p` has no max-turns flag; a spec with maxTurns is refused (launch.ts).
  turnCap: false,
};
