// vigiles mutate on the bundled examples/guard-plugin: its harness file drives the real Claude Code
// CLI against a scripted mock (free, deterministic, ~1 minute for all mutants on 2 cores). The
// score is reported, every survivor is explained, and the example's tree is byte-identical after.
// Its skills and its agent are listed to the model in that run, so their mutants are met there (issue 34).
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { claudeAvailable } from "../../src/tiers/harness/availability.js";
import { mutateHarness } from "../../src/tools/mutate/run-mutants.js";
import { hashTree, repoRoot } from "./fixture.mjs";

describe.skipIf(!claudeAvailable())("vigiles mutate on examples/guard-plugin (real Claude Code CLI)", () => {
  test("scores every hook, skill and agent and explains every survivor", async () => {
    const root = join(repoRoot, "examples/guard-plugin");
    const before = hashTree(root);
    const report = await mutateHarness({ root });
    expect(hashTree(root)).toBe(before);
    expect(report.selection).toBe("coverage");
    expect(report.mutants.filter((m) => m.status === "error")).toEqual([]);
    expect(report.score).not.toBeNull();
    const kinds = new Set(report.items.map((i) => i.kind));
    expect(kinds).toEqual(new Set(["hook", "program", "skill", "agent"]));
    // The stop gate and the prompt injector are checked by the harness test: removing them is noticed.
    const status = (id: string) => report.mutants.find((m) => m.id === id)?.status;
    expect(status("hooks/hooks.json:Stop[0].hooks[0]#hook-unregistered")).toBe("killed");
    expect(status("hooks/hooks.json:UserPromptSubmit[0].hooks[0]#hook-always-allows")).toBe("killed");
    // The harness test runs with the plugin's skills listed to the model but checks no listing: a
    // skill mutant changes what reached the model and survives, its suggestion naming the free
    // listing check. No test starts the agent, but its description is listed to the model too (in
    // the Agent tool's definition): its mutants survive the same way, the advice naming that check.
    for (const m of report.mutants.filter((x) => x.itemKind === "skill"))
      if (m.status !== "not-applicable") {
        expect([m.id, m.status]).toEqual([m.id, "survived"]);
        expect(m.suggestion, m.id).toMatch(/received\(\//);
      }
    for (const m of report.mutants.filter((x) => x.itemKind === "agent"))
      if (m.status !== "not-applicable") {
        expect([m.id, m.status]).toEqual([m.id, "survived"]);
        expect(m.suggestion, m.id).toMatch(/free listing check/);
      }
    for (const m of report.mutants.filter((x) => x.status === "survived")) {
      expect(m.suggestion, m.id).toMatch(/^no test /);
      expect(m.tests, m.id).toEqual(["guard.harness.mjs"]);
    }
    for (const m of report.mutants.filter((x) => x.status === "not-applicable"))
      expect(m.reason, m.id).toMatch(/never|no matcher|honours no/);
  }, 300_000);
});
