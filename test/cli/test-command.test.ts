// Pins `vigiles test`: discovery of *.harness.* files, exit 0 = pass, 77 = skip (never a pass),
// anything else = fail; a run that found no files fails; junit output names every file.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { discoverHarnessFiles } from "../../src/tools/test-runner/discover.js";
import { runTestFiles } from "../../src/tools/test-runner/run-files.js";
import { detectHarness } from "../../src/tools/test-runner/detect-harness.js";

const cli = join(process.cwd(), "dist/cli/main.js");
// The test runs the built CLI (npm test builds first), as a user runs it.
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "vigiles-test-cmd-"));
  mkdirSync(join(dir, "nested"));
  mkdirSync(join(dir, "node_modules", "x"), { recursive: true });
  writeFileSync(join(dir, "pass.harness.mjs"), 'console.log("ok");\n');
  writeFileSync(
    join(dir, "nested", "skip.harness.mjs"),
    'console.error("skip: claude not installed"); process.exit(77);\n',
  );
  writeFileSync(join(dir, "fail.harness.mjs"), 'throw new Error("expected the agent to use tool Bash");\n');
  writeFileSync(join(dir, "typed.harness.ts"), "const n: number = 1;\nif (n !== 1) process.exit(1);\n");
  writeFileSync(join(dir, "node_modules", "x", "ignored.harness.mjs"), "process.exit(1);\n");
  writeFileSync(join(dir, "not-a-test.mjs"), "process.exit(1);\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function vigiles(args: string[], cwd = dir) {
  return spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8" });
}

describe("discovery", () => {
  test("finds harness files below a folder, skipping node_modules and other files", () => {
    const files = discoverHarnessFiles([dir]).map((f) => f.slice(dir.length + 1));
    expect(files).toEqual([
      "fail.harness.mjs",
      "nested/skip.harness.mjs",
      "pass.harness.mjs",
      "typed.harness.ts",
    ]);
  });

  test("a path that does not exist is a named error", () => {
    expect(() => discoverHarnessFiles(["no/such/place"], dir)).toThrow(
      /No file or folder at "no\/such\/place"/,
    );
  });
});

describe("running files", () => {
  test("exit 0 passes, 77 skips with its reason, a throw fails with the error line", async () => {
    const results = await runTestFiles(discoverHarnessFiles([dir]), { cwd: dir, concurrency: 2 });
    const byFile = Object.fromEntries(results.map((r) => [r.file, r]));
    expect(byFile["pass.harness.mjs"]?.status).toBe("passed");
    expect(byFile["typed.harness.ts"]?.status).toBe("passed");
    expect(byFile["nested/skip.harness.mjs"]?.status).toBe("skipped");
    expect(byFile["nested/skip.harness.mjs"]?.reason).toContain("claude not installed");
    expect(byFile["fail.harness.mjs"]?.status).toBe("failed");
    expect(byFile["fail.harness.mjs"]?.reason).toContain("expected the agent to use tool Bash");
  });

  test("a file that hangs is killed at the timeout and fails", async () => {
    const hang = join(dir, "hang.mjs");
    writeFileSync(hang, "setInterval(() => {}, 1000);\n");
    const [result] = await runTestFiles([hang], { cwd: dir, timeoutMs: 300 });
    expect(result?.status).toBe("failed");
    expect(result?.timedOut).toBe(true);
  });
});

describe("the command", () => {
  test("prints a line per file and a summary, and exits 1 on a failure", () => {
    const r = vigiles(["test", "."]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/✓ pass\.harness\.mjs/);
    expect(r.stdout).toMatch(/- nested\/skip\.harness\.mjs skipped: .*claude not installed/);
    expect(r.stdout).toMatch(/✗ fail\.harness\.mjs/);
    expect(r.stdout).toMatch(/^ Test Files {2}1 failed \| 2 passed \| 1 skipped \(4\)$/m);
  });

  test("exits 0 when everything passed or skipped", () => {
    const r = vigiles(["test", "pass.harness.mjs", "nested"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^ Test Files {2}1 passed \| 1 skipped \(2\)$/m);
  });

  test("exits 77 when every file skipped: nothing was tested, which is not a pass", () => {
    const r = vigiles(["test", "nested"]);
    expect(r.status).toBe(77);
    expect(r.stdout).toMatch(/^ Test Files {2}1 skipped \(1\)$/m);
  });

  test("an unknown flag is a usage error (exit 2) naming the flag, not a stack trace", () => {
    const r = vigiles(["test", "--no-such-flag"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /^vigiles test: .*--no-such-flag.*\nRun `vigiles test --help` for its options\.\n$/,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  test("finding no harness file fails instead of passing vacuously", () => {
    const empty = mkdtempSync(join(tmpdir(), "vigiles-empty-"));
    try {
      const r = vigiles(["test"], empty);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/no harness files/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  test("--reporter junit writes one testcase per file with failure and skipped elements", () => {
    const r = vigiles(["test", "--reporter", "junit"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('<testsuites name="vigiles" tests="4" failures="1" errors="0" skipped="1"');
    expect(r.stdout).toMatch(
      /<testcase classname="fail.harness.mjs" name="fail.harness.mjs"[^>]*>\s*<failure/,
    );
    expect(r.stdout).toMatch(
      /<testcase classname="nested\/skip.harness.mjs" name="nested\/skip.harness.mjs"[^>]*>\s*<skipped/,
    );
  });
});

describe("harness detection", () => {
  test("a repository with only .codex or AGENTS.md is Codex; .claude wins otherwise", () => {
    const repo = mkdtempSync(join(tmpdir(), "vigiles-detect-"));
    try {
      writeFileSync(join(repo, "AGENTS.md"), "# agents\n");
      expect(detectHarness(repo).harness).toBe("codex");
      mkdirSync(join(repo, ".claude"));
      expect(detectHarness(repo)).toEqual({ harness: "claude-code", evidence: [".claude"] });
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
