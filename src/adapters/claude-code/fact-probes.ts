/**
 * Claude Code's pinned facts as probes (`vigiles facts`): each repeats, on any release, the real-CLI
 * run that pins the fact on 2.1.328. A changed verdict names the audit rules and folding rows that
 * rest on the fact.
 */
import type { FactProbe, FactProbeRun, FactProbeSession } from "../port.js";
import { bashThenDone, RAN, ran } from "../shared/fact-probe-kit.js";

/** One Bash call that leaves a file when it runs, then a final answer. */

const preToolUse = (command: string) => ({
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] },
});

/** A PreToolUse guard around one Bash call. */
function guarded(command: string, more: Partial<FactProbeSession> = {}): FactProbeSession {
  return { prompt: "run the probe", model: bashThenDone, settings: preToolUse(command), ...more };
}

const deniedVerdict = (run: FactProbeRun, reason: string) => ({
  holds: !ran(run) && run.requestContains(reason),
  observed: ran(run)
    ? "the Bash call ran (RAN was written)"
    : run.requestContains(reason)
      ? "the call was denied and the model got the reason"
      : "the call did not run, but the reason never reached the model",
});
const ranVerdict = (run: FactProbeRun) => ({
  holds: ran(run),
  observed: ran(run) ? "the Bash call ran (RAN was written)" : "the Bash call was stopped",
});

const denyJson = (decision: string, reason: string) =>
  JSON.stringify({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: decision,
      permissionDecisionReason: reason,
    },
  });

const initOf = (run: FactProbeRun) =>
  run.events.find((e) => e["type"] === "system" && e["subtype"] === "init");
const listed = (run: FactProbeRun, key: "plugins" | "skills"): string[] =>
  ((initOf(run)?.[key] as (string | { name: string })[] | undefined) ?? []).map((p) =>
    typeof p === "string" ? p : p.name,
  );

