/**
 * Each harness's own spelling of what the conformance corpus needs: its event and tool names, the
 * file its hooks are registered in and that file's shape, the id `vigiles explain --harness` takes,
 * and its adapter for the real run. One row per harness, so the corpus tables stay harness-neutral.
 */
import type { HarnessAdapter } from "../../src/entries/adapter.js";
import { claudeCodeAdapter } from "../../src/entries/claude-code.js";
import { codexAdapter } from "../../src/entries/codex.js";
import { copilotAdapter } from "../../src/entries/copilot.js";
import { geminiAdapter } from "../../src/entries/gemini.js";
import { qwenAdapter } from "../../src/entries/qwen.js";

export const CONFORMANCE_HARNESSES = ["claude-code", "codex", "copilot", "gemini", "qwen-code"] as const;
export type ConformanceHarness = (typeof CONFORMANCE_HARNESSES)[number];

/** The moments a case's hook is registered for, named neutrally; each harness names them its way. */
export type EventRole = "preTool" | "postTool" | "sessionStart" | "prompt" | "stop";

/** The tools a scripted turn calls, in Claude Code's names (the adapters translate a script). */
export type ScriptedTool = "Bash" | "Write";

/** How a Copilot hook entry is written: Copilot's own flat entry, or the Claude-style nested group. */
export type EntryShape = "group" | "flat";

/** One hook registration of the corpus: where it goes, its matcher, its command. */
export interface CaseRegistration {
  readonly event: string;
  /** Undefined: the key is left out. */
  readonly matcher: string | undefined;
  readonly command: string;
  readonly shape: EntryShape;
}

export interface HarnessForm {
  readonly id: ConformanceHarness;
  /** What `vigiles explain --harness` takes. */
  readonly explainId: string;
  readonly adapter: HarnessAdapter;
  readonly events: Readonly<Record<EventRole, string>>;
  /** The tool name the harness sends its hooks for each scripted tool. */
  readonly tools: Readonly<Record<ScriptedTool, string>>;
  /** The payload fields of a scripted call, in the harness's hook input (for the free prediction). */
  readonly toolInput: (tool: ScriptedTool) => Record<string, unknown>;
  /** The hook config file(s) holding `registrations`, relative to the project root. */
  readonly configFiles: (registrations: readonly CaseRegistration[]) => Record<string, string>;
  /** The registration as the config file holds it (what runHook gets as `{ registration }`). */
  readonly configObject: (registrations: readonly CaseRegistration[]) => Record<string, unknown>;
  /** Copilot writes flat entries too; the others have only groups. */
  readonly shapes: readonly EntryShape[];
}

const group = (r: CaseRegistration) => ({
  ...(r.matcher !== undefined ? { matcher: r.matcher } : {}),
  hooks: [{ type: "command", command: r.command }],
});

const flat = (r: CaseRegistration) => ({
  type: "command",
  bash: r.command,
  ...(r.matcher !== undefined ? { matcher: r.matcher } : {}),
});

function byEvent(
  registrations: readonly CaseRegistration[],
  entry: (r: CaseRegistration) => unknown,
): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const r of registrations) (out[r.event] ??= []).push(entry(r));
  return out;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Claude Code, Codex and Gemini CLI: `{ hooks: { Event: [group…] } }` in one settings-like file. */
function settingsShaped(file: string): Pick<HarnessForm, "configFiles" | "configObject"> {
  const configObject = (rs: readonly CaseRegistration[]) => ({ hooks: byEvent(rs, group) });
  return { configObject, configFiles: (rs) => ({ [file]: json(configObject(rs)) }) };
}

const writeInput = { file_path: "written.txt", content: "conformance\n" };

