/**
 * GitHub Copilot CLI's hook dialect (1.0.102): camelCase events with PascalCase (VS Code-compatible)
 * aliases, a matcher that must match the whole tool name (its changelog: "hooks with matcher run only
 * for tool names that fully match the regex"), `timeoutSec`, its own payload (`toolName`, `toolArgs`)
 * and answers folded by its own protocol (dialect/fold.ts): any non-zero exit denies a preToolUse call.
 */
import { copilotMeaning } from "./dialect/meaning.js";
import type { DialectEvent, HookDialect } from "../../core/dialect.js";
import { eventRulesOf } from "../../core/hook-decision/event-rules.js";
import { copilotHookRules } from "./dialect/audit-rules.js";
import { foldCopilotHookDecision } from "./dialect/fold.js";
import { copilotHookPayload } from "./dialect/payload.js";
import {
  COPILOT_DEFAULT_TIMEOUT_SECONDS,
  COPILOT_PASCAL_EVENTS,
  copilotCanonicalEvent,
  copilotEventRules,
  copilotHookEvents,
  copilotUsesSnakeCase,
} from "./dialect/rules.js";

const TOOL_EVENTS = new Set(["preToolUse", "postToolUse", "postToolUseFailure", "permissionRequest"]);
const CAMEL_TO_CLAUDE = new Map(
  Object.entries(COPILOT_PASCAL_EVENTS).map(([claude, camel]) => [camel, claude]),
);

/** Copilot's tool names by Claude Code's (a real 1.0.102 request's tool schemas). */
export const COPILOT_TOOL_NAMES: Readonly<Record<string, string>> = {
  Bash: "bash",
  Write: "create",
  Edit: "edit",
  Read: "view",
  Task: "task",
  Agent: "task",
  Skill: "skill",
  Glob: "glob",
  Grep: "grep",
};

function eventOf(name: string): DialectEvent {
  const canonical = copilotCanonicalEvent(name) ?? name;
  const r = copilotEventRules(name)!;
  const snake = copilotUsesSnakeCase(name);
  const subject = TOOL_EVENTS.has(canonical)
    ? snake
      ? "tool_name"
      : "toolName"
    : canonical === "notification"
      ? "notification_type"
      : undefined;
  const claude = snake ? name : CAMEL_TO_CLAUDE.get(canonical);
  return {
    name,
    rules: eventRulesOf({
      exit2Blocks: r.exit === "nonzero-denies",
      permissionDecision: r.permissionDecision,
      legacyDecision: r.blockDecision,
      permissionRequest: r.behavior,
      additionalContext: r.additionalContext,
    }),
    ...(claude !== undefined && claude !== name ? { claudeEvent: claude } : {}),
    ...(subject !== undefined ? { matcherSubject: subject } : {}),
    // Measured on the PascalCase PreToolUse only (test/copilot/copilot-pascal-matcher.test.ts).
    ...(snake && canonical === "preToolUse" ? { matcherTakesClaudeToolNames: true } : {}),
  };
}

export const copilotDialect: HookDialect = {
  harness: "copilot-cli",
  displayName: "GitHub Copilot CLI",
  events: copilotHookEvents().map(eventOf),
  matcherRule: "whole-name",
  subjectlessMatcher: "ignored",
  toolNames: COPILOT_TOOL_NAMES,
  mcpToolName: (server, tool) => `${server}-${tool}`,
  timeout: { unit: "s", field: "timeoutSec", defaultSeconds: COPILOT_DEFAULT_TIMEOUT_SECONDS },
  // Copilot runs `bash` on Unix (`command` in Claude-style nested entries) and makes `type` optional.
  handlers: {
    commandFields: ["bash", "command"],
    typeOptional: true,
    configKeys: [],
    flatEntries: true,
    // A handler's `cwd` is where its command runs (test/audit/copilot-hooks-file-shape.test.ts).
    cwdField: "cwd",
  },
  shell: "bash",
  hookEnv: (projectDir) => ({ CLAUDE_PROJECT_DIR: projectDir, COPILOT_PROJECT_DIR: projectDir }),
  unsetVariables: [],
  payload: (completed) => copilotHookPayload(completed),
  fold: (input) => foldCopilotHookDecision(input),
  verdictMeaning: (event) => copilotMeaning(event),
  // A plugin hook gets its root as CLAUDE_PLUGIN_ROOT, PLUGIN_ROOT and COPILOT_PLUGIN_ROOT in its environment.
  pluginRootPlaceholders: [],
  pluginCommandVariables: [],
  auditRules: copilotHookRules,
};