export const claudeCodeFactProbes: readonly FactProbe[] = [
  {
    id: "pretooluse-exit2-blocks",
    fact: "A PreToolUse hook that exits 2 blocks the call, and its stderr reaches the model.",
    rules: [],
    folding: ["Exit 2 blocks where the event can block; the reason is stderr."],
    pinnedBy: "test/harness/hooks.test.ts",
    session: guarded("echo PROBE-EXIT2-REASON >&2; exit 2"),
    judge: (run) => deniedVerdict(run, "PROBE-EXIT2-REASON"),
  },
  {
    id: "pretooluse-json-deny-blocks",
    fact: 'A PreToolUse `permissionDecision: "deny"` on stdout blocks the call, and its reason reaches the model.',
    rules: ["hook-output-contract"],
    folding: [],
    pinnedBy: "test/harness/hooks.test.ts",
    session: guarded(`echo '${denyJson("deny", "PROBE-DENY-REASON")}'`),
    judge: (run) => deniedVerdict(run, "PROBE-DENY-REASON"),
  },
  {
    id: "permission-decision-block-fails-open",
    fact: '`permissionDecision: "block"` is not a verdict: the hook counts as failed and the call runs.',
    rules: ["invalid-permission-decision", "hook-output-contract"],
    folding: [
      '`permissionDecision:"block"` is outside the contract (allow, deny, ask, defer): the hook counts as failed and the tool runs.',
    ],
    pinnedBy: "test/harness/hooks.test.ts",
    session: guarded(`echo '${denyJson("block", "PROBE-BLOCK-REASON")}'`, { hooksMayCrash: true }),
    judge: ranVerdict,
  },
  {
    id: "legacy-decision-block-denies",
    fact: 'The legacy top-level `decision: "block"` still denies a PreToolUse call.',
    rules: [],
    folding: ['The legacy top-level `decision:"block"` still denies on PreToolUse.'],
    pinnedBy: "src/core/hook-decision/fold.test.ts",
    session: guarded(`echo '${JSON.stringify({ decision: "block", reason: "PROBE-LEGACY-REASON" })}'`),
    judge: (run) => deniedVerdict(run, "PROBE-LEGACY-REASON"),
  },
  {
    id: "exit1-proceeds",
    fact: "A PreToolUse hook that exits 1 is a non-blocking error: the call runs.",
    rules: ["hook-crash", "hook-script-missing", "hook-script-not-executable"],
    folding: [
      "Any other exit (1, 126, 127 for a missing script) is a non-blocking error: the action proceeds.",
    ],
    pinnedBy: "test/harness/hooks.test.ts",
    session: guarded("echo PROBE-EXIT1 >&2; exit 1", { hooksMayCrash: true }),
    judge: ranVerdict,
  },
  {
    id: "stdout-noise-loses-deny",
    fact: 'A line printed before the JSON makes stdout plain text: its "deny" is lost and the call runs.',
    rules: ["hook-stdout-noise"],
    folding: [
      'Stdout is JSON only when its first non-blank character is `{`: a line printed before the JSON turns it into plain text, and its "deny" is lost.',
    ],
    pinnedBy: "src/core/hook-decision/fold.test.ts",
    session: guarded(`echo checking; echo '${denyJson("deny", "PROBE-NOISE-REASON")}'`, {
      hooksMayCrash: true,
    }),
    judge: ranVerdict,
  },
  {
    id: "continue-false-halts-after-call",
    fact: "`continue: false` from a PreToolUse hook does not stop the call: it runs, then the session ends.",
    rules: [],
    folding: [
      "`continue:false` ends the session once the hooks ran; on PreToolUse the call still runs (only a deny beside it blocks), and a Stop still stops. It stops the action only on UserPromptSubmit.",
    ],
    pinnedBy: "test/harness/continue-false.test.ts",
    session: {
      prompt: "run the probe",
      model: [
        { tool: "Bash", input: { command: `echo ran > ${RAN}` } },
        { tool: "Bash", input: { command: "echo two > TWO" } },
        { text: "probe done" },
      ],
      settings: preToolUse(`echo '${JSON.stringify({ continue: false, stopReason: "PROBE-HALT" })}'`),
    },
    judge: (run) => {
      const second = run.file("TWO") !== null;
      return {
        holds: ran(run) && !second,
        observed: !ran(run)
          ? "the call was stopped (continue:false now blocks it)"
          : second
            ? "the call ran and the session went on"
            : "the call ran, then the session ended",
      };
    },
  },
  {
    id: "continue-false-blocks-prompt",
    fact: "`continue: false` from a UserPromptSubmit hook stops the prompt: it never reaches the model.",
    rules: [],
    folding: [],
    pinnedBy: "test/harness/continue-false.test.ts",
    session: {
      prompt: "PROBE-PROMPT-TEXT",
      model: [{ text: "probe done" }],
      settings: {
        hooks: {
          UserPromptSubmit: [
            { hooks: [{ type: "command", command: `echo '${JSON.stringify({ continue: false })}'` }] },
          ],
        },
      },
    },
    judge: (run) => {
      const reached = run.modelRequests.some((q) => !q.sideChannel);
      return {
        holds: !reached,
        observed: reached ? "the prompt reached the model" : "no agent request was made",
      };
    },
  },
  {
    id: "hook-events-in-stream",
    fact: "With --include-hook-events the stream reports each hook fire (hook_started / hook_response).",
    rules: [],
    folding: [],
    pinnedBy: "test/harness/hooks.test.ts",
    session: guarded("cat >/dev/null; exit 0"),
    judge: (run) => {
      const fires = run.hooks.filter((h) => h.event === "PreToolUse").length;
      return { holds: fires === 1, observed: `${fires} PreToolUse fire(s) in the stream` };
    },
  },
  {
    id: "plugin-path-without-dot-skips-plugin",
    fact: "A plugin.json component path without ./ makes the CLI skip the whole plugin, silently.",
    rules: ["plugin-component-path"],
    folding: [],
    pinnedBy: "test/docs/harness-facts.test.ts",
    session: {
      prompt: "hi",
      model: [{ text: "probe done" }],
      pluginFiles: {
        ".claude-plugin/plugin.json": JSON.stringify({ name: "probe-no-dot", skills: "extra" }),
        "extra/e/SKILL.md": "---\nname: e\ndescription: A probe skill.\n---\nbody\n",
      },
      skills: { "probe-control": "---\nname: probe-control\ndescription: The control skill.\n---\nbody\n" },
    },
    judge: (run) => {
      const plugins = listed(run, "plugins");
      const control = listed(run, "skills").includes("probe-control");
      return {
        holds: control && !plugins.includes("probe-no-dot"),
        observed: !control
          ? "the init event listed no skills at all (cannot tell)"
          : plugins.includes("probe-no-dot")
            ? "the plugin loaded"
            : "the plugin was skipped",
      };
    },
  },
  {
    id: "duplicate-hooks-file-loads-once",
    fact: "plugin.json naming the standard hooks/hooks.json again: the hooks still load, and fire once.",
    rules: ["duplicate-hooks-file"],
    folding: [],
    pinnedBy: "test/audit/duplicate-hooks-harness.test.ts",
    session: {
      prompt: "run the probe",
      model: bashThenDone,
      pluginFiles: {
        ".claude-plugin/plugin.json": JSON.stringify({ name: "probe-dup", hooks: "./hooks/hooks.json" }),
        "hooks/hooks.json": JSON.stringify({
          hooks: {
            PreToolUse: [
              {
                matcher: "Bash",
                hooks: [{ type: "command", command: 'echo fire >> "$CLAUDE_PROJECT_DIR/FIRES"' }],
              },
            ],
          },
        }),
      },
    },
    judge: (run) => {
      const fires = (run.file("FIRES") ?? "").split("\n").filter((l) => l === "fire").length;
      return { holds: fires === 1, observed: `the plugin's hook fired ${fires} time(s)` };
    },
  },
  {
    id: "skill-bad-name-still-listed",
    fact: "A skill whose name breaks the kebab-case pattern is still listed to the model.",
    rules: ["skill-name"],
    folding: [],
    pinnedBy: "test/triggering/real-cli.test.ts",
    session: {
      prompt: "hi",
      model: [{ text: "probe done" }],
      skills: {
        Bad_Name: "---\nname: Bad_Name\ndescription: PROBE-BAD-NAME-SKILL does a thing.\n---\nbody\n",
      },
    },
    judge: (run) => {
      const seen = run.requestContains("PROBE-BAD-NAME-SKILL");
      return {
        holds: seen,
        observed: seen ? "the skill was listed to the model" : "the skill was not listed",
      };
    },
  },
];
