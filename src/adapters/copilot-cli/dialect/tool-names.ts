/**
 * Scripts are written once for every harness, in Claude Code's tool names; Copilot CLI's own tools
 * have other names and input shapes (read from the tool schemas of a real 1.0.102 request):
 * `bash {command, description}`, `create {path, file_text}`, `edit {path, old_str, new_str}`,
 * `view {path}`, `task {description, prompt, agent_type, name}`, `skill {skill}`, `glob {pattern}`,
 * `grep {pattern}`.
 * Relative paths are taken against the work dir (measured). The stream reader maps them back, so one
 * set of checks reads every harness. A name that is neither passes through unchanged.
 */
import type { ModelTurn, ScriptedToolCall } from "../../../core/model-turn.js";

type Input = Readonly<Record<string, unknown>>;
type AnswerTurn = Exclude<ModelTurn, { error: unknown }>;

const str = (input: Input, key: string): string | undefined =>
  typeof input[key] === "string" ? (input[key] as string) : undefined;

function pick(input: Input, renames: Readonly<Record<string, string>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) out[renames[key] ?? key] = value;
  return out;
}

/** One scripted call in Copilot's names. */
export function toCopilotCall(call: ScriptedToolCall): ScriptedToolCall {
  const input = call.input;
  const as = (tool: string, next: Record<string, unknown>): ScriptedToolCall => ({
    ...call,
    tool,
    input: next,
  });
  switch (call.tool) {
    case "Bash":
      return as("bash", {
        ...pick(input, {}),
        description: str(input, "description") ?? (str(input, "command") ?? "").slice(0, 100),
      });
    case "Write":
      return as("create", pick(input, { file_path: "path", content: "file_text" }));
    case "Edit":
      return as("edit", pick(input, { file_path: "path", old_string: "old_str", new_string: "new_str" }));
    case "Read":
      return as("view", pick(input, { file_path: "path" }));
    case "Glob":
      return as("glob", { ...input });
    case "Grep":
      return as("grep", { ...input });
    case "Skill":
      // Copilot's `skill` takes only the name (`{skill}`), as Claude Code's Skill does.
      return as("skill", { ...input });
    case "Agent":
    case "Task":
      return as("task", {
        ...pick(input, { subagent_type: "agent_type" }),
        name: str(input, "name") ?? str(input, "subagent_type") ?? "subagent",
      });
    default:
      return call;
  }
}

/** A scripted turn with every call in Copilot's names. */
export function toCopilotTurn(turn: AnswerTurn): AnswerTurn {
  if ("tools" in turn) return { ...turn, tools: turn.tools.map(toCopilotCall) };
  if ("tool" in turn) return { ...turn, ...toCopilotCall(turn) };
  return turn;
}

/** A Copilot tool call in Claude Code's names, as the Trace shows it. */
export function fromCopilotCall(name: string, args: Input): { name: string; input: Record<string, unknown> } {
  switch (name) {
    case "bash":
      return { name: "Bash", input: pick(args, {}) };
    case "create":
      return { name: "Write", input: pick(args, { path: "file_path", file_text: "content" }) };
    case "edit":
      return {
        name: "Edit",
        input: pick(args, { path: "file_path", old_str: "old_string", new_str: "new_string" }),
      };
    case "view":
      return { name: "Read", input: pick(args, { path: "file_path" }) };
    case "glob":
      return { name: "Glob", input: { ...args } };
    case "grep":
      return { name: "Grep", input: { ...args } };
    case "skill":
      return { name: "Skill", input: { ...args } };
    case "task":
      return { name: "Agent", input: pick(args, { agent_type: "subagent_type" }) };
    default:
      return { name, input: { ...args } };
  }
}
