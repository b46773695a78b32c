// Pins `vigiles test --watch` and `--verbose` (issue 31). The watch loop (no Vitest config in the
// project): it runs every file, then an edit of one harness file reruns that file alone, an edit of
// anything else (a hook script) reruns them all, and Ctrl-C ends it. With a vitest.config that uses
// harnessFiles() and Vitest installed, --watch hands over to Vitest's watcher. --verbose shows a
// passing test's console output; a failing test's is shown always. Runs the built CLI (dist).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runVigiles } from "../support/run-vigiles.js";
import { vitestWatcherFor } from "../../src/cli/commands/test-watch.js";
import { affectedFiles, isWatched } from "../../src/tools/test-runner/watch-files.js";

const entry = JSON.stringify(pathToFileURL(join(process.cwd(), "dist/entries/index.js")).href);
let dir: string;

const harnessFile = (name: string, body: string) =>
  writeFileSync(join(dir, name), `import { test } from ${entry};\n${body}\n`);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "vigiles-watch-"));
  harnessFile("a.harness.mjs", `test("a works", () => { console.log("A SAYS HELLO"); });`);
  harnessFile("b.harness.mjs", `test("b works", () => {});`);
  writeFileSync(join(dir, "hook.sh"), "#!/bin/sh\nexit 0\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("vigiles test --watch", () => {
  test("reruns the edited harness file alone, everything on another change, and stops on Ctrl-C", async () => {
    const child = spawn(process.execPath, [join(process.cwd(), "dist/cli/main.js"), "test", "--watch"], {
      cwd: dir,
      env: { ...process.env, GITHUB_ACTIONS: "", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (out += d));
    const closed = new Promise<number | null>((r) => child.on("close", (code) => r(code)));
    const waitFor = async (count: number) => {
      const deadline = Date.now() + 60_000;
      while ((out.match(/watching for changes/g) ?? []).length < count) {
        if (Date.now() > deadline) throw new Error(`no run ${count} in:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    try {
      await waitFor(1);
      expect(out).toMatch(/Test Files +2 passed \(2\)/);
      // Edit one harness file to fail: only it reruns, and the failure's console output shows.
      harnessFile(
        "a.harness.mjs",
        `test("a works", () => { console.log("A BROKE"); throw new Error("a is red"); });`,
      );
      await waitFor(2);
      const second = out.slice(out.indexOf("watching for changes") + 1);
      expect(second).toContain("rerunning 1 file(s)");
      expect(second).toMatch(/Test Files +1 failed \(1\)/);
      expect(second).toContain("a is red");
      expect(second).toContain("| A BROKE");
      // A change to a script the tests may use reruns every harness file.
      writeFileSync(join(dir, "hook.sh"), "#!/bin/sh\nexit 2\n");
      await waitFor(3);
      const third = out.slice(out.lastIndexOf("change(s)"));
      expect(third).toContain("rerunning 2 file(s)");
      expect(third).toMatch(/Test Files +1 failed \| 1 passed \(2\)/);
    } finally {
      child.kill("SIGINT");
    }
    expect(await closed).toBe(1);
  }, 180_000);

  test("hands over to vitest watch where a vitest config uses harnessFiles() and Vitest is installed", () => {
    const project = mkdtempSync(join(tmpdir(), "vigiles-watch-vitest-"));
    try {
      writeFileSync(join(project, "package.json"), "{}");
      writeFileSync(join(project, "vitest.config.mjs"), "export default {};\n");
      mkdirSync(join(project, "node_modules"));
      symlinkSync(join(process.cwd(), "node_modules/vitest"), join(project, "node_modules/vitest"));
      // A Vitest config that does not collect harness files: the watcher here runs them.
      expect(vitestWatcherFor(project)).toBeUndefined();
      writeFileSync(
        join(project, "vitest.config.mjs"),
        `import { harnessFiles } from "vigiles/vitest";\nexport default { plugins: [harnessFiles()] };\n`,
      );
      expect(vitestWatcherFor(project)).toMatch(/vitest\.mjs$/);
      rmSync(join(project, "node_modules"), { recursive: true });
      expect(vitestWatcherFor(project)).toBeUndefined();
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  test("which changes count, and which files they rerun", () => {
    expect(isWatched("/p/hooks/guard.sh", "/p")).toBe(true);
    expect(isWatched("/p/node_modules/x/index.js", "/p")).toBe(false);
    expect(isWatched("/p/.git/index", "/p")).toBe(false);
    expect(isWatched("/p/report.xml", "/p", ["/p/report.xml"])).toBe(false);
    expect(isWatched("/p/cov/a.json", "/p", ["/p/cov"])).toBe(false);
    const a = join(dir, "a.harness.mjs");
    const b = join(dir, "b.harness.mjs");
    expect(affectedFiles([a], () => [a, b])).toEqual([a]);
    expect(affectedFiles([a, join(dir, "hook.sh")], () => [a, b])).toEqual([a, b]);
    expect(affectedFiles([join(dir, "gone.harness.mjs")], () => [a, b])).toEqual([]);
  });
});

describe("vigiles test --verbose", () => {
  test("a passing test's console output shows with --verbose only; a failing test's always", async () => {
    const project = mkdtempSync(join(tmpdir(), "vigiles-verbose-"));
    try {
      writeFileSync(
        join(project, "log.harness.mjs"),
        `import { test } from ${entry};\n` +
          `test("passes", () => { console.log("PASSING OUTPUT"); });\n` +
          `test("fails", () => { console.error("FAILING OUTPUT"); throw new Error("red"); });\n`,
      );
      const env = { ...process.env, GITHUB_ACTIONS: "" };
      const plain = await runVigiles(["test"], { cwd: project, env });
      expect(plain.status).toBe(1);
      expect(plain.stdout).not.toContain("| PASSING OUTPUT");
      expect(plain.stdout).toContain("| FAILING OUTPUT");
      const verbose = await runVigiles(["test", "--verbose"], { cwd: project, env });
      expect(verbose.stdout).toMatch(/✓ passes[^\n]*\n\s+console:\n\s+\| PASSING OUTPUT/);
      expect(verbose.stdout).toContain("| FAILING OUTPUT");
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 120_000);
});
