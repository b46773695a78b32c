// Pins the `vigiles/vitest` preset (issue 31): a harness file from examples/ runs unchanged under
// `vitest run` with `plugins: [harnessFiles()]`, a failing plain file fails its Vitest test with its
// exit code and last line, a file's `test`/`describe`/hooks from "vigiles" become Vitest tests, and
// `vitest watch` reruns a harness file when it changes. Runs this repository's Vitest on a temp project
// that links the built package (dist) as node_modules/vigiles.
import { spawn } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runProcess } from "../../src/runtime/process.js";

const root = process.cwd();
const vitestBin = join(root, "node_modules/vitest/vitest.mjs");
let project: string;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), "vigiles-vitest-preset-"));
  mkdirSync(join(project, "node_modules"));
  symlinkSync(root, join(project, "node_modules/vigiles"));
  symlinkSync(join(root, "node_modules/vitest"), join(project, "node_modules/vitest"));
  cpSync(join(root, "examples/bash-guard.harness.mjs"), join(project, "bash-guard.harness.mjs"));
  cpSync(join(root, "examples/hooks"), join(project, "hooks"), { recursive: true });
  writeFileSync(
    join(project, "vitest.config.mjs"),
    `import { defineConfig } from "vitest/config";\nimport { harnessFiles } from "vigiles/vitest";\n` +
      `export default defineConfig({ plugins: [harnessFiles()] });\n`,
  );
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

const vitest = (args: string[]) =>
  runProcess({
    argv: [process.execPath, vitestBin, ...args],
    cwd: project,
    env: { PATH: process.env["PATH"], HOME: process.env["HOME"], CI: "1", NO_COLOR: "1" },
    timeoutMs: 240_000,
  });

describe("vigiles/vitest harnessFiles()", () => {
  test("runs examples/bash-guard.harness.mjs unchanged: one passing test", async () => {
    const r = await vitest(["run", "bash-guard"]);
    expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/✓ bash-guard\.harness\.mjs \(1 test\)/);
    expect(r.stdout).toContain("PASS: bash guard");
    expect(r.stdout).toMatch(/Test Files +1 passed \(1\)/);
  }, 300_000);

  test("a plain file that sets exit code 1 fails its test with the code and its last line", async () => {
    writeFileSync(
      join(project, "broken.harness.mjs"),
      `console.log("FAIL: the guard let a force push through");\nprocess.exitCode = 1;\n`,
    );
    const r = await vitest(["run", "broken"]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout + r.stderr).toContain(
      "the harness file set exit code 1; its last line: FAIL: the guard let a force push through",
    );
  }, 300_000);

  test("test, describe, hooks, each, todo and skip() from vigiles become Vitest's", async () => {
    writeFileSync(
      join(project, "multi.harness.mjs"),
      [
        `import { beforeEach, describe, skip, test } from "vigiles";`,
        `let runs = 0;`,
        `beforeEach(() => { runs++; });`,
        `describe("the guard", () => {`,
        `  test("counts a run per test", () => { if (runs !== 1) throw new Error("runs=" + runs); });`,
        `  test("needs claude", () => skip("claude is not installed"));`,
        `});`,
        `test.each([[1, 2], [2, 3]])("%s then %s", (a, b) => { if (a + 1 !== b) throw new Error("no"); });`,
        `test.todo("blocks a curl | sh");`,
        "",
      ].join("\n"),
    );
    const r = await vitest(["run", "multi", "--reporter", "verbose"]);
    expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/✓ multi\.harness\.mjs > the guard > counts a run per test/);
    expect(r.stdout).toMatch(/↓ multi\.harness\.mjs > the guard > needs claude/);
    expect(r.stdout).toMatch(/✓ multi\.harness\.mjs > 1 then 2/);
    expect(r.stdout).toMatch(/✓ multi\.harness\.mjs > 2 then 3/);
    expect(r.stdout).toMatch(/Tests +3 passed \| 1 skipped \| 1 todo \(5\)/);
  }, 300_000);

  test("vitest watch reruns the example when it changes", async () => {
    const child = spawn(process.execPath, [vitestBin, "watch", "bash-guard"], {
      cwd: project,
      env: { PATH: process.env["PATH"], HOME: process.env["HOME"], NO_COLOR: "1" },
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (out += d));
    const waitFor = (pattern: RegExp) =>
      new Promise<void>((done, fail) => {
        const timer = setInterval(() => {
          if (pattern.test(out)) {
            clearInterval(timer);
            done();
          } else if (child.exitCode !== null) {
            clearInterval(timer);
            fail(new Error(`vitest watch exited ${child.exitCode}:\n${out}`));
          }
        }, 100);
      });
    try {
      await waitFor(/Test Files +1 passed/);
      appendFileSync(
        join(project, "bash-guard.harness.mjs"),
        `console.log("edited: rerun ${process.pid}");\n`,
      );
      await waitFor(new RegExp(`edited: rerun ${process.pid}[\\s\\S]*Test Files +1 passed`));
      expect(out.match(/Test Files +1 passed/g)?.length).toBe(2);
    } finally {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    }
  }, 400_000);
});
