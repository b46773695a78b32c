import type { HarnessCapabilities } from "../port.js";

/** What this harness can report or do, as data (the capability matrix is generated from it). */
export const CODEX_CAPABILITIES: HarnessCapabilities = {
  skillSelectionEvents: false,
  hookEventsInStream: false,
  effort: false,
  confinement: true,
  subagentParents: false,
  pluginDirs: false,
  mcpServers: false,
  // No turn cap: `codex exec` has no max-turns flag; a spec with maxTurns is refused (launch.ts).
  turnCap: false,
};
