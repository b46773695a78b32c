/**
 * The OpenCode mock model: the shared chat-completions mock (adapters/mock/chat-completions) with
 * OpenCode's tool names. OpenCode 1.18.33 sends a title request (no tools) beside the agent loop;
 * the shared mock answers it as bookkeeping. Its requests name no subagent, so every answered turn
 * counts as the main agent's, and a script with subagent turns is refused rather than served to the
 * wrong loop.
 */
import { startChatCompletionsMock } from "../../mock/chat-completions/server.js";
import { toModelScript } from "../../mock/script.js";
import type { ModelScriptInput, RunningMock } from "../../port.js";
import { OpenCodeUnsupportedError } from "../errors.js";
import { toOpenCodeCall } from "./tool-names.js";

/** Starts an OpenAI chat-completions mock serving `script` in OpenCode's tool names. */
export function startOpenCodeMock(
  script: ModelScriptInput,
  options: { readonly socketPath?: string } = {},
): Promise<RunningMock> {
  const model = toModelScript(script);
  if (Object.keys(model.agents).length > 0)
    return Promise.reject(
      new OpenCodeUnsupportedError(
        "serve a subagent's scripted turns",
        "its requests do not say which agent sent them, so the mock cannot tell a subagent's turn from the main agent's",
      ),
    );
  return startChatCompletionsMock(model, { ...options, translateCall: toOpenCodeCall });
}
