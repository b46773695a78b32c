/**
 * The Copilot CLI mock model: Copilot's BYOK `anthropic` provider speaks the Anthropic Messages API
 * (SSE) with the same wire as Claude Code, so this is the Messages API mock (../../mock/messages-api/server.ts) with Copilot's two differences:
 * scripted calls are sent in Copilot's tool names (src/core/copilot/tool-names.ts), and a subagent is told apart
 * by its `x-interaction-type: conversation-subagent` header (Copilot sends no agent id) and keyed by
 * its first user message, which carries the `task` call's prompt.
 */
import { isRecord } from "../../../core/is-record.js";
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { startMessagesApiMock } from "../../mock/messages-api/server.js";
import type { ModelScriptInput, RunningMock } from "../../port.js";
import { toCopilotTurn } from "../dialect/tool-names.js";

/** The header whose value `conversation-subagent` marks a subagent's request (measured on 1.0.102). */
export const COPILOT_INTERACTION_HEADER = "x-interaction-type";

/** The text of the first user message; only the text, as Copilot moves `cache_control` marks between requests. */
function firstUserText(body: unknown): string {
  if (!isRecord(body) || !Array.isArray(body["messages"])) return "";
  const first: unknown = body["messages"].find((m) => isRecord(m) && m["role"] === "user");
  const content = isRecord(first) ? first["content"] : undefined;
  if (typeof content === "string") return content;
  return (Array.isArray(content) ? content : [])
    .map((b) => (isRecord(b) && typeof b["text"] === "string" ? b["text"] : ""))
    .join("\n");
}

/** The id the mock gives a Copilot subagent: stable over its requests, distinct between subagents. */
export function copilotAgentIdOf(req: IncomingMessage, body: unknown): string | undefined {
  const header = req.headers[COPILOT_INTERACTION_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== "conversation-subagent") return undefined;
  return `copilot-subagent-${createHash("sha256").update(firstUserText(body)).digest("hex").slice(0, 12)}`;
}

/** Starts a Messages API mock serving `script` in Copilot's tool names; close it when the run is over. */
export async function startCopilotMock(
  script: ModelScriptInput,
  options: { readonly socketPath?: string } = {},
): Promise<RunningMock> {
  return startMessagesApiMock(script, {
    ...(options.socketPath !== undefined ? { socketPath: options.socketPath } : {}),
    agentIdOf: copilotAgentIdOf,
    translateTurn: toCopilotTurn,
  });
}
