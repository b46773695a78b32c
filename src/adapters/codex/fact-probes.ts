/**
 * Codex's pinned facts as probes (`vigiles facts`), each the real-CLI run that pins it on 0.169.0.
 * Scripts are written in Claude Code's tool names; the Codex mock translates them.
 */
import type { FactProbe } from "../port.js";
import { bashThenDone, ran } from "../shared/fact-probe-kit.js";

const preToolUse = (command: string) => ({
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] },
});

export const codexFactProbes: readonly FactProbe[] = [
  {
    id: "exit2-with-stderr-blocks",
    fact: "A PreToolUse hook that exits 2 with a reason on stderr blocks the call.",
    rules: [],
    folding: ["Codex blocks on exit 2 only with a non-empty stderr."],
    pinnedBy: "test/codex/codex-harness.test.ts",
    session: {
      prompt: "run the probe",
      model: bashThenDone,
      settings: preToolUse("cat >/dev/null; echo PROBE-CODEX-REASON >&2; exit 2"),
    },
    judge: (run) => ({
      holds: !ran(run),
      observed: ran(run) ? "the call ran (RAN was written)" : "the call was blocked",
    }),
  },
  {
    id: "exit2-without-stderr-proceeds",
    fact: "A PreToolUse hook that exits 2 with an empty stderr does not block: the call runs.",
    rules: [],
    folding: ["Codex blocks on exit 2 only with a non-empty stderr."],
    pinnedBy: "src/core/hook-decision/fold.test.ts",
    session: {
      prompt: "run the probe",
      model: bashThenDone,
      settings: preToolUse("cat >/dev/null; exit 2"),
      hooksMayCrash: true,
    },
    judge: (run) => ({
      holds: ran(run),
      observed: ran(run) ? "the call ran (RAN was written)" : "the call was blocked",
    }),
  },
  {
    id: "refuses-rm-rf-itself",
    fact: "Codex refuses an `rm -rf` command by itself, even with approvals bypassed and every hook allowing.",
    rules: [],
    folding: [],
    pinnedBy: "test/codex/codex-harness.test.ts",
    session: {
      prompt: "clean",
      model: [{ tool: "Bash", input: { command: "rm -rf keep" } }, { text: "probe done" }],
      files: { "keep/a": "1" },
    },
    judge: (run) => {
      const kept = run.file("keep/a") === "1";
      return { holds: kept, observed: kept ? "the files survived: Codex refused the call" : "rm -rf ran" };
    },
  },
  {
    id: "no-hook-events-in-stream",
    fact: "The `exec --json` stream carries no hook activity (fires come from vigiles' recorder).",
    rules: [],
    folding: [],
    pinnedBy: "test/codex/hook-recorder.test.ts",
    session: { prompt: "run the probe", model: bashThenDone, settings: preToolUse("cat >/dev/null; exit 0") },
    judge: (run) => {
      const inStream = run.events.some((e) => /hook/i.test(String(e["type"] ?? "")));
      return {
        holds: !inStream,
        observed: inStream ? "the stream now has hook events" : "the stream has no hook events",
      };
    },
  },
];
