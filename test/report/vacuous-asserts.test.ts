// §3 of issue 17, "no silent pass", for the free gates: assertNoRegression and assertNoCollision
// throw VacuousAssertionError when what they compare holds zero runs, and assertions read every
// object their predicates read (a Trace read back from JSON has no file()).
import { describe, expect, it } from "vitest";
import { assertChecks } from "../../src/core/checks/assert-checks.js";
import { wrote } from "../../src/core/checks/run-checks.js";
import { tool } from "../../src/core/checks/tool-checks.js";
import { assertToolUsed } from "../../src/core/assertions/tools.js";
import { AssertionFailedError, VacuousAssertionError } from "../../src/core/errors.js";
import { usedTool } from "../../src/core/predicates/tools.js";
import { assertNoRegression } from "../../src/core/regression/assert-no-regression.js";
import { makeBaseline } from "../../src/core/regression/baseline.js";
import { createTrace } from "../../src/core/trace-builder.js";
import type { Trace } from "../../src/core/trace.js";
import { assertNoCollision, type SelectionMatrixReport } from "../../src/core/triggering/matrix-report.js";
import { summariseSelectionMatrix } from "../../src/core/triggering/matrix.js";
import { bools, makeReport } from "../stats/make-report.js";

describe("assertNoRegression with an empty side", () => {
  const full = makeReport({ gated: { marked: bools(9, 10) } });
  const empty = makeReport({ gated: { marked: [] } });

  it("throws when the current run's compared arm has zero trials", () => {
    expect(() => assertNoRegression(empty, makeBaseline(full))).toThrow(VacuousAssertionError);
    expect(() => assertNoRegression(empty, makeBaseline(full))).toThrow(/zero trials on one side/);
  });

  it("throws when the baseline's compared arm has zero trials", () => {
    expect(() => assertNoRegression(full, makeBaseline(empty))).toThrow(VacuousAssertionError);
  });

  it("still passes two full sides that agree", () => {
    expect(() => assertNoRegression(full, makeBaseline(full))).not.toThrow();
  });
});

describe("assertNoCollision with a skill never measured", () => {
  const make = (obs: { skill: string; selected: string }[]): SelectionMatrixReport => ({
    ...summariseSelectionMatrix(["p:a", "p:b"], obs),
    version: 1,
    available: true,
    plugin: "p",
    harness: "claude-code",
    model: "sonnet",
    trials: 1,
    prompts: {},
    runs: [],
    errors: 3,
    usage: { costUsd: 0, inputTokens: 0, outputTokens: 0, durationMs: 0 },
    totalCostUsd: 0,
  });

  it("throws naming the skill whose row has no executed run, whatever the bounds", () => {
    const report = make(Array.from({ length: 5 }, () => ({ skill: "p:a", selected: "p:a" })));
    expect(report.n).toBe(5);
    expect(() => assertNoCollision(report)).toThrow(VacuousAssertionError);
    expect(() => assertNoCollision(report, { maxPluginCollision: 1 })).toThrow(/no executed run for p:b/);
  });
});

describe("assertions read a Trace read back from JSON", () => {
  const live = createTrace({
    toolCalls: [{ id: "1", name: "Bash", input: { command: "ls" } }],
    output: "done",
    file: () => null,
  });
  const fromJson = JSON.parse(JSON.stringify(live)) as Trace;

  it("has lost file(), and usedTool still reads it", () => {
    expect((fromJson as { file?: unknown }).file).toBeUndefined();
    expect(usedTool(fromJson, "Bash")).toBe(true);
  });

  it("assertToolUsed is usedTool plus a throw that names the tools used", () => {
    expect(() => assertToolUsed(fromJson, "Bash")).not.toThrow();
    expect(() => assertToolUsed(fromJson, "Edit")).toThrow(AssertionFailedError);
    expect(() => assertToolUsed(fromJson, "Edit")).toThrow(
      /expected the agent to use tool "Edit", but it used \[Bash\]/,
    );
  });

  it("checks run on it too; a check that needs file() fails saying why instead of crashing", () => {
    expect(() => assertChecks(fromJson, [tool("Bash")])).not.toThrow();
    expect(() => assertChecks(fromJson, [tool("Edit")])).toThrow(AssertionFailedError);
    expect(() => assertChecks(fromJson, [wrote("OUT")])).toThrow(
      /no file\(\) \(it was read back from JSON\)/,
    );
  });
});
