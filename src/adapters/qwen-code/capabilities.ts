import type { HarnessCapabilities } from "../port.js";

/** What this harness can report or do, as data (the capability matrix is generated from it). */
export const QWEN_CAPABILITIES: HarnessCapabilities = {
  // A skill's use is a `skill` tool_use in stream-json, read as a Skill call.
  skillSelectionEvents: true,
  // 0.24.4's stream-json carries no hook events (a hand run of every hooked event): the recorder reads them.
  hookEventsInStream: false,
  effort: false,
  confinement: true,
  subagentParents: false,
  pluginDirs: false,
  mcpServers: false,
  // Turns capped by --max-session-turns (launch.ts).
  turnCap: true,
};
