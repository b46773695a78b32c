// Mutants started while a suite of several harness files is still in its baseline (speculate.ts,
// progressSource): pins what such a run is worth once the plan is known (earlyRunUse), that a run
// on some of the plan's tests that passed is continued on the rest only (the first file is not run
// twice), how the baseline's progress reports idle slots, and that the report of the whole run is
// the same with and without speculation. No real CLI: the files use runHook on a shell guard.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { mutantCatalogue } from "../../src/core/mutate/catalogue.js";
import { dialectOf } from "../../src/adapters/registry.js";
import type { MutateReport } from "../../src/core/mutate/types.js";
import { BaselineProgress, runBaseline, type Baseline } from "../../src/tools/mutate/baseline.js";
import { makeSharedModules, removeSharedModules, type SharedModules } from "../../src/tools/mutate/copy.js";
import { inventory } from "../../src/tools/mutate/inventory.js";
import { earlyRunUse } from "../../src/tools/mutate/early-run.js";
import { executeMutant, runMutant, type Executed } from "../../src/tools/mutate/run-mutant.js";
import { mutateHarness } from "../../src/tools/mutate/run-mutants.js";
import { repoRoot } from "./fixture.mjs";

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

const GUARD = `#!/bin/sh
input=$(cat)
case "$input" in
  *"rm -rf /"*) echo "refusing rm -rf /" >&2; exit 2 ;;
esac
exit 0
`;

/** A harness file that appends its name to $SPECULATE_MARKS each run, then checks `check`. */
const harness = (name: string, check: string) => `import { appendFileSync, readFileSync } from "node:fs";
import { runHook } from "vigiles";
if (process.env.SPECULATE_MARKS) appendFileSync(process.env.SPECULATE_MARKS, "${name}\\n");
const root = new URL(".", import.meta.url).pathname;
const registration = JSON.parse(readFileSync(root + ".claude/settings.json", "utf8"));
const run = (command) => runHook({ registration }, { tool_name: "Bash", tool_input: { command } }, { cwd: root });
${check}
`;

/**
 * weak.harness.mjs only checks that a harmless command goes through; strong.harness.mjs checks the
 * block. Both reach the guard through its registration.
 */
function makeTwoTestFixture(): string {
  const base = join(repoRoot, ".vigiles", "tmp");
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, "speculate-files-"));
  roots.push(root);
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write(
    ".claude/settings.json",
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR/hooks/guard.sh"', timeout: 3 }],
          },
        ],
      },
    }),
  );
  write("hooks/guard.sh", GUARD);
  chmodSync(join(root, "hooks/guard.sh"), 0o755);
  write(
    "weak.harness.mjs",
    harness(
      "weak",
      `if (run("git status").exitCode !== 0) { console.error("FAILED: git status"); process.exit(1); }`,
    ),
  );
  write(
    "strong.harness.mjs",
    harness(
      "strong",
      `const r = run("rm -rf /"); if (!(r.blocked && r.exitCode === 2)) { console.error("FAILED: rm -rf / went through"); process.exit(1); }`,
    ),
  );
  return root;
}

const passed: Executed = {
  run: { outcome: { status: "survived", tests: ["a"] }, timedOut: false },
  stubRan: undefined,
  tests: ["a"],
};

