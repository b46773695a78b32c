// vigiles mutate end to end on a small fixture repository whose harness files use runHook (no real
// CLI): what is killed, what survives and why, that one deleted assertion lets one named mutant
// survive, and that the user's tree is byte-identical after a run and after a Ctrl-C mid-run.
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mutateHarness } from "../../src/tools/mutate/run-mutants.js";
import { liveTempDirs } from "../../src/runtime/temp-dir.js";
import type { MutateReport } from "../../src/core/mutate/types.js";
import { hashTree, makeFixture, repoRoot } from "./fixture.mjs";

const fixtures: string[] = [];
afterAll(() => fixtures.forEach((f) => rmSync(f, { recursive: true, force: true })));
const fixture = (options?: { withForcePushAssertion?: boolean }) => {
  const root = makeFixture(options);
  fixtures.push(root);
  return root;
};
const mutantDirs = (dir = tmpdir()) =>
  new Set(readdirSync(dir).filter((n) => n.startsWith("vigiles-mutant-")));
// The built CLI, as a user runs it (`npm test` builds first; the beforeAll below rebuilds a stale dist).
const cli = [process.execPath, join(repoRoot, "dist/cli/main.js"), "mutate"];

beforeAll(() => {
  // The fixture's harness files import the built package; its runtime must carry the program flip.
  const runtime = join(repoRoot, "dist/tiers/hook-program/runtime.js");
  if (
    !existsSync(join(repoRoot, "dist/cli/main.js")) ||
    !existsSync(runtime) ||
    !readFileSync(runtime, "utf8").includes("VIGILES_MUTANT")
  )
    spawnSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "ignore" });
}, 300_000);

describe("vigiles mutate on the fixture", () => {
  let report: MutateReport;
  let root: string;
  let before: string;

  beforeAll(async () => {
    root = fixture();
    before = hashTree(root);
    report = await mutateHarness({ root });
  }, 180_000);

  const status = (id: string) => report.mutants.find((m) => m.id === id)?.status;
  const guard = ".claude/settings.json:PreToolUse[0].hooks[0]";
  const inject = ".claude/settings.json:UserPromptSubmit[0].hooks[0]";

  test("every breakage of the tested guard, injector and program is killed", () => {
    for (const kind of [
      "always-allows",
      "crashes",
      "exit2-to-0",
      "deny-to-block",
      "unregistered",
      "matcher-misses",
      "past-timeout",
    ])
      expect([kind, status(`${guard}#hook-${kind}`)]).toEqual([kind, "killed"]);
    for (const kind of ["always-allows", "crashes", "unregistered", "past-timeout"])
      expect([kind, status(`${inject}#hook-${kind}`)]).toEqual([kind, "killed"]);
    expect(status("program programs/gate.hook.mjs#program-deny-to-allow")).toBe("killed");
    const killedGuard = report.mutants.find((m) => m.id === `${guard}#hook-deny-to-block`);
    expect(killedGuard?.tests).toEqual(["guard.harness.mjs"]); // only the test that touched it ran
    expect(killedGuard?.reason).toMatch(/force push is denied/);
  });

  test("the score is reported per item and overall; nothing is a survivor without a test that ran", () => {
    expect(report.version).toBe(3);
    expect(report.selection).toBe("coverage");
    const score = (item: string) => report.items.find((i) => i.item === item)?.score;
    expect(score(guard)).toBe(100);
    // Nothing tests the Notification hook or the skills: not exercised, so no score, never 0%.
    expect(score(".claude/settings.json:Notification[0].hooks[0]")).toBeNull();
    expect(score("skill .claude/skills/changelog/SKILL.md")).toBeNull();
    for (const s of report.mutants.filter((m) => m.status === "survived")) {
      expect(s.suggestion, s.id).toMatch(/^no test /);
      expect(s.tests.length, s.id).toBeGreaterThan(0);
    }
    const unreached = report.mutants.filter((m) => m.status === "not-exercised");
    expect(unreached.map((m) => m.id)).toContain(
      ".claude/settings.json:Notification[0].hooks[0]#hook-crashes",
    );
    expect(unreached.map((m) => m.id)).toContain("skill .claude/skills/changelog/SKILL.md#skill-removed");
    for (const m of unreached) {
      expect(m.tests, m.id).toEqual([]);
      expect(m.reason, m.id).toMatch(/no test reached this item/);
      expect(m.suggestion, m.id).toMatch(/runHook|runHarnessTest/);
    }
    const count = (st: string) => report.mutants.filter((m) => m.status === st).length;
    const killed = count("killed");
    expect(report.score).toBe(Math.round((1000 * killed) / (killed + count("survived"))) / 10);
    expect(report.mutants.filter((m) => m.status === "error")).toEqual([]);
  });

  test("mutants that cannot change their item are not applicable, named with their reason and not counted", () => {
    const na = report.mutants.filter((m) => m.status === "not-applicable");
    expect(na.map((m) => m.id).sort()).toEqual(
      [
        `${inject}#hook-exit2-to-0`,
        `${inject}#hook-deny-to-block`,
        `${inject}#hook-matcher-misses`,
        ".claude/settings.json:Notification[0].hooks[0]#hook-always-allows",
        ".claude/settings.json:Notification[0].hooks[0]#hook-exit2-to-0",
        ".claude/settings.json:Notification[0].hooks[0]#hook-deny-to-block",
        ".claude/settings.json:Notification[0].hooks[0]#hook-past-timeout",
        "program programs/gate.hook.mjs#program-inject-to-nothing",
        "program programs/gate.hook.mjs#program-notice-to-silence",
      ].sort(),
    );
    expect(na.every((m) => (m.reason ?? "").length > 10)).toBe(true);
    expect(report.items.find((i) => i.item === inject)).toMatchObject({ notApplicable: 3, score: 100 });
  });

  test("the user's tree is byte-identical and every copy is gone", () => {
    expect(hashTree(root)).toBe(before);
    expect(liveTempDirs().filter((d) => d.includes("vigiles-mutant-"))).toEqual([]);
  });
});

