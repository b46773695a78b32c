/**
 * vigiles' judge answered from the same script as the CLI's judge: the `side` conversations of the
 * script's `byRequest`, matched by the mock's own rule (`requestScriptTurn`) against the text the
 * judge is shown (the grader's criteria, and the run's output or trajectory), and read with the
 * CLI's rule for a vote: PASS when the answer says PASS and not FAIL. The transport differs (the CLI
 * asks the mock over HTTP; vigiles' judge is a synchronous function), the answers cannot.
 */
import { requestScriptTurn } from "../../../src/adapters/mock/script.js";
import type { ModelScript } from "../../../src/adapters/port.js";
import type { JudgeFunction } from "../../../src/tiers/eval/judge.js";

/** Claude Code 2.1.328's reading of a judge answer (docs/plugin-eval.md). */
export function cliVote(answer: string): boolean {
  return /\bPASS\b/i.test(answer) && !/\bFAIL\b/i.test(answer);
}

/** A judge that answers from `script`; a question the script does not name throws (never a made-up vote). */
export function scriptedJudge(script: ModelScript): JudgeFunction & { readonly calls: number } {
  let calls = 0;
  const judge = ({ output, rubric }: { output: string; rubric: string }) => {
    calls++;
    const next = requestScriptTurn(script, {
      sideChannel: true,
      system: "",
      tools: [],
      messages: [{ role: "user", text: `${rubric}\n\n${output}` }],
      body: null,
    });
    if (next === undefined || next.kind !== "turn" || !("text" in next.turn) || "tool" in next.turn) {
      throw new Error(
        `the script has no judge answer for the criteria ${JSON.stringify(rubric.slice(0, 120))}`,
      );
    }
    return cliVote(next.turn.text) ? 1 : 0;
  };
  return Object.defineProperty(judge, "calls", { get: () => calls }) as JudgeFunction & {
    readonly calls: number;
  };
}
