/**
 * Scripts are written once for every harness, in Claude Code's tool names. Gemini CLI 0.61.0 offers
 * its own (recorded from a real request's `functionDeclarations`): the shell is `run_shell_command
 * {command, description}`, files are `write_file`, `replace` (which requires an `instruction`) and
 * `read_file`, all keyed by `file_path`. This table maps both ways: scripts to the wire, and the
 * stream's calls back to Claude Code's names so one set of checks reads every harness.
 */

import { CLAUDE_TO_GEMINI_TOOL } from "../dialect/rules.js";

type Input = Readonly<Record<string, unknown>>;

interface ToolMapping {
  /** Gemini CLI's tool name. */
  readonly gemini: string;
  /** Claude Code's input as Gemini's arguments. */
  readonly toGemini: (input: Input) => Record<string, unknown>;
  /** Gemini's arguments as Claude Code's input. */
  readonly toClaude: (args: Input) => Record<string, unknown>;
}

const pick = (input: Input, ...keys: string[]): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (input[k] !== undefined) out[k] = input[k];
  return out;
};

const rename = (input: Input, from: string, to: string): Record<string, unknown> => {
  const { [from]: value, ...rest } = input;
  return value === undefined ? { ...rest } : { ...rest, [to]: value };
};

/** Claude Code tool name → its Gemini CLI counterpart. */
const CLAUDE_TO_GEMINI: Readonly<Record<string, ToolMapping>> = {
  Bash: {
    gemini: "run_shell_command",
    toGemini: (i) => ({
      ...pick(i, "command", "dir_path", "is_background"),
      description: typeof i["description"] === "string" ? i["description"] : "vigiles scripted command",
    }),
    toClaude: (a) => pick(a, "command"),
  },
  Write: {
    gemini: "write_file",
    toGemini: (i) => pick(i, "file_path", "content"),
    toClaude: (a) => pick(a, "file_path", "content"),
  },
  Edit: {
    gemini: "replace",
    toGemini: (i) => ({
      ...pick(i, "file_path", "old_string", "new_string"),
      instruction: typeof i["instruction"] === "string" ? i["instruction"] : "vigiles scripted edit",
      ...(i["replace_all"] === true ? { allow_multiple: true } : {}),
    }),
    toClaude: (a) => pick(a, "file_path", "old_string", "new_string"),
  },
  Read: {
    gemini: "read_file",
    toGemini: (i) => pick(i, "file_path"),
    toClaude: (a) => pick(a, "file_path"),
  },
  Glob: {
    gemini: "glob",
    toGemini: (i) => rename(pick(i, "pattern", "path"), "path", "dir_path"),
    toClaude: (a) => rename(pick(a, "pattern", "dir_path"), "dir_path", "path"),
  },
  Grep: {
    gemini: "grep_search",
    toGemini: (i) => rename(pick(i, "pattern", "path"), "path", "dir_path"),
    toClaude: (a) => rename(pick(a, "pattern", "dir_path"), "dir_path", "path"),
  },
  LS: {
    gemini: "list_directory",
    toGemini: (i) => rename(pick(i, "path"), "path", "dir_path"),
    toClaude: (a) => rename(pick(a, "dir_path"), "dir_path", "path"),
  },
  WebFetch: {
    gemini: "web_fetch",
    toGemini: (i) => ({
      prompt: [i["prompt"], i["url"]].filter((s) => typeof s === "string").join(" "),
    }),
    toClaude: (a) => pick(a, "prompt"),
  },
  WebSearch: {
    gemini: "google_web_search",
    toGemini: (i) => pick(i, "query"),
    toClaude: (a) => pick(a, "query"),
  },
  TodoWrite: {
    gemini: "write_todos",
    toGemini: (i) => pick(i, "todos"),
    toClaude: (a) => pick(a, "todos"),
  },
  Skill: {
    gemini: "activate_skill",
    toGemini: (i) => ({ name: i["skill"] ?? i["name"] }),
    toClaude: (a) => ({ skill: a["name"] }),
  },
};

const GEMINI_TO_CLAUDE: ReadonlyMap<string, { readonly claude: string; readonly mapping: ToolMapping }> =
  new Map(Object.entries(CLAUDE_TO_GEMINI).map(([claude, mapping]) => [mapping.gemini, { claude, mapping }]));

/** A scripted call (Claude Code's name, or Gemini's own, which passes through) as Gemini's function call. */
export function toGeminiCall(tool: string, input: Input): { name: string; args: Record<string, unknown> } {
  const mapping = Object.hasOwn(CLAUDE_TO_GEMINI, tool) ? CLAUDE_TO_GEMINI[tool] : undefined;
  if (mapping) return { name: mapping.gemini, args: mapping.toGemini(input) };
  // A tool the dialect names (Task → invoke_agent) but whose arguments have no measured mapping keeps its input.
  const name = Object.hasOwn(CLAUDE_TO_GEMINI_TOOL, tool) ? CLAUDE_TO_GEMINI_TOOL[tool]! : tool;
  return { name, args: { ...input } };
}

/** A call Gemini CLI reports (its own name) in Claude Code's name and input; unknown names pass through. */
export function toClaudeCall(name: string, args: Input): { name: string; input: Record<string, unknown> } {
  const known = GEMINI_TO_CLAUDE.get(name);
  if (known) return { name: known.claude, input: known.mapping.toClaude(args) };
  return { name, input: { ...args } };
}

/** Every Claude Code tool name with a Gemini counterpart. */
export const MAPPED_CLAUDE_TOOLS: readonly string[] = Object.keys(CLAUDE_TO_GEMINI);
