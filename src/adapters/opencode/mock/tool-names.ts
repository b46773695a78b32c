/**
 * OpenCode 1.18.33's tools by Claude Code's names, with their argument names (the request's
 * `tools[].function` list: `bash {command, description}`, `read {filePath}`, `write {filePath,
 * content}`, `edit {filePath, oldString, newString, replaceAll}`, `glob`, `grep {pattern, path,
 * include}`, `task`, `todowrite`, `webfetch {url, format}`, `skill {name}`). Scripts are written in
 * Claude Code's terms; the mock sends OpenCode's, and the stream reader reads them back.
 */
type Json = Record<string, unknown>;

/** Claude Code's tool name → OpenCode's. */
export const CLAUDE_TO_OPENCODE_TOOL: Readonly<Record<string, string>> = {
  Bash: "bash",
  Read: "read",
  Write: "write",
  Edit: "edit",
  Glob: "glob",
  Grep: "grep",
  Task: "task",
  TodoWrite: "todowrite",
  WebFetch: "webfetch",
  Skill: "skill",
};

/** Argument renames per tool, Claude Code's key → OpenCode's. */
const ARG_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  read: { file_path: "filePath" },
  write: { file_path: "filePath" },
  edit: {
    file_path: "filePath",
    old_string: "oldString",
    new_string: "newString",
    replace_all: "replaceAll",
  },
  grep: { glob: "include" },
  skill: { skill: "name" },
};

function renameKeys(input: Readonly<Json>, names: Readonly<Record<string, string>>): Json {
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [names[k] ?? k, v]));
}

/** A scripted call (Claude Code's name and input) as OpenCode's function call. */
export function toOpenCodeCall(tool: string, input: Readonly<Json>): { name: string; input: Json } {
  const name = CLAUDE_TO_OPENCODE_TOOL[tool === "Agent" ? "Task" : tool] ?? tool;
  const args = renameKeys(input, ARG_NAMES[name] ?? {});
  // `description` is a required argument of bash: the command stands in when the script gives none.
  if (name === "bash" && typeof args["description"] !== "string")
    args["description"] = String(args["command"] ?? "");
  if (name === "webfetch" && args["format"] === undefined) {
    delete args["prompt"];
    args["format"] = "markdown";
  }
  return { name, input: args };
}

/** One of OpenCode's calls (from its stream) in Claude Code's name and argument names. */
export function toClaudeCall(tool: string, input: Readonly<Json>): { name: string; input: Json } {
  const claude = Object.entries(CLAUDE_TO_OPENCODE_TOOL).find(([, native]) => native === tool)?.[0];
  const names = ARG_NAMES[tool] ?? {};
  const back = Object.fromEntries(Object.entries(names).map(([c, o]) => [o, c]));
  return { name: claude ?? tool, input: renameKeys(input, back) };
}