describe("the CLI", () => {
  test("one deleted assertion lets deny-to-block survive; --since, --format json --out, --min-score", () => {
    const root = fixture({ withForcePushAssertion: false });
    const git = (...args: string[]) =>
      spawnSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", ...args], {
        cwd: root,
        encoding: "utf8",
      });
    git("init", "-q");
    git("add", "-A");
    git("commit", "-q", "-m", "fixture");
    appendFileSync(join(root, "hooks/guard.sh"), "# touched\n");
    const before = hashTree(root);
    const out = join(root, "..", `${root.split("/").at(-1)}-report.json`);
    fixtures.push(out);
    const r = spawnSync(
      cli[0] as string,
      [
        ...cli.slice(1),
        "--root",
        root,
        "--since",
        "HEAD",
        "--format",
        "json",
        "--out",
        out,
        "--min-score",
        "100",
      ],
      { cwd: repoRoot, encoding: "utf8", timeout: 170_000 },
    );
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/below --min-score 100/);
    const report = JSON.parse(readFileSync(out, "utf8")) as MutateReport;
    expect(report.version).toBe(3);
    // --since: only the guard (its script changed) is mutated.
    expect(new Set(report.mutants.map((m) => m.item))).toEqual(
      new Set([".claude/settings.json:PreToolUse[0].hooks[0]"]),
    );
    const survivors = report.mutants.filter((m) => m.status === "survived");
    expect(survivors.map((m) => m.kind)).toEqual(["hook-deny-to-block"]);
    expect(survivors[0]?.suggestion).toMatch(/legal "deny"/);
    expect(survivors[0]?.tests).toEqual(["guard.harness.mjs"]);
    expect(hashTree(root)).toBe(before);
  }, 180_000);

  test("--command runs the project's own test command per mutant; a suite that fails unmutated is refused", async () => {
    const root = fixture({ withForcePushAssertion: false });
    const git = (...args: string[]) =>
      spawnSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", ...args], { cwd: root });
    git("init", "-q");
    git("add", "-A");
    git("commit", "-q", "-m", "fixture");
    appendFileSync(join(root, "hooks/guard.sh"), "# touched\n");
    const report = await mutateHarness({ root, since: "HEAD", command: "node guard.harness.mjs" });
    expect(report.selection).toBe("command");
    const by = Object.fromEntries(report.mutants.map((m) => [m.kind, m.status]));
    expect(by).toMatchObject({
      "hook-always-allows": "killed",
      "hook-deny-to-block": "survived",
      "hook-exit2-to-0": "killed",
    });
    expect(report.mutants.find((m) => m.kind === "hook-deny-to-block")?.tests).toEqual([
      "node guard.harness.mjs",
    ]);
    const r = spawnSync(
      cli[0] as string,
      [...cli.slice(1), "--root", root, "--since", "HEAD", "--command", "exit 3"],
      { cwd: repoRoot, encoding: "utf8", timeout: 60_000 },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/fails before any mutant \(exit 3\)/);
  }, 180_000);

  test("Ctrl-C mid-run: exit 130, running mutants killed, copies removed, the tree byte-identical", async () => {
    const root = fixture();
    const before = hashTree(root);
    // A TMPDIR of its own: other mutate test files running at the same time make and remove
    // vigiles-mutant-* dirs in the shared temp dir, which would read as this run's leftovers.
    const ownTmp = mkdtempSync(join(tmpdir(), "vigiles-ctrlc-tmp-"));
    const dirsBefore = mutantDirs(ownTmp);
    const child = spawn(cli[0] as string, [...cli.slice(1), "--root", root, "--concurrency", "1"], {
      cwd: repoRoot,
      env: { ...process.env, TMPDIR: ownTmp },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    let sawMutantDir = false;
    const code = await new Promise<number | null>((resolve) => {
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        // The first mutant finished: the next one is running in its copy now.
        if (/^\s+(killed|survived)/m.test(stderr) && !child.killed) {
          setTimeout(() => {
            sawMutantDir = [...mutantDirs(ownTmp)].some((d) => !dirsBefore.has(d));
            child.kill("SIGINT");
          }, 300);
        }
      });
      child.on("close", (c) => resolve(c));
    });
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(/interrupted/);
    expect(sawMutantDir).toBe(true);
    expect([...mutantDirs(ownTmp)].filter((d) => !dirsBefore.has(d))).toEqual([]);
    rmSync(ownTmp, { recursive: true, force: true });
    expect(hashTree(root)).toBe(before);
  }, 180_000);
});
