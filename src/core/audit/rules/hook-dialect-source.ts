/**
 * Rules over a hook's source read against its harness's dialect, each written once for every
 * harness: payload fields the harness never sends on the event (`dialect.payload`), bash-only syntax
 * in a script or command the harness runs under `sh` (`dialect.shell`), and a `continue: false`
 * beside a block on a stop event (`dialect.fold`).
 */
import { claudeEventName, dialectEvent } from "../../dialect.js";
import { findScriptWord } from "../command-words.js";
import { finding } from "../finding.js";
import type { HookRegistration } from "../hooks-config.js";
import type { LintFinding, LintRuleMeta, SourceRange } from "../types.js";
import { checkHookScript, type HookScriptInput } from "./hook-script.js";
import { checkHookOutput } from "./hook-output.js";
import { checkHandlerCwd, type HandlerDir } from "./hook-cwd.js";
import { checkPluginRootQuoting } from "./hook-registration.js";
import { checkAnswerKeys } from "./hook-answer-keys.js";
import { checkSubjectMatcher } from "./hook-matcher.js";
import { checkOutputReachesNoOne } from "./output-reaches-no-one.js";
import { checkHomePath } from "./home-path.js";

// Claude Code, Codex, Gemini CLI and Qwen Code send `tool_name`/`tool_input`; Copilot CLI 1.0.102
// sends `toolName`/`toolArgs` (an object, pinned by test/copilot/copilot-payload-shape.test.ts) under
// its camelCase events, and the snake_case fields under their PascalCase aliases. Claude Code 2.1.328
// sends `tool_response`, `transcript_path` and `last_assistant_message`, never `tool_output`,
// `transcript` or `agent_output` (its hook input schemas, its dialect's `payloadFields`; a real run in
// test/harness/audit-rule-pins.test.ts).
export const payloadFieldUnsentRule: LintRuleMeta = {
  id: "payload-field-unsent",
  severity: "error",
  behaviour:
    "Each harness sends its own payload on each event (its dialect's `payloadFields`, else its `payload`): most " +
    "send `tool_name`, `tool_input` and `tool_response`, some send `toolName`, `toolArgs` and `toolResult` under " +
    "their own event names, and none sends `tool_output`, `transcript` or `agent_output`. A hook that reads only " +
    "another harness's field, or one no harness sends, gets null: a guard never blocks, a check never sees the " +
    "output, or, under `set -e`, the hook crashes on every call (where a crash denies, every call).",
  fix: "Read the field this harness sends on the event (or both: `.tool_input // .toolArgs`).",
  autofix: false,
  source:
    "each dialect's payloadFields (Claude Code: its binary's hook input schemas) or payload(), with the stdin of " +
    "each pinned by a real run of the pinned CLI",
};

// Claude Code 2.1.328 and Codex run shell-form commands under /bin/sh (`shell: "sh"` in their dialects).
export const bashSyntaxUnderShRule: LintRuleMeta = {
  id: "bash-syntax-under-sh",
  severity: "error",
  behaviour:
    "A harness whose dialect runs shell-form commands under /bin/sh (dash on Debian and Ubuntu) does so even with " +
    "SHELL=/bin/bash; a script with a `#!/bin/sh` line, or none, run directly, or run as `sh script`, is sh too. " +
    'There `[[ … ]]` is "[[: not found": the test is false and the hook silently skips its check, and `<<<` is a ' +
    "syntax error (exit 2, which blocks on events where exit 2 blocks).",
  fix: "Use POSIX tests (`[ … ]`, `case`) and pipes instead of `<<<`, or run the script with bash (`#!/usr/bin/env bash`, or `bash script.sh` in the command).",
  autofix: false,
  source: "each dialect's `shell`; `[[: not found` under dash seen in real runs of the sh-shell harness",
};