describe("what a run started before the plan is worth (earlyRunUse)", () => {
  const plan = { tests: ["a", "b"], why: "" };
  const killedBy = (killer: string, tests: string[]): Executed => ({
    run: { outcome: { status: "killed", tests }, timedOut: false, killedBy: killer },
    stubRan: undefined,
    tests,
  });
  test("all the plan's tests ran: the run stands whole", () => {
    expect(earlyRunUse({ ...passed, tests: ["b", "a"] }, plan)).toEqual({ use: "whole" });
  });
  test("killed by a planned test with every planned test before it passed: the run stands", () => {
    expect(earlyRunUse(killedBy("a", ["a"]), plan)).toEqual({ use: "whole" });
    expect(earlyRunUse(killedBy("b", ["a", "b"]), plan)).toEqual({ use: "whole" });
  });
  test("killed by a planned test that the plan runs after one not run yet: that one runs first", () => {
    // The plan would have run a first and, had a failed, named a as the killer.
    expect(earlyRunUse(killedBy("b", ["b"]), plan)).toEqual({ use: "first", before: ["a"] });
  });
  test("some ran and passed: the rest run after it", () => {
    expect(earlyRunUse(passed, plan)).toEqual({ use: "continue", rest: ["b"] });
  });
  test("it timed out, errored, or ran a test the plan does not pick: run again", () => {
    expect(earlyRunUse({ ...passed, run: { ...passed.run, timedOut: true } }, plan)).toEqual({ use: "none" });
    const errored: Executed = {
      ...passed,
      run: { ...passed.run, outcome: { status: "error", tests: ["a"] } },
    };
    expect(earlyRunUse(errored, plan)).toEqual({ use: "none" });
    expect(earlyRunUse({ ...passed, tests: ["c"] }, plan)).toEqual({ use: "none" });
  });
});

describe("the baseline's progress", () => {
  test("no slot is idle while files wait; then every slot not running a file", () => {
    const p = new BaselineProgress();
    let changes = 0;
    p.onChange(() => changes++);
    p.started("/r", 3, 2);
    p.fileStarted();
    p.fileStarted();
    expect(p.idleSlots()).toBe(0); // the third file waits for a slot
    expect(p.sofar()).toBeUndefined();
    p.fileEnded("a", 10, []); // passed, recorded nothing
    p.fileStarted();
    expect(p.idleSlots()).toBe(0);
    expect(p.sofar()).toBeUndefined(); // nothing recorded yet: no plan to go by
    p.fileEnded("b", 20, undefined); // failed: its records never count
    expect(p.idleSlots()).toBe(1);
    expect(changes).toBe(2);
  });
});

/** The marks file the fixture's harness files append to: empty, set as $SPECULATE_MARKS for `body`, restored after. */
async function withMarks(root: string, body: (marks: string) => Promise<void>): Promise<void> {
  const marks = join(root, "..", `${basename(root)}.marks`);
  roots.push(marks);
  writeFileSync(marks, "");
  const previous = process.env["SPECULATE_MARKS"];
  process.env["SPECULATE_MARKS"] = marks;
  try {
    await body(marks);
  } finally {
    if (previous === undefined) delete process.env["SPECULATE_MARKS"];
    else process.env["SPECULATE_MARKS"] = previous;
  }
}

const markLines = (marks: string) => readFileSync(marks, "utf8").split("\n").filter(Boolean);

/** The two-file fixture's baseline (run once, in order) and shared modules for `body`, marks cleared after it. */
async function withTwoFileBaseline(
  body: (root: string, baseline: Baseline, shared: SharedModules | undefined, marks: string) => Promise<void>,
): Promise<void> {
  const root = makeTwoTestFixture();
  const shared = makeSharedModules(root);
  try {
    await withMarks(root, async (marks) => {
      const baseline = await runBaseline(root, { concurrency: 1 }, shared);
      expect([...baseline.records.keys()].sort()).toEqual(["strong.harness.mjs", "weak.harness.mjs"]);
      writeFileSync(marks, "");
      await body(root, baseline, shared, marks);
    });
  } finally {
    removeSharedModules(shared);
  }
}

describe("a mutant started on the files already in, continued on the rest", () => {
  test("survived the weak file early: only the strong file runs after, and kills it", async () => {
    await withTwoFileBaseline(async (root, baseline, shared, marks) => {
      const mutant = mutantCatalogue(inventory(root).items, dialectOf).find(
        (m) => m.kind === "hook-always-allows",
      );
      if (mutant === undefined) throw new Error("no always-allows mutant");
      const early = await executeMutant(root, mutant, ["weak.harness.mjs"], 60_000, {}, shared);
      expect(early && "run" in early ? early.run.outcome.status : early).toBe("survived");
      const result = await runMutant(root, mutant, baseline, {}, shared, undefined, Promise.resolve(early));
      expect(result).toMatchObject({ status: "killed", tests: ["strong.harness.mjs", "weak.harness.mjs"] });
      expect(result?.reason).toMatch(/^strong\.harness\.mjs: .*rm -rf \/ went through/);
      // weak ran once (the early run), strong once (the rest): nothing ran twice.
      expect(markLines(marks).sort()).toEqual(["strong", "weak"]);
    });
  }, 120_000);
});

