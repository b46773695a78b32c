/** GitHub Copilot CLI's words for the conformance corpus: camelCase events, flat entries too. */
import type { ConformanceForm, ConformanceRegistration } from "../harness-entry.js";
import { byEvent, CONFORMANCE_COMMAND, hookGroup, jsonFile } from "../shared/conformance-form.js";

/** Copilot's own flat entry: `{ type: "command", bash, matcher? }`. */
const flat = (r: ConformanceRegistration) => ({
  type: "command",
  bash: r.command,
  ...(r.matcher !== undefined ? { matcher: r.matcher } : {}),
});

const configObject = (rs: readonly ConformanceRegistration[]) => ({
  version: 1,
  hooks: byEvent(rs, (r) => (r.shape === "flat" ? flat(r) : hookGroup(r))),
});

export const copilotConformance: ConformanceForm = {
  events: {
    preTool: "preToolUse",
    postTool: "postToolUse",
    sessionStart: "sessionStart",
    prompt: "userPromptSubmitted",
    stop: "agentStop",
  },
  tools: { Bash: "bash", Write: "create" },
  toolInput: (tool) =>
    tool === "Bash"
      ? { command: CONFORMANCE_COMMAND, description: CONFORMANCE_COMMAND }
      : { path: "written.txt", file_text: "conformance\n" },
  configObject,
  configFiles: (rs) => ({ ".github/hooks/conformance.json": jsonFile(configObject(rs)) }),
  shapes: ["group", "flat"],
};
