/**
 * The stdin payload of a Copilot CLI hook, built from the Claude-shaped event a caller gives
 * `runHook(…, { harness: "copilot" })`. Shapes as the pinned 1.0.102 sent them (test/copilot):
 * camelCase events get `{sessionId, timestamp (epoch ms), cwd, …}` with Copilot's tool names
 * (`toolName: "bash"`, `toolArgs`); a PascalCase name selects the VS Code-compatible variant, which
 * keeps the snake_case fields and Claude's tool names, with an ISO 8601 timestamp.
 */
import { copilotCanonicalEvent, copilotUsesSnakeCase } from "./rules.js";
import { toCopilotCall } from "./tool-names.js";
import { isRecord } from "../../../core/is-record.js";

type Json = Record<string, unknown>;

/** `payload` (Claude Code's field names, `hook_event_name` set) as Copilot would send it. */
export function copilotHookPayload(payload: Readonly<Json>, now: Date = new Date()): Json {
  const event = String(payload["hook_event_name"] ?? "");
  if (copilotUsesSnakeCase(event)) return { ...payload, timestamp: now.toISOString() };
  const canonical = copilotCanonicalEvent(event);
  const out: Json = {
    sessionId: payload["session_id"],
    timestamp: now.getTime(),
    cwd: payload["cwd"],
  };
  const tool = () => {
    const call = toCopilotCall({
      tool: String(payload["tool_name"] ?? ""),
      input: isRecord(payload["tool_input"]) ? payload["tool_input"] : {},
    });
    out["toolName"] = call.tool;
    out["toolArgs"] = call.input;
  };
  switch (canonical) {
    case "preToolUse":
    case "permissionRequest":
      tool();
      break;
    case "postToolUse":
    case "postToolUseFailure":
      tool();
      out["toolResult"] = {
        resultType: canonical === "postToolUse" ? "success" : "failure",
        textResultForLlm:
          typeof payload["tool_response"] === "string"
            ? payload["tool_response"]
            : JSON.stringify(payload["tool_response"] ?? ""),
      };
      break;
    case "userPromptSubmitted":
      out["prompt"] = payload["prompt"] ?? "";
      break;
    case "userPromptTransformed":
      // Measured on 1.0.102: the transformed prompt is the prompt behind Copilot's datetime prefix.
      out["prompt"] = payload["prompt"] ?? "";
      out["transformedPrompt"] = payload["transformed_prompt"] ?? payload["prompt"] ?? "";
      break;
    case "sessionStart":
      out["source"] = payload["source"] ?? "new";
      if (payload["prompt"] !== undefined) out["initialPrompt"] = payload["prompt"];
      break;
    case "agentStop":
    case "subagentStop":
      out["transcriptPath"] = payload["transcript_path"];
      out["stopReason"] = "end_turn";
      out["stop_hook_active"] = payload["stop_hook_active"] ?? false;
      break;
    default:
      break;
  }
  // Fields the caller gave in Copilot's own names win.
  for (const [key, value] of Object.entries(payload)) {
    if (/^[a-z]+[A-Z]/.test(key)) out[key] = value;
  }
  return out;
}
