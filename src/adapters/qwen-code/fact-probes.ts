/**
 * Qwen Code's pinned facts as probes (`vigiles facts --harness qwen-code`), each the real-CLI run
 * that pins it on 0.24.4 (test/qwen/qwen-harness.test.ts). The hooks are written in Qwen's own
 * settings file (`.qwen/settings.json`) and its own tool names; scripts are in Claude Code's tool
 * names, which the Qwen mock translates.
 */
import type { FactProbe, FactProbeSession } from "../port.js";
import {
  ran,
  ranOrBlocked,
  settingsHookSession,
  type SettingsHookOptions,
} from "../shared/fact-probe-kit.js";

/** The probes' hook: in the project settings file, on the shell tool, in the harness's timeout unit. */
const SETTINGS_HOOK = {
  file: ".qwen/settings.json",
  event: "PreToolUse",
  matcher: "run_shell_command",
  timeout: 10,
};

const PINNED_BY = "test/qwen/qwen-harness.test.ts";

/** One shell call under a hook registered in Qwen's own settings, on `event` with `matcher`. */
const guarded = (command: string, options?: SettingsHookOptions): FactProbeSession =>
  settingsHookSession(SETTINGS_HOOK, command, options);

export const qwenFactProbes: readonly FactProbe[] = [
  {
    id: "exit2-with-stderr-blocks",
    fact: "A PreToolUse hook that exits 2 blocks the call, and its stderr reaches the model as the call's error.",
    rules: [],
    folding: [],
    pinnedBy: PINNED_BY,
    session: guarded("cat >/dev/null; echo PROBE-QWEN-REASON >&2; exit 2"),
    judge: (run) => ({
      holds: !ran(run) && run.requestContains("PROBE-QWEN-REASON"),
      observed: ran(run)
        ? ranOrBlocked(run)
        : run.requestContains("PROBE-QWEN-REASON")
          ? "the call was blocked and the model got the reason"
          : "the call was blocked but the reason never reached the model",
    }),
  },
  {
    id: "claude-tool-name-matches",
    fact: "A tool matcher written with Claude Code's name (`Bash`) matches Qwen's `run_shell_command` (an exact alias).",
    rules: [],
    folding: [],
    pinnedBy: PINNED_BY,
    session: guarded("cat >/dev/null; echo PROBE-QWEN-ALIAS >&2; exit 2", { matcher: "Bash" }),
    judge: (run) => ({ holds: !ran(run), observed: ranOrBlocked(run) }),
  },
  {
    id: "posttooluse-context-reaches-model",
    fact: "A PostToolUse hook's additionalContext is appended to the tool's result the model reads.",
    rules: [],
    folding: [],
    pinnedBy: PINNED_BY,
    session: guarded(
      `cat >/dev/null; echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"PROBE-QWEN-CONTEXT"}}'`,
      { event: "PostToolUse" },
    ),
    judge: (run) => ({
      holds: run.requestContains("PROBE-QWEN-CONTEXT"),
      observed: run.requestContains("PROBE-QWEN-CONTEXT")
        ? "the context reached the model"
        : "the context never reached the model",
    }),
  },
];
