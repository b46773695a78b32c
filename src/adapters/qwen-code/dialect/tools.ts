/**
 * Qwen Code 0.24.4's tools by Claude Code's names (read from a real request's `tools`). The
 * arguments are Claude Code's own (`run_shell_command {command}`, `write_file {file_path, content}`,
 * `edit {file_path, old_string, new_string, replace_all}`, `read_file {file_path}`, `glob` and
 * `grep_search {pattern, path}`, `agent {description, prompt, subagent_type}`, `skill {skill}`), so
 * a scripted call changes only its name on the wire, and a reported call only its name in the Trace.
 */

/** Claude Code tool name → Qwen Code's. */
export const CLAUDE_TO_QWEN_TOOL: Readonly<Record<string, string>> = {
  Bash: "run_shell_command",
  Write: "write_file",
  Edit: "edit",
  Read: "read_file",
  Glob: "glob",
  Grep: "grep_search",
  LS: "list_directory",
  WebFetch: "web_fetch",
  WebSearch: "web_search",
  TodoWrite: "todo_write",
  NotebookEdit: "notebook_edit",
  Skill: "skill",
  Agent: "agent",
  Task: "agent",
};

const QWEN_TO_CLAUDE: ReadonlyMap<string, string> = new Map(
  // The first Claude name wins (`agent` is Agent, not Task).
  Object.entries(CLAUDE_TO_QWEN_TOOL)
    .reverse()
    .map(([claude, qwen]) => [qwen, claude]),
);

/** Qwen Code's name for a scripted tool (Claude Code's name, or Qwen's own, which passes through). */
export function qwenToolName(tool: string): string {
  return Object.hasOwn(CLAUDE_TO_QWEN_TOOL, tool) ? CLAUDE_TO_QWEN_TOOL[tool]! : tool;
}

/** Claude Code's name for a tool Qwen Code reports; unknown names pass through. */
export function claudeToolOf(qwenTool: string): string {
  return QWEN_TO_CLAUDE.get(qwenTool) ?? qwenTool;
}

/** The tools 0.24.4 offers the model in a headless run (the init event's `tools`). */
export const QWEN_BUILTIN_TOOLS: readonly string[] = [
  "agent",
  "edit",
  "glob",
  "grep_search",
  "list_directory",
  "notebook_edit",
  "read_file",
  "run_shell_command",
  "skill",
  "todo_write",
  "web_fetch",
  "web_search",
  "write_file",
  "tool_search",
  "tool_call",
  "get_goal",
  "update_goal",
  "list_agents",
  "zoom_image",
  "read_mcp_resource",
  "enter_worktree",
  "exit_worktree",
  "record_artifact",
  "cron_list",
  "cron_create",
  "cron_delete",
  "send_message",
  "loop_wakeup",
  "monitor",
  "report_findings",
  "task_stop",
];

/**
 * The other names a hook matcher may give each tool, compared exactly (0.24.4's TOOL_NAME_ALIASES,
 * which hookPlanner passes to the matcher): Claude Code's names, Qwen's display names, legacy names.
 */
export const QWEN_TOOL_ALIASES: Readonly<Record<string, readonly string[]>> = {
  run_shell_command: ["Shell", "ShellTool", "Bash"],
  write_file: ["WriteFile", "WriteFileTool", "Write"],
  edit: ["Edit", "EditTool", "replace"],
  read_file: ["ReadFile", "ReadFileTool", "Read"],
  glob: ["Glob", "GlobTool", "FindFiles"],
  grep_search: ["Grep", "GrepTool", "search_file_content", "SearchFiles"],
  list_directory: ["ListFiles", "ListFilesTool", "ReadFolder"],
  web_fetch: ["WebFetch", "WebFetchTool"],
  web_search: ["WebSearch", "WebSearchTool"],
  todo_write: ["TodoList", "TodoWrite", "TodoWriteTool"],
  notebook_edit: ["NotebookEdit", "NotebookEditTool"],
  skill: ["Skill", "SkillTool"],
  agent: ["Agent", "AgentTool", "task", "Task", "TaskTool"],
};

/** The exact aliases of one of Qwen's tools. */
export function qwenToolAliases(tool: string): readonly string[] {
  return Object.hasOwn(QWEN_TOOL_ALIASES, tool) ? QWEN_TOOL_ALIASES[tool]! : [];
}
