// Type tests: a category mistake in a hook program must not compile. `tsc -p` on this folder fails
// if any @ts-expect-error line compiles cleanly (an unused directive is an error).
import {
  allow,
  ask,
  deny,
  experimental_defineHook,
  inject,
  notice,
  nothing,
  runHookProgram,
  type HookProgramOutcome,
} from "../../../src/entries/hook.js";

// The legal answers compile.
export const gate = experimental_defineHook({
  on: "PreToolUse",
  decide: (e) =>
    e.command.runs("git push", { force: true }) ? deny("no") : e.path.under("src") ? ask("sure?") : allow(),
});
export const injector = experimental_defineHook({
  on: "UserPromptSubmit",
  decide: (e) => (e.prompt ? inject("ctx") : allow()),
});
export const reaction = experimental_defineHook({
  on: "PostToolUse",
  decide: (e) => (e.failed ? notice("look") : nothing()),
});
export const stop = experimental_defineHook({
  on: "Stop",
  decide: (e) => (e.stopHookActive ? allow() : deny("keep going")),
});
export const permission = experimental_defineHook({ on: "PermissionRequest", decide: () => allow() });
export const start = experimental_defineHook({ on: "SessionStart", decide: () => inject("hello") });
export const outcome: HookProgramOutcome = runHookProgram(gate, {
  tool_name: "Bash",
  tool_input: { command: "ls" },
});

// A reaction cannot block: PostToolUse runs after the tool.
// @ts-expect-error deny() on PostToolUse
experimental_defineHook({ on: "PostToolUse", decide: () => deny("too late") });
// @ts-expect-error allow() on PostToolUse
experimental_defineHook({ on: "PostToolUse", decide: () => allow() });
// @ts-expect-error deny() on SessionEnd
experimental_defineHook({ on: "SessionEnd", decide: () => deny("no") });
// @ts-expect-error inject() on Notification (no additionalContext there)
experimental_defineHook({ on: "Notification", decide: () => inject("x") });

// A gate answers with a decision, not a notice.
// @ts-expect-error notice() on PreToolUse
experimental_defineHook({ on: "PreToolUse", decide: () => notice("hm") });
// @ts-expect-error nothing() on PreToolUse
experimental_defineHook({ on: "PreToolUse", decide: () => nothing() });
// @ts-expect-error ask() on UserPromptSubmit (it has no ask)
experimental_defineHook({ on: "UserPromptSubmit", decide: () => ask("sure?") });
// @ts-expect-error ask() on Stop
experimental_defineHook({ on: "Stop", decide: () => ask("sure?") });
// @ts-expect-error inject() on Stop
experimental_defineHook({ on: "Stop", decide: () => inject("x") });
// @ts-expect-error inject() on PermissionRequest
experimental_defineHook({ on: "PermissionRequest", decide: () => inject("x") });

// The view matches the event.
// @ts-expect-error a Stop event has no command
experimental_defineHook({ on: "Stop", decide: (e) => (e.command ? allow() : allow()) });
// @ts-expect-error a PreToolUse event has no prompt
experimental_defineHook({ on: "PreToolUse", decide: (e) => (e.prompt ? allow() : allow()) });
// @ts-expect-error decide is synchronous
experimental_defineHook({ on: "PreToolUse", decide: async () => allow() });
// @ts-expect-error an unknown event
experimental_defineHook({ on: "PreToolCall", decide: () => allow() });
// @ts-expect-error deny needs a reason
deny();