const claudeCode: HarnessForm = {
  id: "claude-code",
  explainId: "claude-code",
  adapter: claudeCodeAdapter,
  events: {
    preTool: "PreToolUse",
    postTool: "PostToolUse",
    sessionStart: "SessionStart",
    prompt: "UserPromptSubmit",
    stop: "Stop",
  },
  tools: { Bash: "Bash", Write: "Write" },
  toolInput: (tool) => (tool === "Bash" ? { command: "echo hi >> ran.txt" } : writeInput),
  ...settingsShaped(".claude/settings.json"),
  shapes: ["group"],
};

const codex: HarnessForm = {
  id: "codex",
  explainId: "codex",
  adapter: codexAdapter,
  events: {
    preTool: "PreToolUse",
    postTool: "PostToolUse",
    sessionStart: "SessionStart",
    prompt: "UserPromptSubmit",
    stop: "Stop",
  },
  // Codex edits files with its apply_patch tool; vigiles' mock turns a scripted Write into one.
  tools: { Bash: "Bash", Write: "apply_patch" },
  toolInput: (tool) => (tool === "Bash" ? { command: "echo hi >> ran.txt" } : writeInput),
  // A project `.codex/hooks.json`: the adapter records and trusts it by hash (hook-trust.ts).
  ...settingsShaped(".codex/hooks.json"),
  shapes: ["group"],
};

const copilotObject = (rs: readonly CaseRegistration[]) => ({
  version: 1,
  hooks: byEvent(rs, (r) => (r.shape === "flat" ? flat(r) : group(r))),
});

const copilot: HarnessForm = {
  id: "copilot",
  explainId: "copilot-cli",
  adapter: copilotAdapter,
  events: {
    preTool: "preToolUse",
    postTool: "postToolUse",
    sessionStart: "sessionStart",
    prompt: "userPromptSubmitted",
    stop: "agentStop",
  },
  tools: { Bash: "bash", Write: "create" },
  toolInput: (tool) =>
    tool === "Bash"
      ? { command: "echo hi >> ran.txt", description: "echo hi >> ran.txt" }
      : { path: "written.txt", file_text: "conformance\n" },
  configObject: copilotObject,
  configFiles: (rs) => ({ ".github/hooks/conformance.json": json(copilotObject(rs)) }),
  shapes: ["group", "flat"],
};

const gemini: HarnessForm = {
  id: "gemini",
  explainId: "gemini",
  adapter: geminiAdapter,
  events: {
    preTool: "BeforeTool",
    postTool: "AfterTool",
    sessionStart: "SessionStart",
    prompt: "BeforeAgent",
    stop: "AfterAgent",
  },
  tools: { Bash: "run_shell_command", Write: "write_file" },
  toolInput: (tool) => (tool === "Bash" ? { command: "echo hi >> ran.txt" } : writeInput),
  ...settingsShaped(".gemini/settings.json"),
  shapes: ["group"],
};

// Qwen Code reads Claude Code's event names; its hooks see its own tool names, and its file tools
// take absolute paths (the mock joins a script's relative path to the working directory).
const qwen: HarnessForm = {
  id: "qwen-code",
  explainId: "qwen-code",
  adapter: qwenAdapter,
  events: claudeCode.events,
  tools: { Bash: "run_shell_command", Write: "write_file" },
  toolInput: (tool) => (tool === "Bash" ? { command: "echo hi >> ran.txt" } : writeInput),
  ...settingsShaped(".qwen/settings.json"),
  shapes: ["group"],
};

export const HARNESS_FORMS: Readonly<Record<ConformanceHarness, HarnessForm>> = {
  "claude-code": claudeCode,
  codex,
  copilot,
  gemini,
  "qwen-code": qwen,
};

/** `copilot-cli` is accepted for `copilot`, as `vigiles explain` does. */
export function conformanceHarness(name: string): ConformanceHarness | undefined {
  if (name === "copilot-cli") return "copilot";
  return (CONFORMANCE_HARNESSES as readonly string[]).includes(name)
    ? (name as ConformanceHarness)
    : undefined;
}
