// Pins `vigiles test` as a Vitest user expects it (issue 22): several `test(name, fn)` in one
// harness file, each reported on its own (list, JUnit testcase, GitHub annotation at the failing
// line); a failure shows its whole message (every check, expected and got); -t, --shard, --bail,
// several reporters at once, and the optional vigiles.config file. Runs the built CLI on fixtures.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runVigiles } from "../support/run-vigiles.js";
import { shardOf } from "../../dist/cli/commands/test.js";

const entry = pathToFileURL(join(process.cwd(), "dist/entries/index.js")).href;
let dir: string;

const vigiles = (args: readonly string[], cwd = dir, env: Record<string, string> = {}) =>
  runVigiles(args, { cwd, env: { ...process.env, GITHUB_ACTIONS: "", ...env } });

const CHECKS = "1 of 3 checks failed:\\n  ✗ blocked: expected true, got false\\n  ✓ ran";

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "vigiles-runner-"));
  writeFileSync(
    join(dir, "multi.harness.mjs"),
    [
      `import { test, skip, AssertionFailedError } from ${JSON.stringify(entry)};`,
      `test("allows git status", () => {});`,
      `test("blocks a force push", async () => {`,
      `  throw new AssertionFailedError("${CHECKS}");`,
      `});`,
      `test("needs claude", () => skip("claude is not installed"));`,
      `test.skip("later");`,
      "",
    ].join("\n"),
  );
  writeFileSync(
    join(dir, "plain.harness.mjs"),
    `import { AssertionFailedError } from ${JSON.stringify(entry)};\n` +
      `throw new AssertionFailedError("1 of 2 checks failed:\\n  ✗ tool(Bash): expected called, got not called");\n`,
  );
  writeFileSync(join(dir, "ok.harness.mjs"), 'console.log("checked the guard");\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("several tests in one file, each failure whole", () => {
  let run: Awaited<ReturnType<typeof vigiles>>;
  beforeAll(async () => {
    run = await vigiles(["test", "--reporter", "default", "--reporter", "junit", "--output-file", "r.xml"]);
  }, 120_000);

  test("the list shows each test, and the failing one with every check", () => {
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/✗ multi\.harness\.mjs/);
    expect(run.stdout).toMatch(/ {6}✓ allows git status/);
    expect(run.stdout).toMatch(/ {6}✗ blocks a force push \(\d+ ms\)\n[\s\S]*at multi\.harness\.mjs:4:9\n/);
    expect(run.stdout).toContain("AssertionFailedError: 1 of 3 checks failed:");
    expect(run.stdout).toContain("✗ blocked: expected true, got false");
    expect(run.stdout).toMatch(/- needs claude skipped: claude is not installed/);
    expect(run.stdout).toMatch(/^ {6}Tests {2}2 failed \| 2 passed \| 2 skipped \(6\)$/m);
  });

  test("a plain file's uncaught error is shown whole, not only its first line", () => {
    expect(run.stdout).toContain("✗ tool(Bash): expected called, got not called");
  });

  test("JUnit has a testcase per test, the failure with its whole message", () => {
    const xml = readFileSync(join(dir, "r.xml"), "utf8");
    expect(xml).toMatch(/<testsuites name="vigiles" tests="6" failures="2" errors="0" skipped="2"/);
    expect(xml).toMatch(/<testcase classname="multi.harness.mjs" name="allows git status"/);
    expect(xml).toMatch(
      /<testcase classname="multi.harness.mjs" name="blocks a force push"[^>]*>\s*<failure message="AssertionFailedError: 1 of 3 checks failed:"[^>]*>[^<]*got false/,
    );
    expect(xml).toMatch(/<testcase classname="ok.harness.mjs" name="ok.harness.mjs"/);
  });
});

test("github-actions: one ::error per failure at the line it was thrown", async () => {
  const r = await vigiles(["test", "--reporter", "github-actions"]);
  expect(r.status).toBe(1);
  const lines = r.stdout.trim().split("\n");
  expect(lines).toEqual([
    "::error file=multi.harness.mjs,line=4,col=9,title=multi.harness.mjs > blocks a force push::" +
      "AssertionFailedError: 1 of 3 checks failed:%0A  ✗ blocked: expected true, got false%0A  ✓ ran",
    "::error file=plain.harness.mjs,line=2,col=7,title=plain.harness.mjs::" +
      "AssertionFailedError: 1 of 2 checks failed:%0A  ✗ tool(Bash): expected called, got not called",
  ]);
}, 120_000);

