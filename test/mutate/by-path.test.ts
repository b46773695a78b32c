// vigiles mutate on issue 23's repository: one guard registered in .claude/settings.json and tested
// by its command the way the reference writes hook tests (`runHook("bash hooks/guard.sh")` +
// `assertHookBlocked`). Pins that such a test is linked to the registration that runs the same
// script, that behaviour mutants are put at the script's path so the test meets them, that
// registration mutants are "not exercised" for it (never survivors), and that a weak test lets the
// behaviour mutants survive with the test that ran named. Runs the fixture with vigiles' runner and
// with `--command`; no real CLI (each mutant is a node process of a second or so).
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { MutantResult, MutateReport } from "../../src/core/mutate/types.js";
import { mutateHarness } from "../../src/tools/mutate/run-mutants.js";
import { liveTempDirs } from "../../src/runtime/temp-dir.js";
import { GUARD_ID, makeByPathFixture } from "./by-path-fixture.mjs";
import { hashTree } from "./fixture.mjs";

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
const fixture = (options: Parameters<typeof makeByPathFixture>[0]) => {
  const root = makeByPathFixture(options);
  roots.push(root);
  return root;
};
const mutant = (report: MutateReport, kind: string): MutantResult => {
  const m = report.mutants.find((x) => x.id === `${GUARD_ID}#hook-${kind}`);
  if (m === undefined) throw new Error(`no ${kind} mutant in ${report.mutants.map((x) => x.id).join(", ")}`);
  return m;
};
const BEHAVIOUR = ["always-allows", "crashes", "exit2-to-0"] as const;
const REGISTRATION = ["unregistered", "matcher-misses", "past-timeout"] as const;

/** Holds a state file under $TMPDIR for 3 s and fails when another run holds it. */
const TMP_STATE = `import { openSync, closeSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
const state = join(tmpdir(), "vigiles-test-suite-state");
closeSync(openSync(state, "wx")); // throws EEXIST when another run holds it
await new Promise((r) => setTimeout(r, 3000));
rmSync(state);
`;

const reports: Record<string, MutateReport> = {};
let strongRoot = "";
let strongBefore = "";

beforeAll(async () => {
  strongRoot = fixture({ strength: "strong" });
  strongBefore = hashTree(strongRoot);
  const runs = {
    strong: () => mutateHarness({ root: strongRoot }),
    weak: () => mutateHarness({ root: fixture({ strength: "weak" }) }),
    command: () =>
      mutateHarness({ root: fixture({ layout: "command" }), command: "node test/guard.test.mjs" }),
    // A suite that keeps state under $TMPDIR (as a field suite did): mutants running at once must not share it.
    "tmp-state": () => {
      const root = fixture({ strength: "weak", layout: "command" });
      writeFileSync(join(root, "test/state.mjs"), TMP_STATE);
      return mutateHarness({ root, command: "node test/state.mjs && node test/guard.test.mjs" });
    },
    "strong-registration": () => mutateHarness({ root: fixture({ strength: "strong-registration" }) }),
    "weak-registration": () => mutateHarness({ root: fixture({ strength: "weak-registration" }) }),
  };
  // One after another: each already runs its mutants two at a time.
  for (const [name, run] of Object.entries(runs)) reports[name] = await run();
}, 400_000);

describe("a guard tested by its script path (runHook + assertHookBlocked)", () => {
  test("always-allows, crashes and exit 2 -> 0 are killed by that test, at the script", () => {
    const r = reports["strong"] as MutateReport;
    for (const kind of BEHAVIOUR) {
      const m = mutant(r, kind);
      expect([kind, m.status]).toEqual([kind, "killed"]);
      expect(m.tests).toEqual(["guard.harness.mjs"]);
      expect(m.testsWhy).toMatch(/guard\.harness\.mjs reaches it by its script hooks\/guard\.sh/);
    }
    expect(mutant(r, "exit2-to-0").reason).toMatch(/guard\.harness\.mjs/);
  });

  test("removed, matcher misses and past its timeout are not exercised (the test never reads the registration), never survivors", () => {
    const r = reports["strong"] as MutateReport;
    for (const kind of REGISTRATION) {
      const m = mutant(r, kind);
      expect([kind, m.status]).toEqual([kind, "not-exercised"]);
      expect(m.tests).toEqual([]);
      expect(m.reason).toMatch(/guard\.harness\.mjs run the hook only by its script/);
      expect(m.suggestion).toMatch(/runHook\(\{ registration/);
    }
    expect(r.mutants.filter((m) => m.status === "survived")).toEqual([]);
    expect(r.score).toBe(100);
  });

  test("the JSON-deny mutant on a guard that only exits 2 is not applicable, not counted", () => {
    const r = reports["strong"] as MutateReport;
    const m = mutant(r, "deny-to-block");
    expect(m.status).toBe("not-applicable");
    expect(m.reason).toMatch(/never writes a JSON "deny"/);
    expect(r.items.find((i) => i.item === GUARD_ID)).toMatchObject({
      killed: 3,
      survived: 0,
      notApplicable: 1,
      notExercised: 3,
      score: 100,
    });
  });

  test("with a weak test (it only checks that the hook answered) the three survive, each with the test that ran", () => {
    const r = reports["weak"] as MutateReport;
    for (const kind of BEHAVIOUR) {
      const m = mutant(r, kind);
      expect([kind, m.status]).toEqual([kind, "survived"]);
      expect(m.tests).toEqual(["guard.harness.mjs"]);
      expect(m.testsWhy).toMatch(/by its script hooks\/guard\.sh/);
      expect(m.suggestion).toMatch(/^no test /);
    }
    expect(r.score).toBe(0);
  });

  test("under --command the same test (run by node) kills the same three; the registration mutants are not exercised", () => {
    const r = reports["command"] as MutateReport;
    expect(r.selection).toBe("command");
    for (const kind of BEHAVIOUR) {
      const m = mutant(r, kind);
      expect([kind, m.status]).toEqual([kind, "killed"]);
      expect(m.tests).toEqual(["node test/guard.test.mjs"]);
    }
    for (const kind of REGISTRATION) expect([kind, mutant(r, kind).status]).toEqual([kind, "not-exercised"]);
  });

  test("each mutant's run of the project's command gets its own $TMPDIR: state kept there never kills another mutant", () => {
    const r = reports["tmp-state"] as MutateReport;
    for (const kind of BEHAVIOUR) expect([kind, mutant(r, kind).status]).toEqual([kind, "survived"]);
  });

  test("the user's tree is byte-identical and every copy is gone", () => {
    expect(hashTree(strongRoot)).toBe(strongBefore);
    expect(liveTempDirs().filter((d) => d.includes("vigiles-mutant-"))).toEqual([]);
  });
});

describe("the same guard tested through its registration", () => {
  test("a checking test kills every hook mutant, the registration ones included", () => {
    const r = reports["strong-registration"] as MutateReport;
    for (const kind of [...BEHAVIOUR, ...REGISTRATION]) {
      const m = mutant(r, kind);
      expect([kind, m.status]).toEqual([kind, "killed"]);
      expect(m.testsWhy).toMatch(/through its registration in \.claude\/settings\.json/);
    }
  });

  test("a test that checks nothing lets every one survive, each with the test that ran", () => {
    const r = reports["weak-registration"] as MutateReport;
    for (const kind of [...BEHAVIOUR, ...REGISTRATION]) {
      const m = mutant(r, kind);
      expect([kind, m.status]).toEqual([kind, "survived"]);
      expect(m.tests).toEqual(["guard.harness.mjs"]);
    }
  });
});
