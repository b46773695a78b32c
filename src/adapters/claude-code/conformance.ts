/** Claude Code's words for the conformance corpus. */
import type { ConformanceForm } from "../harness-entry.js";
import {
  CLAUDE_EVENT_NAMES,
  CLAUDE_WRITE_INPUT,
  CONFORMANCE_COMMAND,
  settingsShaped,
} from "../shared/conformance-form.js";

export const claudeCodeConformance: ConformanceForm = {
  events: CLAUDE_EVENT_NAMES,
  tools: { Bash: "Bash", Write: "Write" },
  toolInput: (tool) => (tool === "Bash" ? { command: CONFORMANCE_COMMAND } : CLAUDE_WRITE_INPUT),
  ...settingsShaped(".claude/settings.json"),
  shapes: ["group"],
};
