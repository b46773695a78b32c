// The spec's "Assert a subagent's typed outcome" sample, as written, against the BUILT package, where
// `r` is a real run: the Claude Code CLI against the mock model, whose final answer ends with the
// vigiles:ok (or vigiles:err) block a subagent with a result() contract writes.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { experimental_agent } from "vigiles/spec";
const { result } = experimental_agent;
import {
  assertAgentOk,
  assertAgentErr,
  assertAgentResult,
  runHarnessTest,
  AssertionFailedError,
} from "vigiles";
import type { HarnessTestResult } from "vigiles";

const okAnswer =
  'Refactor finished.\n```vigiles:ok\n{"files":["src/a.ts","src/b.ts"],"summary":"split a.ts"}\n```';
const errAnswer = 'Stopped.\n```vigiles:err\n{"reason":"tests fail","step":"verify"}\n```';
const runs: HarnessTestResult[] = [];
const answer = async (text: string): Promise<HarnessTestResult> => {
  const r = await runHarnessTest({ prompt: "split a.ts", model: [{ text }], sandbox: false });
  runs.push(r);
  return r;
};
let ok: HarnessTestResult | undefined;
let err: HarnessTestResult | undefined;
beforeAll(async () => {
  [ok, err] = await Promise.all([answer(okAnswer), answer(errAnswer)]);
}, 120_000);
afterAll(() => runs.forEach((r) => r.cleanup()));

describe("Assert a subagent's typed outcome", () => {
  test("runs as written over real runs", () => {
    const contract = result(
      { files: "string[]", summary: "string" }, // the ok track
      { reason: "string", step: "string" }, // the err track
    );

    {
      const r = ok!;
      const value = assertAgentOk(r.output, contract); // returns the validated `value`
      expect(value).toEqual({ files: ["src/a.ts", "src/b.ts"], summary: "split a.ts" });

      // The general predicate form, for rich detail:
      assertAgentResult(r.output, (res) => res.kind === "ok" && res.value.files.length > 0, contract);
    }
    {
      const r = err!;
      const error = assertAgentErr(r.output, contract); // returns the validated `error`
      expect(error).toEqual({ reason: "tests fail", step: "verify" });
      expect(() => assertAgentOk(r.output, contract)).toThrow(AssertionFailedError);
    }
  });

  test("a wrong field fails with the contract; no block is malformed, never a pass", () => {
    const contract = result({ files: "number", summary: "string" }, { reason: "string", step: "string" });
    expect(() => assertAgentOk(ok!.output, contract)).toThrow(/files/);
    expect(assertAgentOk(ok!.output)).toEqual({ files: ["src/a.ts", "src/b.ts"], summary: "split a.ts" });
    expect(() => assertAgentOk("All done!", contract)).toThrow();
  });
});
