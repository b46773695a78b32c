/** What a plugin hook's answer means on one OpenCode event, in words (explain shows it beside each hook). */
import { OPENCODE_EVENT_RULES, OPENCODE_PLUGIN_LOAD } from "./rules.js";

export function openCodeMeaning(event: string): string {
  const rule = OPENCODE_EVENT_RULES[event];
  if (rule === undefined)
    return `OpenCode has no plugin event named ${JSON.stringify(event)}: the function is never called`;
  if (event === OPENCODE_PLUGIN_LOAD)
    return "a plugin that fails to import, exports a non-function or throws at init is dropped with nothing printed (exit 0)";
  const parts: string[] = [];
  if (rule.blocks === "call")
    parts.push("a throw blocks the call, and the model gets the thrown message as the tool's result");
  else if (rule.blocks === "result")
    parts.push(
      "it never runs for a call a before-hook blocked nor for a tool that failed by itself; a throw cannot undo the call",
    );
  else parts.push("what a throw does here is not pinned");
  if (rule.changes !== undefined) parts.push(`it may change ${rule.changes}`);
  return parts.join("; ");
}
