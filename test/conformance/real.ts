/**
 * The real side of a run: the pinned CLI of the harness through `runHarnessTest` with its adapter
 * (confined, against the mock), one scripted call (a Bash `echo hi >> ran.txt`, or a Write of
 * written.txt) and a closing text turn. Read back: the tags in fired.log (which hooks ran), whether
 * the call's file exists (pre-tool: was it blocked), whether any agent request reached the mock
 * (prompt event: was the prompt blocked), and whether the case's context marker is in what reached
 * the mock.
 */
import { runHarnessTest, type ModelTurn } from "../../src/entries/index.js";
import type { ConformanceCase } from "./corpus.js";
import { formOf, type ScriptedTool } from "./harness-forms.js";
import { firedTags, markerOf, type Observation } from "./observation.js";
import type { ConformanceRun } from "./plan.js";

const CALLS: Readonly<Record<ScriptedTool, { turn: ModelTurn; file: string }>> = {
  Bash: { turn: { tool: "Bash", input: { command: "echo hi >> ran.txt" } }, file: "ran.txt" },
  Write: {
    turn: { tool: "Write", input: { file_path: "written.txt", content: "conformance\n" } },
    file: "written.txt",
  },
};

export interface RealRun {
  readonly observations: Map<string, Observation>;
  readonly durationMs: number;
}

function observe(
  c: ConformanceCase,
  fired: Set<string>,
  callRan: boolean,
  agentRequests: readonly string[],
): Observation {
  if (c.kind === "fires") return { fired: fired.has(c.tag) };
  const blocked =
    c.role === "preTool" ? !callRan : c.role === "prompt" ? agentRequests.length === 0 : undefined;
  return {
    fired: fired.has(c.tag),
    ...(blocked !== undefined ? { blocked } : {}),
    context: agentRequests.some((text) => text.includes(markerOf(c.tag))),
  };
}

export async function realRun(run: ConformanceRun): Promise<RealRun> {
  const form = formOf(run.harness);
  const call = CALLS[run.tool];
  const started = Date.now();
  const observations = new Map<string, Observation>();
  try {
    const r = await runHarnessTest(
      {
        prompt: "run it",
        model: [call.turn, { text: "done" }],
        files: run.files,
        // Exit 1 and 127 answers are cases here, not failures of the run.
        allowHookCrashes: true,
        // A blocked call or prompt leaves the scripted closing turn unserved: that is the observation.
        allowUnservedTurns: true,
        timeoutMs: 180_000,
      },
      { adapter: await form.loadAdapter() },
    );
    try {
      const fired = firedTags(r.file("fired.log"));
      const callRan = r.file(call.file) !== null;
      const agentRequests = r.modelRequests.filter((q) => !q.sideChannel).map((q) => JSON.stringify(q.body));
      for (const c of run.cases) observations.set(c.id, observe(c, fired, callRan, agentRequests));
    } finally {
      r.cleanup();
    }
  } catch (e) {
    const error = `real run failed: ${(e instanceof Error ? `${e.name}: ${e.message}` : String(e)).split("\n")[0]}`;
    for (const c of run.cases) observations.set(c.id, { error });
  }
  return { observations, durationMs: Date.now() - started };
}
