/** Codex's words for the conformance corpus. */
import type { ConformanceForm } from "../harness-entry.js";
import {
  CLAUDE_EVENT_NAMES,
  CLAUDE_WRITE_INPUT,
  CONFORMANCE_COMMAND,
  settingsShaped,
} from "../shared/conformance-form.js";

export const codexConformance: ConformanceForm = {
  events: CLAUDE_EVENT_NAMES,
  // Codex edits files with its apply_patch tool; vigiles' mock turns a scripted Write into one.
  tools: { Bash: "Bash", Write: "apply_patch" },
  toolInput: (tool) => (tool === "Bash" ? { command: CONFORMANCE_COMMAND } : CLAUDE_WRITE_INPUT),
  // A project `.codex/hooks.json`: the adapter records and trusts it by hash (hook-trust.ts).
  ...settingsShaped(".codex/hooks.json"),
  shapes: ["group"],
};
