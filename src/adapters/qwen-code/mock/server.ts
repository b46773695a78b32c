/**
 * Qwen Code's mock model: the shared OpenAI chat-completions mock (`--auth-type openai` sends
 * `POST <base>/chat/completions` with `stream: true`), scripts in Claude Code's tool names sent in
 * Qwen's (`Bash` is `run_shell_command`; the arguments are the same). Qwen's file tools refuse a
 * relative path ("File path must be absolute"), so a script's relative `file_path` is sent joined to
 * the working directory Qwen states in its first user message; the Trace then shows the absolute
 * path Qwen ran. Qwen's subagents run in the same process and name themselves in no header, so
 * every answered turn counts as the main agent's.
 */
import { isAbsolute, join } from "node:path";
import type { ModelRequest } from "../../../core/trace.js";
import { startChatCompletionsMock } from "../../mock/chat-completions/server.js";
import type { ScriptedMock } from "../../mock/running-mock.js";
import type { ModelScriptInput } from "../../port.js";
import { qwenToolName } from "../dialect/tools.js";

/** The fields of Qwen's tools that must hold an absolute path. */
const PATH_FIELDS = ["file_path", "notebook_path"] as const;
const WORKING_DIR = /I'm currently working in the directory: (\S+)/;

/** The working directory Qwen tells the model about, if the request carries it. */
export function qwenWorkingDir(request: ModelRequest): string | undefined {
  for (const m of request.messages) {
    const found = WORKING_DIR.exec(m.text);
    if (found?.[1]) return found[1];
  }
  return undefined;
}

/** A scripted call as Qwen's: its tool name, and relative paths made absolute under `cwd`. */
export function toQwenCall(
  tool: string,
  input: Readonly<Record<string, unknown>>,
  cwd: string | undefined,
): { name: string; input: Record<string, unknown> } {
  const out: Record<string, unknown> = { ...input };
  for (const field of PATH_FIELDS) {
    const value = out[field];
    if (cwd !== undefined && typeof value === "string" && value !== "" && !isAbsolute(value))
      out[field] = join(cwd, value);
  }
  return { name: qwenToolName(tool), input: out };
}

/** Starts the mock Qwen Code talks to; close it when the run is over. */
export function startQwenMock(
  script: ModelScriptInput,
  options: { readonly socketPath?: string } = {},
): Promise<ScriptedMock> {
  return startChatCompletionsMock(script, {
    ...options,
    translateCall: (tool, input, request) => toQwenCall(tool, input, qwenWorkingDir(request)),
  });
}
