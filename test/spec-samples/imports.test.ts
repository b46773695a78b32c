// The spec's import lines, against the BUILT package ("vigiles" resolves to dist/ through the
// package's self-reference; run `npm run build` first): every name a sample imports exists on the entry
// the sample imports it from, every runtime export of vigiles/eval is named paid_, and the
// "Imports & harness selection" sample selects each harness on the real CLI against the mock model.
import { describe, expect, expectTypeOf, test } from "vitest";
import * as root from "vigiles";
import * as evalEntry from "vigiles/eval";
import * as claudeCode from "vigiles/claude-code";
import * as codex from "vigiles/codex";
import * as hookEntry from "vigiles/hook";
import * as specEntry from "vigiles/spec";
import { runHarnessTest } from "vigiles";
import { codexAdapter } from "vigiles/codex";
import type { HarnessTestSpec, EvalReport, CheckReport } from "vigiles";
import type { EvalReport as EvalReportOnEval, CheckReport as CheckReportOnEval } from "vigiles/eval";

/** Per spec section: the entry a sample imports from and the names it imports (or calls unqualified). */
const imported: readonly (readonly [string, string, Record<string, unknown>, readonly string[]])[] = [
  [
    "Predicates",
    "vigiles",
    root,
    ["usedTool", "toolCount", "skillResolved", "toolUsedWith", "outputContains", "hookFired", "hookBlocked"],
  ],
  [
    "Assertions",
    "vigiles",
    root,
    [
      "assertToolSequence",
      "assertToolCount",
      "assertToolUsedWith",
      "assertToolCalls",
      "assertHookBlocked",
      "assertBlocksDisasters",
      "assertHookFired",
      "assertOutputContains",
      "assertCreated",
      "withHarness",
      "assertHookAllowed",
    ],
  ],
  [
    "Test a compiled hook in-process",
    "vigiles",
    root,
    ["loadHook", "assertHookDenies", "assertHookAllows", "assertHookNotices", "assertHookSilent"],
  ],
  ["Test a compiled hook in-process", "vigiles/hook", hookEntry, ["runHookProgram"]],
  ["Assert a subagent's typed outcome", "vigiles/spec", specEntry, ["experimental_agent"]],
  [
    "Assert a subagent's typed outcome",
    "vigiles",
    root,
    ["assertAgentOk", "assertAgentErr", "assertAgentResult"],
  ],
  [
    "The check vocabulary",
    "vigiles",
    root,
    [
      "tool",
      "skill",
      "output",
      "hookFired",
      "blocked",
      "allowed",
      "assertChecks",
      "assertRates",
      "checkReportToJUnit",
      "mcp",
      "subagent",
      "received",
      "turns",
      "wrote",
      "cost",
      "latency",
      "tokens",
      "compareCheck",
      "propertyHook",
      "runHook",
      "runHarness",
    ],
  ],
  ["The check vocabulary", "vigiles/eval", evalEntry, ["paid_measure", "paid_judged", "paid_measureArms"]],
  ["vitest / jest matchers", "vigiles", root, ["vigilesMatchers"]],
  ["measureTriggerRate options", "vigiles", root, ["skillResolved", "assertTriggerRate"]],
  ["measureTriggerRate options", "vigiles/eval", evalEntry, ["paid_measureTriggerRate"]],
  [
    "Selection-collision matrix",
    "vigiles/claude-code",
    claudeCode,
    ["measureSelectionMatrix", "assertNoCollision"],
  ],
  [
    "runEval, measure, measureArms",
    "vigiles/eval",
    evalEntry,
    ["paid_judge", "paid_runEval", "paid_measure"],
  ],
  [
    "Significance & regression gating",
    "vigiles",
    root,
    [
      "assertSignificant",
      "significantlyBeats",
      "compareArms",
      "assertReliable",
      "writeBaseline",
      "readBaseline",
      "assertNoRegression",
      "diffToJUnit",
      "diffReports",
    ],
  ],
  ["Imports & harness selection", "vigiles", root, ["runHarnessTest", "runHook", "defineEval"]],
  [
    "Imports & harness selection",
    "vigiles/eval",
    evalEntry,
    [
      "paid_runEval",
      "paid_measure",
      "paid_measureArms",
      "paid_measureTriggerRate",
      "paid_judge",
      "paid_judged",
      "paid_claudeEvalDriver",
    ],
  ],
  [
    "Imports & harness selection",
    "vigiles/claude-code",
    claudeCode,
    ["scriptModel", "loadPlugin", "resolveHarness", "measureSelectionMatrix", "assertNoCollision"],
  ],
  ["Imports & harness selection", "vigiles/codex", codex, ["codexAdapter"]],
];