export const continueFalseBlockRule: LintRuleMeta = {
  id: "continue-false-cancels-block",
  severity: "error",
  behaviour:
    'On Stop and SubagentStop, `{"decision": "block"}` keeps the model going, but `"continue": false` beside it ' +
    "ends the session: the block is cancelled and the turn ends, the opposite of what the hook asks.",
  fix: 'Drop `"continue": false` to keep the model going; keep only `"continue": false` (with `stopReason`) to end the session.',
  autofix: false,
  source:
    "each dialect's fold: continue:false halts before a block is honoured (core/hook-decision/fold-json.ts)",
};

export const hookDialectSourceRules: readonly LintRuleMeta[] = [
  payloadFieldUnsentRule,
  bashSyntaxUnderShRule,
  continueFalseBlockRule,
];

/**
 * The names hook authors use for one payload field: each harness's own (Claude Code's `tool_response`,
 * Copilot CLI's `toolResult`, Gemini CLI's `prompt_response`) and names no harness sends that hooks
 * in the wild read (`tool_output`, `transcript`, `agent_output`). A read of one is reported only
 * where the event's payload carries another name of the same field and the script reads none of those.
 */
const PAYLOAD_FIELDS: readonly { readonly what: string; readonly names: readonly string[] }[] = [
  { what: "the tool's input", names: ["tool_input", "toolArgs", "toolInput"] },
  { what: "the tool's name", names: ["tool_name", "toolName"] },
  {
    what: "the tool's result",
    names: ["tool_response", "toolResult", "tool_output", "toolOutput", "toolResponse"],
  },
  { what: "the transcript's path", names: ["transcript_path", "transcriptPath", "transcript"] },
  {
    what: "the agent's last message",
    names: ["last_assistant_message", "prompt_response", "agent_output", "agentOutput"],
  },
];

function codeOnly(source: string): string {
  return source
    .split("\n")
    .filter((l) => !/^\s*(#|\/\/)/.test(l))
    .join("\n");
}

/**
 * Where the code reads `name` as a field: `.name` (jq, JavaScript, Python attributes), `["name"]`,
 * `.get("name"` or `"name" in`; not a local variable, and not a key the script writes.
 */
function reads(code: string, name: string): number {
  const m = new RegExp(
    `\\.${name}(?![A-Za-z0-9_])|\\[\\s*["']${name}["']\\s*\\]|get\\(\\s*["']${name}["']|["']${name}["']\\s+in\\b`,
  ).exec(code);
  return m === null ? -1 : m.index;
}

/** Whether `name` occurs anywhere in the code as a word: a read in any form, counted generously. */
function mentions(code: string, name: string): boolean {
  return new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`).test(code);
}

function lineAt(source: string, index: number): number {
  return source.slice(0, index).split("\n").length;
}

/**
 * The top-level fields the harness sends a hook on `reg.event`: the event's pinned `payloadFields`,
 * else, on a tool event, the dialect's `payload()` of a Claude-shaped tool event.
 */
function sentFields(reg: HookRegistration): ReadonlySet<string> | undefined {
  const pinned = dialectEvent(reg.dialect, reg.event)?.payloadFields;
  if (pinned !== undefined) return new Set(pinned);
  const claudeEvent = claudeEventName(reg.dialect, reg.event);
  if (claudeEvent !== "PreToolUse" && claudeEvent !== "PostToolUse") return undefined;
  const payload = reg.dialect.payload({
    hook_event_name: reg.event,
    session_id: "s",
    cwd: "/p",
    tool_name: "Bash",
    tool_input: { command: "true" },
    ...(claudeEvent === "PostToolUse" && { tool_response: { stdout: "" } }),
  });
  return new Set(Object.keys(payload));
}

/**
 * Payload fields `text` (a script, or a command that reads stdin itself) reads under a name the
 * registration's harness never sends, where it reads no name it does; `at` places the finding.
 */
function unsentFieldFindings(
  reg: HookRegistration,
  text: string,
  at: (index: number) => { readonly file: string; readonly range?: SourceRange },
): LintFinding[] {
  const sent = sentFields(reg);
  if (sent === undefined) return [];
  const code = codeOnly(text);
  const out: LintFinding[] = [];
  for (const field of PAYLOAD_FIELDS) {
    const read = field.names.filter((n) => reads(code, n) >= 0);
    if (read.length === 0 || field.names.some((n) => sent.has(n) && mentions(code, n))) continue;
    const sentName = field.names.find((n) => sent.has(n));
    if (sentName === undefined) continue;
    const first = read[0] as string;
    const where = at(reads(text, first));
    out.push(
      finding(
        payloadFieldUnsentRule,
        where.file,
        where.range,
        `Reads ${read.map((n) => `\`${n}\``).join(" and ")} for ${field.what}, but ${reg.dialect.displayName} sends it ` +
          `as \`${sentName}\` on ${reg.event}: the hook reads null.`,
        { fix: `Read \`${sentName}\` (or both: \`.${first} // .${sentName}\`).` },
      ),
    );
  }
  return out;
}