describe("a mutant killed early by a file the plan runs second", () => {
  test("the plan's first file runs, and is named the killer as it would be without speculation", async () => {
    await withTwoFileBaseline(async (root, baseline, shared, marks) => {
      const crash = mutantCatalogue(inventory(root).items, dialectOf).find((m) => m.kind === "hook-crashes");
      if (crash === undefined) throw new Error("no crash mutant");
      // Both files notice a crash; the plan runs strong first (the baseline's order).
      const early = await executeMutant(root, crash, ["weak.harness.mjs"], 60_000, {}, shared);
      expect(early && "run" in early ? early.run.killedBy : early).toBe("weak.harness.mjs");
      const result = await runMutant(root, crash, baseline, {}, shared, undefined, Promise.resolve(early));
      const late = await runMutant(root, crash, baseline, {}, shared);
      expect(result).toMatchObject({ status: "killed", tests: ["strong.harness.mjs", "weak.harness.mjs"] });
      expect(result?.reason).toMatch(/^strong\.harness\.mjs: /);
      expect(result?.reason).toBe(late?.reason);
      // weak (early), strong (the one before it), then strong alone again for `late`.
      expect(markLines(marks)).toEqual(["weak", "strong", "strong"]);
    });
  }, 120_000);
});

describe("a suite of several files, with and without speculation", () => {
  test("mutants start in the slot the slow file's baseline leaves idle, and the report is the same", async () => {
    const root = makeTwoTestFixture();
    // A third, slow file that reaches nothing of the guard's (so it never runs for a mutant). It
    // ends once the marks show a run besides the baseline's two (SPECULATE_WAIT=3; at most 60 s),
    // or at once after those two: it keeps a slot busy, and the other slot idle, meanwhile.
    writeFileSync(
      join(root, "slow.harness.mjs"),
      `import { appendFileSync, readFileSync } from "node:fs";
const lines = () => readFileSync(process.env.SPECULATE_MARKS, "utf8").split("\\n").filter(Boolean).length;
const want = Number(process.env.SPECULATE_WAIT);
for (const end = Date.now() + 60_000; lines() < want && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
appendFileSync(process.env.SPECULATE_MARKS, "slow-end\\n");
`,
    );
    await withMarks(root, async (marks) => {
      /** How many weak/strong runs began before the slow file's baseline run ended. */
      const beforeSlowEnds = () => {
        const lines = markLines(marks);
        return lines.slice(0, lines.indexOf("slow-end")).length;
      };
      const view = (r: MutateReport) => r.mutants.map((m) => [m.id, m.status, m.tests, m.reason, m.testsWhy]);
      try {
        process.env["SPECULATE_WAIT"] = "3";
        const early = await mutateHarness({ root, concurrency: 2, speculate: true });
        const earlyRuns = beforeSlowEnds();
        writeFileSync(marks, "");
        process.env["SPECULATE_WAIT"] = "2";
        const late = await mutateHarness({ root, concurrency: 2, speculate: false });
        expect(beforeSlowEnds()).toBe(2); // the baseline's own weak and strong runs
        expect(earlyRuns).toBeGreaterThan(2); // and mutants' runs beside the slow one
        expect(view(early)).toEqual(view(late));
        expect(early.score).toBe(late.score);
        expect(early.mutants.filter((m) => m.status === "killed").length).toBeGreaterThan(0);
      } finally {
        delete process.env["SPECULATE_WAIT"];
      }
    });
  }, 240_000);
});
