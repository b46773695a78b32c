/**
 * Qwen Code's words for the conformance corpus: Claude Code's event names, its own tool names in
 * the hook payload (run_shell_command, write_file), hooks in the project's `.qwen/settings.json`.
 */
import type { ConformanceForm } from "../harness-entry.js";
import {
  CLAUDE_EVENT_NAMES,
  CLAUDE_WRITE_INPUT,
  CONFORMANCE_COMMAND,
  settingsShaped,
} from "../shared/conformance-form.js";

export const qwenConformance: ConformanceForm = {
  events: CLAUDE_EVENT_NAMES,
  tools: { Bash: "run_shell_command", Write: "write_file" },
  toolInput: (tool) => (tool === "Bash" ? { command: CONFORMANCE_COMMAND } : CLAUDE_WRITE_INPUT),
  ...settingsShaped(".qwen/settings.json"),
  shapes: ["group"],
};