/** Payload fields the script reads under a name its harness never sends, where it reads no name it does. */
function checkPayloadFields(input: HookScriptInput, source: string): LintFinding[] {
  return unsentFieldFindings(input.registration, source, (index) => ({
    file: input.file,
    range: { line: lineAt(source, index), column: 1 },
  }));
}

/**
 * The same over a shell-form command that reads the payload itself (`jq -r .tool_input.command | …`),
 * for every harness: the command is the hook, so a field its harness never sends reads null.
 */
export function checkCommandPayloadFields(reg: HookRegistration): LintFinding[] {
  if (reg.command === undefined) return [];
  return unsentFieldFindings(reg, reg.command, () => ({
    file: reg.file,
    ...(reg.commandRange !== undefined && { range: reg.commandRange }),
  }));
}

const BASH_ONLY: readonly { readonly pattern: RegExp; readonly what: string }[] = [
  { pattern: /(?:^|[\s;&|(!])\[\[\s/, what: "`[[ … ]]`" },
  { pattern: /<<<\s*\S/, what: "a here-string (`<<<`)" },
];

/** The shell a script runs under: its interpreter word, its shebang, or the harness's shell. */
function scriptShell(input: HookScriptInput, source: string): string | undefined {
  const command = input.registration.command;
  const word = command === undefined ? undefined : findScriptWord(command);
  if (word !== undefined && !word.direct) return word.interpreter;
  const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(source);
  if (shebang === null) return input.registration.dialect.shell;
  const program = (shebang[1] ?? "").split("/").pop();
  return program === "env" ? shebang[2] : program;
}

function firstBashOnly(text: string): { index: number; what: string } | undefined {
  for (const b of BASH_ONLY) {
    const m = b.pattern.exec(text);
    if (m !== null) return { index: m.index, what: b.what };
  }
  return undefined;
}

/** Bash-only syntax in a script that runs under sh. */
function checkBashUnderSh(input: HookScriptInput, source: string): LintFinding[] {
  if (input.language !== "shell" || scriptShell(input, source) !== "sh") return [];
  const lines = source.split("\n");
  const index = lines.findIndex((l) => !/^\s*#/.test(l) && firstBashOnly(l) !== undefined);
  if (index < 0) return [];
  const what = firstBashOnly(lines[index] as string)?.what ?? "bash syntax";
  return [
    finding(
      bashSyntaxUnderShRule,
      input.file,
      { line: index + 1, column: 1 },
      `This script runs under sh but uses ${what} (line ${index + 1}): on dash that is "not found" or a syntax ` +
        "error, so the hook silently skips its check or fails.",
    ),
  ];
}

/** Bash-only syntax in a shell-form command the harness runs under sh. */
export function checkCommandShell(reg: HookRegistration): LintFinding[] {
  if (reg.command === undefined || reg.dialect.shell !== "sh") return [];
  const hit = firstBashOnly(reg.command);
  if (hit === undefined) return [];
  return [
    finding(
      bashSyntaxUnderShRule,
      reg.file,
      reg.commandRange,
      `${reg.dialect.displayName} runs this command under /bin/sh, which has no ${hit.what}: on dash the hook silently skips its check or fails.`,
      { fix: "Use `[ … ]` or `case`, or wrap the command: `bash -c '…'`, or move it into a bash script." },
    ),
  ];
}

const CONTINUE_FALSE = /["']?continue["']?\s*[:=]\s*(?:false|False)\b/;
const BLOCK = /["']?decision["']?\s*[:=]\s*\\?["']block\\?["']/;

/** A `continue: false` within a few lines of a block decision, on an event where the dialect halts first. */
function checkContinueFalseBlock(input: HookScriptInput, source: string): LintFinding[] {
  const reg = input.registration;
  const claudeEvent = claudeEventName(reg.dialect, reg.event);
  if (claudeEvent !== "Stop" && claudeEvent !== "SubagentStop") return [];
  const lines = source.split("\n");
  const at = lines.findIndex(
    (l, i) =>
      CONTINUE_FALSE.test(l) && lines.slice(Math.max(0, i - 4), i + 5).some((near) => BLOCK.test(near)),
  );
  if (at < 0) return [];
  const folded = reg.dialect.fold({
    event: reg.event,
    exitCode: 0,
    stdout: JSON.stringify({ continue: false, decision: "block", reason: "r" }),
    stderr: "",
    timedOut: false,
    harness: reg.harness,
  });
  if (!folded.halted) return [];
  return [
    finding(
      continueFalseBlockRule,
      input.file,
      { line: at + 1, column: 1 },
      `This ${reg.event} hook answers "continue": false beside "decision": "block": ${reg.dialect.displayName} ends the session, so the block never keeps the model going.`,
    ),
  ];
}

/** Every dialect-read rule over one hook script. */
export function checkHookDialectSource(input: HookScriptInput): LintFinding[] {
  const source = input.source;
  if (source === undefined || input.language === "other") return [];
  return [
    ...checkPayloadFields(input, source),
    ...checkBashUnderSh(input, source),
    ...checkContinueFalseBlock(input, source),
    ...checkAnswerKeys(input, source),
  ];
}

/**
 * The rules that hold for every harness, over a registration from a hook file its harness reads
 * with rules of its own (Copilot CLI, Gemini CLI): the quoting of the plugin root, a matcher that
 * can never match its event's subject, the command's shell, text printed where no one reads it, a
 * user's home path in a shared file, and the script read against the dialect. Findings about one
 * script come once.
 */
export function checkOwnRuleRegistrations(
  registrations: readonly HookRegistration[],
  scriptOf: (reg: HookRegistration) => HookScriptInput | undefined,
  handlerDirOf?: (reg: HookRegistration) => HandlerDir | undefined,
): LintFinding[] {
  const seen = new Set<string>();
  const out: LintFinding[] = [];
  for (const reg of registrations) {
    const dir = handlerDirOf?.(reg);
    // A hook that never starts runs no script: its script's findings would be about nothing.
    const starts = dir?.exists !== false;
    const script = reg.type === "command" && starts ? scriptOf(reg) : undefined;
    for (const f of [
      ...checkHandlerCwd(reg, dir),
      ...checkPluginRootQuoting(reg),
      ...checkSubjectMatcher(reg),
      ...checkCommandShell(reg),
      ...checkCommandPayloadFields(reg),
      ...checkOutputReachesNoOne(reg),
      ...checkHomePath(reg),
      ...(script !== undefined
        ? [...checkHookScript(script, false), ...checkHookOutput(script), ...checkHookDialectSource(script)]
        : []),
    ]) {
      const key = `${f.ruleId}\0${f.file}\0${f.range?.line ?? ""}\0${f.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(f);
    }
  }
  return out;
}
