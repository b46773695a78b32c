/** Gemini CLI's words for the conformance corpus. */
import type { ConformanceForm } from "../harness-entry.js";
import { CLAUDE_WRITE_INPUT, CONFORMANCE_COMMAND, settingsShaped } from "../shared/conformance-form.js";

export const geminiConformance: ConformanceForm = {
  events: {
    preTool: "BeforeTool",
    postTool: "AfterTool",
    sessionStart: "SessionStart",
    prompt: "BeforeAgent",
    stop: "AfterAgent",
  },
  tools: { Bash: "run_shell_command", Write: "write_file" },
  toolInput: (tool) => (tool === "Bash" ? { command: CONFORMANCE_COMMAND } : CLAUDE_WRITE_INPUT),
  ...settingsShaped(".gemini/settings.json"),
  shapes: ["group"],
};