test("under GitHub Actions the default reporter annotates too", async () => {
  const r = await vigiles(["test", "plain.harness.mjs"], dir, { GITHUB_ACTIONS: "true" });
  expect(r.stdout).toMatch(/✗ plain\.harness\.mjs/);
  expect(r.stdout).toMatch(/^::error file=plain\.harness\.mjs,line=2/m);
}, 120_000);

test("-t runs only the matching tests; a plain file whose path does not match does not run", async () => {
  const r = await vigiles(["test", "-t", "git status"]);
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/1 file\(s\)/);
  expect(r.stdout).toMatch(/✓ allows git status/);
  expect(r.stdout).not.toMatch(/blocks a force push/);
  expect(r.stdout).not.toMatch(/plain\.harness/);
});

test("--shard splits the sorted files so each runs in exactly one shard", async () => {
  const files = ["a", "b", "c", "d", "e"];
  const shards = [1, 2, 3].map((index) => shardOf(files, { index, total: 3 }));
  expect(shards.flat()).toEqual(files);
  expect(shards.map((s) => s.length)).toEqual([1, 2, 2]);
  const r = await vigiles(["test", "--shard", "3/3"]);
  expect(r.stdout).toMatch(/1 file\(s\) \(shard 3\/3\)/);
  expect(r.stdout).toMatch(/✗ plain\.harness\.mjs/);
  const bad = await vigiles(["test", "--shard", "4/3"]);
  expect(bad.status).toBe(2);
  expect(bad.stderr).toMatch(/^vigiles test: --shard must be "i\/n"/);
}, 120_000);

test("--bail starts no file after the first failure", async () => {
  const r = await vigiles(["test", "--bail", "--concurrency", "1"]);
  expect(r.status).toBe(1);
  expect(r.stdout).toMatch(/✗ multi\.harness\.mjs/);
  expect(r.stdout).toMatch(/- ok\.harness\.mjs skipped: not run: --bail/);
  expect(r.stdout).toMatch(/- plain\.harness\.mjs skipped: not run: --bail/);
}, 120_000);

test("a junit report and another reporter on stdout without --output-file is a usage error", async () => {
  const r = await vigiles(["test", "--reporter", "default", "--reporter", "junit"]);
  expect(r.status).toBe(2);
  expect(r.stderr).toMatch(/needs --output-file/);
});

describe("vigiles.config", () => {
  test("the config's include, reporters and harness are the defaults; a flag wins", async () => {
    const project = mkdtempSync(join(tmpdir(), "vigiles-config-"));
    try {
      mkdirSync(join(project, "tests"));
      writeFileSync(join(project, "tests", "ok.harness.mjs"), "process.exit(0);\n");
      writeFileSync(join(project, "other.harness.mjs"), "process.exit(1);\n");
      writeFileSync(
        join(project, "vigiles.config.mjs"),
        'export default { test: { include: ["tests"], reporters: ["json"], harness: "codex" } };\n',
      );
      const r = await vigiles(["test"], project);
      expect(r.status, r.stderr).toBe(0);
      const report = JSON.parse(r.stdout) as { results: { file: string }[] };
      expect(report.results.map((x) => x.file)).toEqual(["tests/ok.harness.mjs"]);
      const flagged = await vigiles(["test", "--reporter", "default"], project);
      expect(flagged.stdout).toMatch(/harness codex \(from .*vigiles\.config\.mjs\)/);

      writeFileSync(join(project, "vigiles.config.mjs"), 'export default { test: { reporter: "json" } };\n');
      const bad = await vigiles(["test"], project);
      expect(bad.status).toBe(2);
      expect(bad.stderr).toMatch(/^vigiles test: the config file ".*vigiles\.config\.mjs" is not valid/);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 120_000);
});
