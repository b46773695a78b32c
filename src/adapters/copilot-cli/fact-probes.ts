/**
 * GitHub Copilot CLI's pinned facts as probes (`vigiles facts --harness copilot-cli`), each a real run
 * against the mock that pins it on 1.0.102 (test/copilot/). Scripts are in Claude Code's tool names;
 * the Copilot mock translates them. The untrusted-folder probe runs with an adapter that leaves the
 * work dir out of `trusted_folders`, passed in by adapter.ts (so this module does not import it).
 */
import type { FactProbe, FactProbeRun } from "../port.js";
import { bashThenDone, ran } from "../shared/fact-probe-kit.js";
import type { HarnessAdapter } from "../port.js";

const ranOrBlocked = (run: FactProbeRun) =>
  ran(run) ? "the call ran (RAN was written)" : "the call was blocked (RAN was not written)";
const deniedCall = (run: FactProbeRun): boolean =>
  run.toolCalls.some((c) => c.name === "Bash" && c.result?.denied === true);

/** A repository hooks file registering `command` for `event`, Copilot's shape. */
const hooksFile = (event: string, command: string, extra: Record<string, unknown> = {}) => ({
  ".github/hooks/probe.json": JSON.stringify({
    version: 1,
    hooks: { [event]: [{ type: "command", bash: command, ...extra }] },
  }),
});

const CLAUDE_SHAPED_DENY =
  '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"probe"}}';
const DENY_ALL = `cat >/dev/null; echo '{"permissionDecision":"deny","permissionDecisionReason":"PROBE-DENY"}'`;

const blockedProbe = (
  id: string,
  fact: string,
  files: Record<string, string>,
  expectBlocked: boolean,
  extra: Pick<FactProbe, "rules" | "folding" | "pinnedBy">,
  hooksMayCrash = false,
): FactProbe => ({
  id,
  fact,
  ...extra,
  session: {
    prompt: "run the probe",
    model: bashThenDone,
    files,
    ...(hooksMayCrash ? { hooksMayCrash } : {}),
  },
  judge: (run) => {
    // A block counts only when the call was made and denied, and the hook's fire was recorded: a run
    // that never reached the call must not pass for a deny.
    const holds = expectBlocked ? !ran(run) && deniedCall(run) && run.hooks.length > 0 : ran(run);
    return { holds, observed: `${ranOrBlocked(run)}; ${run.hooks.length} hook fire(s) recorded` };
  },
});

const HARNESS_TEST = "test/copilot/copilot-harness.test.ts";
const PLUGINS_TEST = "test/copilot/copilot-plugins.test.ts";

