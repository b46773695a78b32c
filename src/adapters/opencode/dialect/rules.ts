/**
 * OpenCode 1.18.33's plugin events as data. A plugin is a module whose exported function returns an
 * object of hook functions; OpenCode awaits each plugin's function for an event in load order, and a
 * throw stops the rest. Pinned by test/opencode/opencode-plugins.test.ts: a throw in
 * `tool.execute.before` blocks the call (the model gets the thrown message as the tool's result);
 * `tool.execute.after` runs only after a tool that returned (not for a blocked call, nor for a tool
 * that failed by itself, such as a read of a missing file; a bash command exiting non-zero returned,
 * so it is seen); arguments changed in `output.args` are what the tool runs with. The other events'
 * triggers are in the binary (`trigger("chat.params" …)`) but what a throw does there is not pinned.
 */

/** What a throw in the event stops. */
export type OpenCodeBlocks = "call" | "result";

export interface OpenCodeEventRule {
  /** Claude Code's name for the same moment, where there is one. */
  readonly claudeEvent?: string;
  /** What a throw stops (undefined: not pinned, or nothing). */
  readonly blocks?: OpenCodeBlocks;
  /** What the hook may change in its `output` argument. */
  readonly changes?: string;
}

/** The pseudo-event vigiles records a plugin's load under (OpenCode has no hook for it). */
export const OPENCODE_PLUGIN_LOAD = "plugin.load";

export const OPENCODE_EVENT_RULES: Readonly<Record<string, OpenCodeEventRule>> = {
  "tool.execute.before": {
    claudeEvent: "PreToolUse",
    blocks: "call",
    changes: "output.args (the tool runs with the changed arguments)",
  },
  "tool.execute.after": {
    claudeEvent: "PostToolUse",
    blocks: "result",
    changes: "output.output, output.title, output.metadata (what the model gets)",
  },
  "chat.message": { claudeEvent: "UserPromptSubmit" },
  "chat.params": {},
  "chat.headers": {},
  "command.execute.before": {},
  "permission.ask": {},
  "shell.env": {},
  "tool.definition": {},
  "experimental.chat.system.transform": {},
  "experimental.chat.messages.transform": {},
  "experimental.session.compacting": {},
  "experimental.text.complete": {},
  event: {},
  [OPENCODE_PLUGIN_LOAD]: {},
};

/** What a throw stops, per event (for the fires' `blocked`). */
export const OPENCODE_EVENT_BLOCKS: Readonly<Record<string, OpenCodeBlocks | undefined>> = Object.fromEntries(
  Object.entries(OPENCODE_EVENT_RULES).map(([name, rule]) => [name, rule.blocks]),
);
