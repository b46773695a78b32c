// vigiles mutate --command on a suite that records no coverage (a Python unittest suite, the
// pytest-style field case): pins that the registration probe (the suite run once with every
// registered command marked) turns registration mutants into "not exercised" when the suite only
// runs the script by its path, and leaves them survivors when it does run the registered command
// but checks nothing. Behaviour mutants stand at the script's path and are killed or survive as
// the tests decide. Also pins that mutants started during the baseline (a one-command suite) change
// no result. No real CLI: each mutant is one python3 unittest run.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import type { MutateReport } from "../../src/core/mutate/types.js";
import { mutantCatalogue } from "../../src/core/mutate/catalogue.js";
import { dialectOf } from "../../src/adapters/registry.js";
import { inventory } from "../../src/tools/mutate/inventory.js";
import { mutateHarness } from "../../src/tools/mutate/run-mutants.js";
import { soleSource, soleTest, speculate } from "../../src/tools/mutate/speculate.js";
import { hashTree } from "./fixture.mjs";
import { makeUnittestFixture, PY_GUARD_ID, UNITTEST_COMMAND } from "./unittest-fixture.mjs";

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

const statuses = (report: MutateReport) =>
  Object.fromEntries(report.mutants.map((m) => [m.id.replace(`${PY_GUARD_ID}#hook-`, ""), m.status]));

describe("--command suites without coverage records: the registration probe", () => {
  test("a suite that runs the script by its path: registration mutants are not exercised, behaviour mutants killed", async () => {
    const root = makeUnittestFixture({ suite: "by-path" });
    roots.push(root);
    const before = hashTree(root);
    const report = await mutateHarness({ root, command: UNITTEST_COMMAND, concurrency: 2 });
    expect(hashTree(root)).toBe(before);
    expect(statuses(report)).toEqual({
      "always-allows": "killed",
      crashes: "killed",
      "exit2-to-0": "killed",
      "deny-to-block": "not-applicable",
      unregistered: "not-exercised",
      "matcher-misses": "not-exercised",
      "past-timeout": "not-exercised",
    });
    for (const m of report.mutants.filter((x) => x.status === "not-exercised")) {
      expect(m.reason, m.id).toMatch(
        /probe run .* saw none run `python3 "\$CLAUDE_PROJECT_DIR"\/hooks\/guard.py` through its registration/,
      );
      expect(m.tests, m.id).toEqual([UNITTEST_COMMAND]);
      expect(m.suggestion, m.id).toMatch(/runHook\(\{ registration/);
    }
    expect(report.selectionNote).toMatch(/probe run .* found no handler run through the registration/);
    expect(report.score).toBe(100);
  }, 300_000);

  test("a suite that runs the registered command but checks nothing: registration mutants survive, named", async () => {
    const root = makeUnittestFixture({ suite: "registration-weak" });
    roots.push(root);
    const report = await mutateHarness({ root, command: UNITTEST_COMMAND, concurrency: 2 });
    expect(statuses(report)).toEqual({
      "always-allows": "survived",
      crashes: "survived",
      "exit2-to-0": "survived",
      "deny-to-block": "not-applicable",
      unregistered: "survived",
      "matcher-misses": "survived",
      "past-timeout": "survived",
    });
    for (const m of report.mutants.filter((x) => x.status === "survived"))
      expect(m.tests, m.id).toEqual([UNITTEST_COMMAND]);
    expect(report.selectionNote).toMatch(/probe run .* found 1 handler run through the registration/);
    expect(report.score).toBe(0);
  }, 300_000);
});

describe("mutants started during the baseline (a suite of one test)", () => {
  test("run on the one test while the baseline runs, and stop taking mutants once it is in", async () => {
    const root = makeUnittestFixture({ suite: "by-path" });
    roots.push(root);
    const options = { root, command: UNITTEST_COMMAND };
    expect(soleTest(root, options)).toBe(UNITTEST_COMMAND);
    const [guard] = inventory(root).items;
    const candidates = mutantCatalogue(guard ? [guard] : [], dialectOf).filter(
      (m) => m.notApplicable === undefined,
    );
    let running = true;
    const spec = speculate(
      root,
      candidates,
      soleSource(UNITTEST_COMMAND, 1, () => running),
      options,
      undefined,
    );
    const first = [...spec.runs.values()][0];
    expect([...spec.runs.keys()]).toEqual([candidates[0]?.id]); // one worker: one run at a time
    running = false; // the baseline is in: the worker finishes its run and takes no other
    const executed = await first;
    await spec.settled;
    expect(spec.runs.size).toBe(1);
    expect(executed && "run" in executed ? executed.run.outcome.status : executed).toBe("killed");
  }, 120_000);

  test("once the baseline sets the per-run limit, a run still going past it is stopped (and runs again later)", async () => {
    const root = makeUnittestFixture({ suite: "by-path" });
    roots.push(root);
    const slow = "sleep 30";
    const [guard] = inventory(root).items;
    const candidates = mutantCatalogue(guard ? [guard] : [], dialectOf).filter(
      (m) => m.notApplicable === undefined,
    );
    let running = true;
    const spec = speculate(
      root,
      candidates.slice(0, 1),
      soleSource(slow, 1, () => running),
      { root, command: slow },
      undefined,
    );
    const first = [...spec.runs.values()][0];
    running = false;
    const started = performance.now();
    spec.limitTo(500);
    expect(await first).toBeUndefined(); // stopped: the mutant is run again under the real limit
    await spec.settled;
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 60_000);

  test("a baseline that fails stops the runs started beside it (mutate does not wait them out)", async () => {
    const root = makeUnittestFixture({ suite: "by-path" });
    roots.push(root);
    const [guard] = inventory(root).items;
    const candidates = mutantCatalogue(guard ? [guard] : [], dialectOf).filter(
      (m) => m.notApplicable === undefined,
    );
    const spec = speculate(
      root,
      candidates,
      soleSource("sleep 30", 1, () => true),
      { root, command: "sleep 30" },
      undefined,
    );
    const first = [...spec.runs.values()][0];
    const started = performance.now();
    spec.stop();
    expect(await first).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 60_000);

  test("mutate refuses a suite that fails unmutated without waiting out a slow mutant run", async () => {
    const root = makeUnittestFixture({ suite: "by-path" });
    roots.push(root);
    // The baseline's copy fails at once; a mutant's copy (its guard replaced) would sleep for a minute.
    const command = 'if grep -q "rm -rf" hooks/guard.py; then exit 1; fi; sleep 60';
    const started = performance.now();
    await expect(mutateHarness({ root, command, concurrency: 2 })).rejects.toThrow(/fails before any mutant/);
    expect(performance.now() - started).toBeLessThan(30_000);
  }, 90_000);

  test("the report is the same with and without them", async () => {
    const root = makeUnittestFixture({ suite: "by-path" });
    roots.push(root);
    const view = (r: MutateReport) => r.mutants.map((m) => [m.id, m.status, m.tests, m.reason, m.testsWhy]);
    const options = { root, command: UNITTEST_COMMAND, concurrency: 2 };
    const early = await mutateHarness({ ...options, speculate: true });
    const late = await mutateHarness({ ...options, speculate: false });
    expect(view(early)).toEqual(view(late));
    expect(early.score).toBe(late.score);
  }, 300_000);
});