/** Copilot's probes; `untrusted` is the Copilot adapter with the work dir left untrusted. */
export function copilotFactProbes(untrusted: HarnessAdapter): readonly FactProbe[] {
  return [
    blockedProbe(
      "pretooluse-exit2-denies",
      "A preToolUse hook that exits 2 denies the call (the docs say only permissionRequest treats exit 2 as a deny).",
      hooksFile("preToolUse", "cat >/dev/null; echo no >&2; exit 2"),
      true,
      { rules: [], folding: [], pinnedBy: HARNESS_TEST },
    ),
    blockedProbe(
      "pretooluse-exit1-denies",
      "A preToolUse hook that exits 1 (a crash) denies the call: preToolUse fails closed on any non-zero exit.",
      hooksFile("preToolUse", "cat >/dev/null; exit 1"),
      true,
      { rules: [], folding: [], pinnedBy: HARNESS_TEST },
    ),
    blockedProbe(
      "exit2-ignored-on-userpromptsubmitted",
      "Outside preToolUse and permissionRequest, exit 2 blocks nothing: a userPromptSubmitted hook that exits 2 lets the prompt through and the call runs.",
      hooksFile("userPromptSubmitted", "cat >/dev/null; echo blocked >&2; exit 2"),
      false,
      { rules: ["copilot-exit2-ignored"], folding: [], pinnedBy: HARNESS_TEST },
      true,
    ),
    blockedProbe(
      "camelcase-ignores-claude-shape",
      "Under the camelCase `preToolUse` name, Claude Code's `hookSpecificOutput.permissionDecision: deny` is ignored: the call runs.",
      hooksFile("preToolUse", `cat >/dev/null; echo '${CLAUDE_SHAPED_DENY}'`),
      false,
      { rules: ["copilot-claude-shaped-answer"], folding: [], pinnedBy: HARNESS_TEST },
    ),
    blockedProbe(
      "pascalcase-honours-claude-shape",
      "Under the PascalCase `PreToolUse` name (the VS Code-compatible variant), Claude Code's `hookSpecificOutput` deny is honoured.",
      {
        ".github/hooks/probe.json": JSON.stringify({
          version: 1,
          hooks: {
            PreToolUse: [
              {
                matcher: "Bash",
                hooks: [{ type: "command", command: `cat >/dev/null; echo '${CLAUDE_SHAPED_DENY}'` }],
              },
            ],
          },
        }),
      },
      true,
      { rules: ["copilot-claude-shaped-answer"], folding: [], pinnedBy: PLUGINS_TEST },
    ),
    blockedProbe(
      "pretooluse-timeout-fails-open",
      "A preToolUse hook that overruns its `timeoutSec` is logged and skipped: the call runs even though the hook would have denied.",
      hooksFile("preToolUse", `cat >/dev/null; sleep 8; echo '{"permissionDecision":"deny"}'`, {
        timeoutSec: 2,
      }),
      false,
      { rules: ["copilot-timeout-fails-open"], folding: [], pinnedBy: HARNESS_TEST },
      true,
    ),
    blockedProbe(
      "permissionrequest-exit1-denies",
      "permissionRequest fires for bash under --allow-all, and a hook that exits 1 there denies the call.",
      hooksFile("permissionRequest", "cat >/dev/null; exit 1"),
      true,
      { rules: [], folding: [], pinnedBy: PLUGINS_TEST },
    ),
    {
      id: "untrusted-folder-skips-hooks",
      fact: "In a folder not listed in `trusted_folders`, repository hooks are skipped without a word: a deny-all preToolUse hook never fires and the call runs.",
      rules: [],
      folding: [],
      pinnedBy: HARNESS_TEST,
      adapter: untrusted,
      session: { prompt: "run the probe", model: bashThenDone, files: hooksFile("preToolUse", DENY_ALL) },
      judge: (run) => ({
        holds: ran(run) && run.hooks.length === 0,
        observed: `${ranOrBlocked(run)}; ${run.hooks.length} hook fire(s) recorded`,
      }),
    },
    {
      id: "claude-layout-plugin-hooks-run",
      fact: "A plugin in Claude Code's layout (`.claude-plugin/plugin.json`, `hooks/hooks.json`) loaded with --plugin-dir runs its PreToolUse hook, whose deny blocks the call.",
      rules: [],
      folding: [],
      pinnedBy: PLUGINS_TEST,
      session: {
        prompt: "run the probe",
        model: bashThenDone,
        pluginFiles: {
          ".claude-plugin/plugin.json": JSON.stringify({ name: "probe-guard", version: "1.0.0" }),
          "hooks/hooks.json": JSON.stringify({
            hooks: {
              PreToolUse: [
                {
                  matcher: "Bash",
                  hooks: [{ type: "command", command: `cat >/dev/null; echo '${CLAUDE_SHAPED_DENY}'` }],
                },
              ],
            },
          }),
        },
      },
      judge: (run) => ({
        holds: !ran(run) && deniedCall(run) && run.hooks.length > 0,
        observed: `${ranOrBlocked(run)}; ${run.hooks.length} hook fire(s) recorded`,
      }),
    },
    {
      id: "no-hook-events-in-stream",
      fact: "The `--output-format json` stream carries no hook activity (fires come from vigiles' recorder).",
      rules: [],
      folding: [],
      pinnedBy: HARNESS_TEST,
      session: {
        prompt: "run the probe",
        model: bashThenDone,
        files: hooksFile("preToolUse", "cat >/dev/null"),
      },
      judge: (run) => {
        const inStream = run.events.some((e) => /hook/i.test(String(e["type"] ?? "")));
        return {
          holds: !inStream,
          observed: inStream ? "the stream now has hook events" : "the stream has no hook events",
        };
      },
    },
  ];
}
