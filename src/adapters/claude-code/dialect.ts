/**
 * Claude Code's hook dialect: its events and matchers (read from the pinned binary, dialect/events.ts),
 * Claude-shaped answers folded with Claude Code's own reading, and hooks run under `sh -c` with
 * `CLAUDE_PROJECT_DIR` set.
 */
import { dialectEventRules } from "../../core/dialect.js";
import type { HookDialect } from "../../core/dialect.js";
import { foldClaudeShaped } from "../../core/hook-decision/fold.js";
import type { ClaudeShapedProfile } from "../../core/hook-decision/profile.js";
import { CLAUDE_CODE_EVENTS } from "./dialect/events.js";
import { SPECIFIC_OUTPUT_KEYS } from "./dialect/answer-keys.js";
import { CLAUDE_CODE_TOOLS } from "./dialect/tools.js";

const byName = new Map(CLAUDE_CODE_EVENTS.map((e) => [e.name, e.rules]));

const profile: ClaudeShapedProfile = {
  displayName: "Claude Code",
  rules: (event) => byName.get(event),
  asyncAnswers: true,
  exit2NeedsStderr: false,
  askRejected: false,
  denyNeedsReason: false,
  continueFalseRejectedOn: [],
  decisionOnEveryEvent: true,
  // 2.1.328 reads a JSON answer printed before exit 1 (or 3): a deny blocks, context reaches the
  // model (test/audit/json-nonzero-exit.test.ts).
  jsonOnErrorExit: true,
};

export const claudeCodeDialect: HookDialect = {
  harness: "claude-code",
  displayName: "Claude Code",
  events: CLAUDE_CODE_EVENTS,
  matcherRule: "names-or-regex",
  subjectlessMatcher: "ignored",
  // "allow" bypasses the permission system; "approve" is its legacy spelling (docs/hook-contract.md).
  allowSkipsPrompt: true,
  toolNames: {},
  knownTools: CLAUDE_CODE_TOOLS,
  // A command hook gets 600 s when its `timeout` (seconds) is not set.
  timeout: { unit: "s", field: "timeout", defaultSeconds: 600 },
  handlers: { commandFields: ["command"], typeOptional: false, configKeys: [], flatEntries: false },
  shell: "sh",
  // The answer schema of the pinned 2.1.328 binary (a zod object, which drops keys it does not name;
  // the async form is `{async: true, asyncTimeout}`); pinned by test/audit/answer-keys.test.ts.
  answerKeys: {
    topLevel: [
      "continue",
      "suppressOutput",
      "stopReason",
      "decision",
      "reason",
      "systemMessage",
      "terminalSequence",
      "hookSpecificOutput",
      "async",
      "asyncTimeout",
    ],
    underSpecific: ["permissionDecision", "permissionDecisionReason", "additionalContext", "updatedInput"],
    // hookSpecificOutput is a union by hookEventName: UserPromptSubmit's carries no `decision`, so a
    // block written there is dropped and the prompt goes through (a real run pins it,
    // test/harness/audit-rule-pins.test.ts); only PermissionRequest's carries one.
    underSpecificByEvent: SPECIFIC_OUTPUT_KEYS,
  },
  hookEnv: (projectDir) => ({ CLAUDE_PROJECT_DIR: projectDir }),
  unsetVariables: [],
  payload: (completed) => ({ ...completed }),
  fold: (input) => foldClaudeShaped(input, profile),
  verdictMeaning: (event) =>
    dialectEventRules(claudeCodeDialect, event)?.exit2Blocks
      ? `exit 2 blocks ${event}`
      : `exit 2 blocks nothing on ${event}`,
  pluginRootPlaceholders: ["${CLAUDE_PLUGIN_ROOT}"],
  pluginCommandVariables: [],
  auditRules: [],
};
