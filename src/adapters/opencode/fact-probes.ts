/**
 * OpenCode's pinned plugin facts as probes (`vigiles facts --harness opencode`), each the real-CLI
 * run that pins it on 1.18.33 (test/opencode/opencode-plugins.test.ts). The plugins are fixture
 * files under `.opencode/plugin`, so nothing of vigiles stands between the fact and the CLI but the
 * recorder that wraps them; scripts are in Claude Code's tool names, which the mock translates.
 */
import type { FactProbe, FactProbeRun } from "../port.js";
import { openCodeAfterHookGapRule, openCodePluginWillNotLoadRule } from "./dialect/audit-rules.js";

const PINNED_BY = "test/opencode/opencode-plugins.test.ts";

/** Blocks any command holding PROBE-BLOCK and writes AFTER-<callID> files from its after-hook. */
const GUARD = `import { writeFileSync } from "node:fs";
export const ProbeGuard = async ({ directory }) => ({
  "tool.execute.before": async (input, output) => {
    if (String(output.args?.command ?? "").includes("PROBE-BLOCK")) throw new Error("PROBE-OPENCODE-REASON");
  },
  "tool.execute.after": async (input) => { writeFileSync(directory + "/AFTER-" + input.callID, "seen"); },
});
`;

const session = (files: Readonly<Record<string, string>>, hooksMayCrash = false) => ({
  prompt: "run the probe",
  model: [
    { tool: "Bash", input: { command: "echo PROBE-BLOCK > BLOCKED" }, id: "probe_block" },
    { tool: "Bash", input: { command: "echo ran > RAN" }, id: "probe_ran" },
    { text: "probe done" },
  ],
  files: { ".opencode/plugin/probe-guard.js": GUARD, ...files },
  ...(hooksMayCrash ? { hooksMayCrash } : {}),
});

const seen = (run: FactProbeRun, id: string) => run.file(`AFTER-${id}`) !== null;

export const openCodeFactProbes: readonly FactProbe[] = [
  {
    id: "before-throw-blocks",
    fact: "A throw in tool.execute.before blocks the call, and the model gets the thrown message as the tool's result.",
    rules: [],
    folding: [],
    pinnedBy: PINNED_BY,
    session: session({}),
    judge: (run) => {
      const blocked = run.file("BLOCKED") === null;
      const told = run.requestContains("PROBE-OPENCODE-REASON");
      return {
        holds: blocked && told,
        observed: !blocked
          ? "the call ran (BLOCKED was written)"
          : told
            ? "blocked, and the model got the message"
            : "blocked, but the message never reached the model",
      };
    },
  },
  {
    id: "after-hook-skips-blocked-calls",
    fact: "tool.execute.after runs for a call that returned and never for a call tool.execute.before blocked.",
    rules: [openCodeAfterHookGapRule.id],
    folding: [],
    pinnedBy: PINNED_BY,
    session: session({}),
    judge: (run) => ({
      holds: seen(run, "probe_ran") && !seen(run, "probe_block"),
      observed: `after-hook ${seen(run, "probe_ran") ? "saw" : "missed"} the call that ran and ${seen(run, "probe_block") ? "saw" : "missed"} the blocked call`,
    }),
  },
  {
    id: "broken-plugin-dropped-silently",
    fact: "A plugin with a missing import is dropped: the run goes on (exit 0) without its hooks, and nothing in the stream says so.",
    rules: [openCodePluginWillNotLoadRule.id],
    folding: [],
    pinnedBy: PINNED_BY,
    session: session(
      { ".opencode/plugin/broken.js": 'import "./not-there.js";\nexport const Broken = async () => ({});\n' },
      true,
    ),
    judge: (run) => {
      const streamSays = run.events.some((e) => JSON.stringify(e).includes("broken"));
      const ran = run.file("RAN") !== null;
      return {
        holds: ran && !streamSays,
        observed: `${ran ? "the run went on" : "the run stopped"}; the stream ${streamSays ? "names" : "does not name"} the plugin`,
      };
    },
  },
];
