import type { HarnessCapabilities } from "../port.js";

/** What this harness can report or do, as data (the capability matrix is generated from it). */
export const OPENCODE_CAPABILITIES: HarnessCapabilities = {
  // A `skill` tool call would name the skill the model loaded, but no real run has pinned it yet.
  skillSelectionEvents: false,
  // The `--format json` stream carries no plugin activity: fires come from the plugin recorder.
  hookEventsInStream: false,
  effort: false,
  confinement: true,
  // The stream prints the main session's events only (a subagent's calls are not in it).
  subagentParents: false,
  // Plugins are files under .opencode/plugin, not directories loaded for a run.
  pluginDirs: false,
  mcpServers: false,
  // No turn cap: an agent's `steps` forces a text answer instead of ending the run; a spec with maxTurns is refused (launch.ts).
  turnCap: false,
};