describe("every name a spec sample imports is on the built entry it names", () => {
  test.each(imported.map(([section, from, mod, names]) => [`${section}: ${from}`, mod, names] as const))(
    "%s",
    (_label, mod, names) => {
      expect(names.filter((n) => mod[n] === undefined)).toEqual([]);
    },
  );

  test("vigiles/eval: every runtime export is paid_ except error classes; nothing model-calling on the root", () => {
    const unprefixed = Object.keys(evalEntry).filter((k) => !k.startsWith("paid_"));
    expect(unprefixed.filter((k) => !k.endsWith("Error"))).toEqual([]);
    for (const name of Object.keys(evalEntry).filter((k) => k.startsWith("paid_"))) {
      expect(root, `${name} is on the free root`).not.toHaveProperty(name);
      expect(root, `${name.slice(5)} is on the free root`).not.toHaveProperty(name.slice(5));
    }
    // CC-only measurement is not on the agnostic root.
    expect(root).not.toHaveProperty("measureSelectionMatrix");
    expect(root).not.toHaveProperty("assertNoCollision");
    expect(root).not.toHaveProperty("scriptModel");
  });

  test("the report types are on both barrels (never import vigiles/eval for a type alone)", () => {
    expectTypeOf<CheckReport>().toEqualTypeOf<EvalReport>();
    expectTypeOf<CheckReportOnEval>().toEqualTypeOf<CheckReport>();
    expectTypeOf<EvalReportOnEval>().toEqualTypeOf<EvalReport>();
    expectTypeOf(root.checkReportToJUnit).parameter(0).toEqualTypeOf<CheckReport>();
  });

  test("the sample's entries are the package's exports (no vigiles/test, no old barrels)", async () => {
    for (const gone of [
      "vigiles/test",
      "vigiles/unit",
      "vigiles/integration",
      "vigiles/e2e",
      "vigiles/testing",
    ]) {
      await expect(import(/* @vite-ignore */ gone), gone).rejects.toThrow();
    }
  });
});

describe("Imports & harness selection", () => {
  const spec: HarnessTestSpec = {
    prompt: "write the marker",
    model: [{ tool: "Bash", input: { command: "printf selected > MARK" } }, { text: "marked" }],
    sandbox: false,
  };

  test.concurrent("await runHarnessTest(spec); // Claude Code (default)", async () => {
    const r = await runHarnessTest(spec); // Claude Code (default)
    try {
      expect(r.file("MARK")).toBe("selected");
      expect(r.output).toBe("marked");
      expect(r.harness).toMatchObject({ adapterId: "claude-code" });
    } finally {
      r.cleanup();
    }
  });

  test.concurrent("await runHarnessTest(spec, { adapter: codexAdapter }); // a second harness", async () => {
    const r = await runHarnessTest(spec, { adapter: codexAdapter }); // a second harness
    try {
      expect(r.file("MARK")).toBe("selected");
      expect(r.output).toBe("marked");
      expect(r.harness).toMatchObject({ adapterId: "codex" });
    } finally {
      r.cleanup();
    }
  });
});
