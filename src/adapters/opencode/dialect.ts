/**
 * OpenCode's hook dialect (1.18.33). Its hooks are not commands but in-process plugin functions, so
 * the process-shaped parts of the interface are read by a convention: a hook call that returned is
 * exit 0, one that threw is exit 2 with the message on stderr; there is no matcher (a plugin decides
 * inside its function which tools it guards), no timeout (OpenCode awaits the function), no shell and
 * no environment of its own (the function runs in OpenCode's process). Events, tool names and what a
 * throw does per event are in dialect/rules.ts; the fold in dialect/fold.ts.
 */
import type { DialectEvent, HookDialect } from "../../core/dialect.js";
import { eventRulesOf } from "../../core/hook-decision/event-rules.js";
import { openCodeHookRules } from "./dialect/audit-rules.js";
import { foldOpenCodeHook } from "./dialect/fold.js";
import { openCodeMeaning } from "./dialect/meaning.js";
import { OPENCODE_EVENT_RULES } from "./dialect/rules.js";
import { CLAUDE_TO_OPENCODE_TOOL } from "./mock/tool-names.js";

const OPENCODE_EVENTS: readonly DialectEvent[] = Object.entries(OPENCODE_EVENT_RULES).map(([name, r]) => ({
  name,
  rules: eventRulesOf({ exit2Blocks: r.blocks !== undefined }),
  ...(r.claudeEvent !== undefined ? { claudeEvent: r.claudeEvent } : {}),
  // tool.execute.after's throw comes after the tool ran: the action itself is not stopped.
  ...(r.blocks === "result" ? { exit2StopsAction: false } : {}),
}));

export const openCodeDialect: HookDialect = {
  harness: "opencode",
  displayName: "OpenCode",
  events: OPENCODE_EVENTS,
  // Plugins have no matchers; a matcher written anyway is ignored.
  matcherRule: "exact",
  subjectlessMatcher: "ignored",
  toolNames: CLAUDE_TO_OPENCODE_TOOL,
  knownTools: ["bash", "edit", "glob", "grep", "read", "skill", "task", "todowrite", "webfetch", "write"],
  // OpenCode awaits a plugin function until it settles: no timeout of its own.
  timeout: { unit: "s", field: "timeout", defaultSeconds: Number.POSITIVE_INFINITY },
  handlers: { commandFields: [], typeOptional: false, configKeys: [], flatEntries: false },
  shell: "sh",
  hookEnv: () => ({}),
  unsetVariables: [],
  // The plugin receives (input, output): `input.tool` in OpenCode's names, `output.args` its arguments.
  payload: (completed) => ({
    ...completed,
    ...(typeof completed["tool_name"] === "string"
      ? { tool_name: CLAUDE_TO_OPENCODE_TOOL[completed["tool_name"]] ?? completed["tool_name"] }
      : {}),
  }),
  fold: (input) => foldOpenCodeHook(input),
  verdictMeaning: (event) => openCodeMeaning(event),
  pluginRootPlaceholders: [],
  pluginCommandVariables: [],
  auditRules: openCodeHookRules,
};
