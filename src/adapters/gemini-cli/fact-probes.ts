/**
 * Gemini CLI's pinned facts as probes (`vigiles facts`), each the real-CLI run that pins it on 0.61.0
 * (test/gemini/gemini-harness.test.ts, test/gemini/gemini-audit.test.ts). The hooks are written in
 * Gemini's own shape, in a fixture `.gemini/settings.json`, so no translation stands between the fact
 * and the CLI; scripts are in Claude Code's tool names, which the Gemini mock translates.
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
  file: ".gemini/settings.json",
  event: "BeforeTool",
  matcher: "run_shell_command",
  timeout: 10_000,
};

/** One shell call under a hook registered in Gemini's own settings, on `event` with `matcher`. */
const guarded = (command: string, options?: SettingsHookOptions): FactProbeSession =>
  settingsHookSession(SETTINGS_HOOK, command, options);

export const geminiFactProbes: readonly FactProbe[] = [
  {
    id: "exit2-with-stderr-blocks",
    fact: "A BeforeTool hook that exits 2 with a reason on stderr blocks the call, and the model is told the reason.",
    rules: [],
    folding: [],
    pinnedBy: "test/gemini/gemini-harness.test.ts",
    session: guarded("cat >/dev/null; echo PROBE-GEMINI-REASON >&2; exit 2"),
    judge: (run) => ({
      holds: !ran(run) && run.requestContains("PROBE-GEMINI-REASON"),
      observed: ran(run)
        ? ranOrBlocked(run)
        : run.requestContains("PROBE-GEMINI-REASON")
          ? "the call was blocked and the model got the reason"
          : "the call was blocked but the reason never reached the model",
    }),
  },
  {
    id: "json-read-whatever-the-exit",
    fact: 'Hook output is parsed as JSON whatever the exit code: `{"decision":"deny"}` on exit 1 blocks.',
    rules: [],
    folding: [],
    pinnedBy: "test/gemini/gemini-harness.test.ts",
    session: guarded(`cat >/dev/null; echo '{"decision":"deny","reason":"probe json on exit 1"}'; exit 1`, {
      hooksMayCrash: true,
    }),
    judge: (run) => ({ holds: !ran(run), observed: ranOrBlocked(run) }),
  },
  {
    id: "exit127-text-fails-closed",
    fact: "Plain text on an exit other than 0 and 1 is a deny: a hook whose interpreter is missing (exit 127) blocks the call.",
    rules: [],
    folding: [],
    pinnedBy: "test/gemini/gemini-harness.test.ts",
    session: guarded("cat >/dev/null; exec /nonexistent/interpreter", { hooksMayCrash: true }),
    judge: (run) => ({ holds: !ran(run), observed: ranOrBlocked(run) }),
  },
  {
    id: "timeout-in-milliseconds",
    fact: "A hook's `timeout` is in milliseconds, and a hook killed at it decides nothing: a 1500 ms guard that denies after 6 s lets the call run.",
    rules: ["gemini-timeout-seconds"],
    folding: [],
    pinnedBy: "test/gemini/gemini-harness.test.ts",
    session: guarded(`cat >/dev/null; sleep 6; echo '{"decision":"deny","reason":"too late"}'`, {
      timeout: 1500,
      hooksMayCrash: true,
    }),
    judge: (run) => ({
      holds: ran(run),
      observed: ran(run)
        ? "the hook was killed at 1.5 s and the call ran"
        : "the hook outlived 1500 (read as seconds?) and denied",
    }),
  },
  {
    id: "unknown-decision-ignored",
    fact: 'An unknown `decision` value (`"nope"`) is ignored, not refused: the call runs.',
    rules: [],
    folding: [],
    pinnedBy: "test/gemini/gemini-harness.test.ts",
    session: guarded(`cat >/dev/null; echo '{"decision":"nope","reason":"probe"}'`),
    judge: (run) => ({ holds: ran(run), observed: ranOrBlocked(run) }),
  },
  {
    id: "claude-tool-matcher-never-matches",
    fact: "A BeforeTool matcher naming Claude Code's tool (`Bash`) matches no Gemini tool: the hook never runs.",
    rules: ["gemini-claude-tool-matcher"],
    folding: [],
    pinnedBy: "test/gemini/gemini-audit.test.ts",
    session: guarded("cat >/dev/null; echo denied >&2; exit 2", { matcher: "Bash" }),
    judge: (run) => ({
      holds: ran(run) && run.hooks.length === 0,
      observed: run.hooks.length > 0 ? `the hook fired (${run.hooks.length}×)` : ranOrBlocked(run),
    }),
  },
  {
    id: "unknown-event-skipped",
    fact: "A hooks key that is not one of Gemini's events (`PreToolUse`) is skipped: the hook never runs.",
    rules: ["gemini-unknown-event"],
    folding: [],
    pinnedBy: "test/gemini/gemini-audit.test.ts",
    session: guarded("cat >/dev/null; echo denied >&2; exit 2", { event: "PreToolUse" }),
    judge: (run) => ({
      holds: ran(run) && run.hooks.length === 0,
      observed: run.hooks.length > 0 ? `the hook fired (${run.hooks.length}×)` : ranOrBlocked(run),
    }),
  },
  {
    id: "no-hook-events-in-stream",
    fact: "The `stream-json` output carries no hook activity (fires come from vigiles' recorder).",
    rules: [],
    folding: [],
    pinnedBy: "test/gemini/gemini-harness.test.ts",
    session: guarded("cat >/dev/null; exit 0"),
    judge: (run) => {
      const inStream = run.events.some((e) => /hook/i.test(String(e["type"] ?? "")));
      return {
        holds: !inStream && run.hooks.length === 1,
        observed: inStream
          ? "the stream now has hook events"
          : `the stream has no hook events; the recorder saw ${run.hooks.length} fire(s)`,
      };
    },
  },
];
