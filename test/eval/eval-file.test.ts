import { describe, expect, it } from "vitest";
import { defineEval, evalName, runnerOf } from "../../src/core/eval/eval-file.js";

const runEval = { name: "n", task: "t", measure: () => ({ ok: true }), trials: 2 };

describe("defineEval", () => {
  it("declares without executing and returns the definition unchanged", () => {
    let called = 0;
    const def = { runEval: { ...runEval, measure: () => ({ ok: ++called > 0 }) } };
    expect(defineEval(def)).toBe(def);
    expect(called).toBe(0);
    expect(runnerOf(def)).toBe("runEval");
    expect(evalName(def)).toBe("n");
  });

  it("rejects a misplaced top-level name by name, with where it belongs", () => {
    expect(() => defineEval({ name: "x", runEval } as never)).toThrow(
      /defineEval: unknown key "name"\. A name belongs inside the runner spec/,
    );
  });

  it("rejects unknown keys inside the runner spec and inside an arm, naming the path", () => {
    expect(() => defineEval({ runEval: { ...runEval, trails: 3 } } as never)).toThrow(
      /runEval: unknown key "trails"/,
    );
    expect(() => defineEval({ runEval: { ...runEval, arms: { on: { fixtures: {} } } } } as never)).toThrow(
      /runEval\.arms\.on: unknown key "fixtures"/,
    );
    expect(() => defineEval({ measure: { task: "t", checks: [], trials: 1 } } as never)).toThrow(
      /measure\.checks/,
    );
  });

  it("needs exactly one runner", () => {
    expect(() => defineEval({} as never)).toThrow(
      /exactly one of runEval, measure, measureArms, measureTriggerRate; got none/,
    );
    expect(() => defineEval({ runEval, measureTriggerRate: { prompts: [] } } as never)).toThrow(
      /got runEval and measureTriggerRate/,
    );
  });

  it("carries a trigger-rate spec for its own tier and reads its name", () => {
    const def = defineEval({
      measureTriggerRate: { name: "greet", prompts: [] },
      assert: (report) => {
        if (report.n === 0) throw new Error("no runs executed");
      },
    });
    expect(evalName(def)).toBe("greet");
  });
});
