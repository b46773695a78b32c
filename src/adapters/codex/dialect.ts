/**
 * Codex's hook dialect (0.169.0): Claude Code's answer shapes and matchers on fewer events, with its
 * own strictness: a block needs a reason, `ask` and `continue:false` on PreToolUse are rejected.
 */
import { dialectEventRules } from "../../core/dialect.js";
import type { HookDialect } from "../../core/dialect.js";
import { foldClaudeShaped } from "../../core/hook-decision/fold.js";
import type { ClaudeShapedProfile } from "../../core/hook-decision/profile.js";
import { CODEX_EVENTS } from "./dialect/events.js";

const byName = new Map(CODEX_EVENTS.map((e) => [e.name, e.rules]));

const profile: ClaudeShapedProfile = {
  displayName: "Codex",
  rules: (event) => byName.get(event),
  asyncAnswers: false,
  exit2NeedsStderr: true,
  askRejected: true,
  denyNeedsReason: true,
  continueFalseRejectedOn: ["PreToolUse"],
  decisionOnEveryEvent: false,
};

export const codexDialect: HookDialect = {
  harness: "codex",
  displayName: "Codex",
  events: CODEX_EVENTS,
  // Codex 0.169.0: names only with `|` (`a,b`, `a | b` and ` Bash ` are regexes and match nothing;
  // `Bas` is a name, `Bas.*` and `.` regexes), measured in conformance runs.
  matcherRule: "pipe-names-or-regex",
  subjectlessMatcher: "never-fires",
  toolNames: {},
  timeout: { unit: "s", field: "timeout", defaultSeconds: 600 },
  handlers: { commandFields: ["command"], typeOptional: false, configKeys: [], flatEntries: false },
  shell: "sh",
  // Codex 0.169.0 sets no project-dir variable for a hook (conformance runs); its cwd is the project.
  hookEnv: () => ({}),
  unsetVariables: [],
  payload: (completed) => ({ ...completed }),
  fold: (input) => foldClaudeShaped(input, profile),
  verdictMeaning: (event) => {
    const rules = dialectEventRules(codexDialect, event);
    if (rules === undefined)
      return `Codex has no hook event named ${JSON.stringify(event)}: the hook never runs`;
    return rules.exit2Blocks
      ? `exit 2 with a non-empty stderr, or a JSON deny, blocks ${event}`
      : `exit 2 blocks nothing on ${event} under Codex`;
  },
  pluginRootPlaceholders: ["${CLAUDE_PLUGIN_ROOT}"],
  pluginCommandVariables: [],
  auditRules: [],
};
