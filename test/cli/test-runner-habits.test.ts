// Pins the runner habits a Vitest user expects of `vigiles test` (issue 31): describe and the
// lifecycle hooks, test.only/each/todo; -t quiet about the tests it filtered, with one "no test
// matched" line and exit 1 when nothing matched; no test lost after an unhandled rejection (list and
// JUnit); path:line:col with a code frame, a SyntaxError with its location; duplicate test names
// refused; a summary that says which counts are files and which are tests; github-actions added to
// explicit reporters under GitHub Actions; did-you-mean and a one-line hint for a bad option.
// Runs the built CLI (dist) on fixtures.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runVigiles } from "../support/run-vigiles.js";

const entry = JSON.stringify(pathToFileURL(join(process.cwd(), "dist/entries/index.js")).href);
let dir: string;

const vigiles = (args: readonly string[], env: Record<string, string> = {}) =>
  runVigiles(args, { cwd: dir, env: { ...process.env, GITHUB_ACTIONS: "", ...env } });

const file = (name: string, lines: readonly string[]) =>
  writeFileSync(join(dir, name), lines.join("\n") + "\n");

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "vigiles-habits-"));
  file("suite.harness.mjs", [
    `import { test, describe, beforeAll, afterAll, beforeEach, afterEach } from ${entry};`,
    `const log = [];`,
    `beforeAll(() => log.push("beforeAll"));`,
    `beforeEach(() => log.push("beforeEach"));`,
    `afterEach(() => log.push("afterEach"));`,
    `describe("the guard", () => {`,
    `  beforeEach(() => log.push("inner beforeEach"));`,
    `  test("blocks a force push", () => log.push("test 1"));`,
    `  test.each([["git status", false], ["rm -rf /", true]])("%s blocked: %s", () => log.push("each"));`,
    `  test.todo("blocks curl | sh");`,
    `});`,
    `test("saw the hooks in order", () => {`,
    `  const want = "beforeAll,beforeEach,inner beforeEach,test 1,afterEach,beforeEach,inner beforeEach,each,afterEach,beforeEach,inner beforeEach,each,afterEach,beforeEach";`,
    `  if (log.join() !== want) throw new Error("order: " + log.join());`,
    `});`,
    `afterAll(() => { if (!log.includes("afterEach")) throw new Error("no afterEach"); });`,
  ]);
  file("setup.harness.mjs", [
    `import { test, describe, beforeAll, skip } from ${entry};`,
    `describe("needs claude", () => {`,
    `  beforeAll(() => skip("claude is not installed"));`,
    `  test("drives the CLI", () => {});`,
    `});`,
    `describe("broken setup", () => {`,
    `  beforeAll(() => { throw new Error("no fixture"); });`,
    `  test("uses the fixture", () => {});`,
    `});`,
  ]);
  file("only.harness.mjs", [
    `import { test } from ${entry};`,
    `test("not this one", () => { throw new Error("ran although another test is .only"); });`,
    `test.only("just this one", () => {});`,
  ]);
  file("rejection.harness.mjs", [
    `import { test } from ${entry};`,
    `test("first", () => {});`,
    `test("leaks a rejection", async () => { Promise.reject(new Error("nobody awaited me")); await new Promise((r) => setTimeout(r, 50)); });`,
    `test("third still runs", () => {});`,
  ]);
  file("exits.harness.mjs", [
    `import { test } from ${entry};`,
    `test("ends the process", () => process.exit(3));`,
    `test("never reached", () => {});`,
  ]);
  file("frame.harness.mjs", [
    `import { test } from ${entry};`,
    `test("compares", () => {`,
    `  const got = 1;`,
    `  if (got !== 2) throw new Error("expected 2, got " + got);`,
    `});`,
  ]);
  file("syntax.harness.mjs", [`const a = 1;`, `this is not javascript;`]);
  file("dupe.harness.mjs", [
    `import { test } from ${entry};`,
    `test("same name", () => {});`,
    `test("same name", () => {});`,
  ]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the runner habits", () => {
  test("describe, lifecycle hooks in Vitest's order, test.each names and test.todo", async () => {
    const r = await vigiles(["test", "suite.harness.mjs"]);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/✓ the guard > blocks a force push/);
    expect(r.stdout).toMatch(/✓ the guard > git status blocked: false/);
    expect(r.stdout).toMatch(/✓ the guard > rm -rf \/ blocked: true/);
    expect(r.stdout).toMatch(/- the guard > blocks curl \| sh skipped: todo/);
    expect(r.stdout).toMatch(/✓ saw the hooks in order/);
  }, 120_000);

  test("a skip() in beforeAll skips the suite's tests; a throw there fails them, saying so", async () => {
    const r = await vigiles(["test", "setup.harness.mjs"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/- needs claude > drives the CLI skipped: claude is not installed/);
    expect(r.stdout).toMatch(/✗ broken setup > uses the fixture/);
    expect(r.stdout).toContain("beforeAll failed: Error: no fixture");
  }, 120_000);

  test("test.only runs only the .only test", async () => {
    const r = await vigiles(["test", "only.harness.mjs"]);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/✓ just this one/);
    expect(r.stdout).not.toMatch(/not this one/);
  }, 120_000);

  test("-t lists only what ran, counts the rest, and says so when nothing matched (exit 1)", async () => {
    const r = await vigiles(["test", "suite.harness.mjs", "-t", "force push"]);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/✓ the guard > blocks a force push/);
    expect(r.stdout).not.toMatch(/does not match -t/);
    expect(r.stdout).not.toMatch(/git status blocked/);
    const none = await vigiles(["test", "suite.harness.mjs", "-t", "no such test"]);
    expect(none.status).toBe(1);
    expect(none.stderr).toBe("vigiles test: no test matched -t no such test\n");
  }, 120_000);

  test("an unhandled rejection fails its test and the file's remaining tests still report, in JUnit too", async () => {
    const r = await vigiles(["test", "rejection.harness.mjs", "--reporter", "junit"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/<testsuites name="vigiles" tests="3" failures="1"/);
    expect(r.stdout).toMatch(/name="leaks a rejection"[^>]*>\s*<failure message="Error: nobody awaited me"/);
    expect(r.stdout).toMatch(/name="third still runs"[^/]*\/>/);
  }, 120_000);

  test("a test the file never reached (process.exit) is reported failed, not lost", async () => {
    const r = await vigiles(["test", "exits.harness.mjs", "--reporter", "junit"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/tests="2" failures="2"/);
    expect(r.stdout).toContain("the test never reported: the file exited first (exit code 3)");
  }, 120_000);

  test("a failure shows path:line:col and a code frame; a SyntaxError shows its location", async () => {
    const r = await vigiles(["test", "frame.harness.mjs", "syntax.harness.mjs"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("at frame.harness.mjs:4:24");
    expect(r.stdout).toContain("> 4 |   if (got !== 2) throw new Error");
    expect(r.stdout).toMatch(/ {2}\| {24}\^/);
    expect(r.stdout).toContain("SyntaxError: Unexpected identifier");
    expect(r.stdout).toContain("at syntax.harness.mjs:2:6");
    expect(r.stdout).toContain("> 2 | this is not javascript;");
  }, 120_000);

  test("two tests with one name in a file are refused, naming it", async () => {
    const r = await vigiles(["test", "dupe.harness.mjs"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('Two tests in this file are named "same name"');
  }, 120_000);

  test("the summary says which counts are files and which are tests", async () => {
    const r = await vigiles(["test", "suite.harness.mjs", "only.harness.mjs", "frame.harness.mjs"]);
    expect(r.stdout).toMatch(/^ Test Files {2}1 failed \| 2 passed \(3\)$/m);
    expect(r.stdout).toMatch(/^ {6}Tests {2}1 failed \| 5 passed \| 2 skipped \(8\)$/m);
  }, 120_000);

  test("under GitHub Actions, explicit reporters still get the ::error annotations", async () => {
    const r = await vigiles(
      ["test", "frame.harness.mjs", "--reporter", "default", "--reporter", "junit", "--output-file", "r.xml"],
      { GITHUB_ACTIONS: "true" },
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(
      /^::error file=frame\.harness\.mjs,line=4,col=24,title=frame\.harness\.mjs > compares::/m,
    );
    expect(readFileSync(join(dir, "r.xml"), "utf8")).toMatch(/<failure/);
    const junitOnStdout = await vigiles(["test", "frame.harness.mjs", "--reporter", "junit"], {
      GITHUB_ACTIONS: "true",
    });
    expect(junitOnStdout.stdout).toMatch(/^<\?xml/);
    expect(junitOnStdout.stderr).toMatch(/^::error file=frame\.harness\.mjs,line=4/m);
  }, 120_000);

  test("a mistyped option gets a did-you-mean and one hint line, not the whole help", async () => {
    const r = await vigiles(["test", "--reporer", "junit"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      "vigiles test: Unknown option '--reporer'. Did you mean '--reporter'?\nRun `vigiles test --help` for its options.\n",
    );
  });
});
