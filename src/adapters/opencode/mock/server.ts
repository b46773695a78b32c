/**
 * The OpenCode mock model: the shared chat-completions mock (adapters/mock/chat-completions) with
 * OpenCode's tool names. OpenCode 1.18.33 sends a title request (no tools) beside the agent loop;
 * the shared mock answers it as bookkeeping. Its requests name no subagent, so every answered turn
 * counts as the main agent's.
 */
import { startChatCompletionsMock } from "../../mock/chat-completions/server.js";
import type { ModelScriptInput, RunningMock } from "../../port.js";
import { toOpenCodeCall } from "./tool-names.js";

/** Starts an OpenAI chat-completions mock serving `script` in OpenCode's tool names. */
export function startOpenCodeMock(
  script: ModelScriptInput,
  options: { readonly socketPath?: string } = {},
): Promise<RunningMock> {
  return startChatCompletionsMock(script, { ...options, translateCall: toOpenCodeCall });
}
