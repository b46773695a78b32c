// How vigiles mutate links a test to a registered hook: every way a test can run the guard (the
// registration object, the registered command, the script path relative or absolute, with an
// interpreter or not, `$CLAUDE_PROJECT_DIR` expanded, argv form, after a `cd`,
// assertBlocksDisasters, propertyHook on a command) writes a coverage record that links to the
// registration's item, as "registration" or "script"; another script or another event does not.
// Real runHook runs of a real shell script, records read back from disk.
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { HookItem } from "../../src/core/mutate/types.js";
import { COVERAGE_DIR_ENV, readCoverageRecords } from "../../src/runtime/coverage-record.js";
import { assertBlocksDisasters } from "../../src/tiers/run-hook/assert-blocks-disasters.js";
import { runHook } from "../../src/tiers/run-hook/run-hook.js";
import { propertyHook } from "../../src/tiers/hook-program/property.js";
import { inventory } from "../../src/tools/mutate/inventory.js";
import { recordLink, type Link } from "../../src/tools/mutate/select-tests.js";
import { GUARD_ID, makeByPathFixture } from "./by-path-fixture.mjs";

let root = "";
let coverage = "";
let guard: HookItem;
const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } });

beforeAll(() => {
  root = makeByPathFixture();
  writeFileSync(join(root, "hooks/other.sh"), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
  coverage = mkdtempSync(join(tmpdir(), "vigiles-links-"));
  guard = inventory(root).items.find((i) => i.id === GUARD_ID) as HookItem;
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(coverage, { recursive: true, force: true });
});

/** The links the records written by `run` make to the guard's registration. */
function linksOf(name: string, run: () => unknown | Promise<unknown>): Promise<(Link | undefined)[]> {
  const dir = join(coverage, name);
  const before = process.env[COVERAGE_DIR_ENV];
  process.env[COVERAGE_DIR_ENV] = dir;
  const done = () => {
    if (before === undefined) delete process.env[COVERAGE_DIR_ENV];
    else process.env[COVERAGE_DIR_ENV] = before;
    return [...new Set(readCoverageRecords(dir).map((r) => recordLink(r, guard, realpathSync(root))))];
  };
  return (async () => {
    try {
      await run();
    } catch {
      // an assertion that fails still ran the hook and wrote its records
    }
    return done();
  })();
}

describe("linking a test to the registration it exercises", () => {
  test("the inventory reads the script out of a quoted $CLAUDE_PROJECT_DIR command", () => {
    expect(guard.command).toBe('bash "$CLAUDE_PROJECT_DIR"/hooks/guard.sh');
    expect(guard.sources).toEqual(["hooks/guard.sh"]);
  });

  test("through the registration object", async () => {
    const registration = JSON.parse(readFileSync(join(root, ".claude/settings.json"), "utf8")) as object;
    expect(await linksOf("registration", () => runHook({ registration }, bash("ls"), { cwd: root }))).toEqual(
      ["registration"],
    );
  });

  test.each([
    ["relative, an interpreter in front", () => runHook("bash hooks/guard.sh", bash("ls"), { cwd: root })],
    ["relative with ./, no interpreter", () => runHook("./hooks/guard.sh", bash("ls"), { cwd: root })],
    ["absolute", () => runHook(join(root, "hooks/guard.sh"), bash("ls"), { cwd: root })],
    [
      "the registered command itself, $CLAUDE_PROJECT_DIR expanded",
      () => runHook('bash "$CLAUDE_PROJECT_DIR"/hooks/guard.sh', bash("ls"), { cwd: root }),
    ],
    ["an argv", () => runHook(["sh", "hooks/guard.sh"], bash("ls"), { cwd: root })],
    ["after a cd", () => runHook("cd hooks && sh ./guard.sh", bash("ls"), { cwd: root })],
    [
      "assertBlocksDisasters on the command",
      () => assertBlocksDisasters("bash hooks/guard.sh", { cwd: root, benign: false }),
    ],
    [
      "propertyHook on a command",
      () =>
        propertyHook({
          seed: bash("rm -rf /"),
          decide: { command: "bash hooks/guard.sh", cwd: root },
          numRuns: 2,
          fcSeed: 1,
        }),
    ],
  ])("by its script: %s", async (name, run) => {
    expect(await linksOf(name.replace(/\W+/g, "-"), run)).toEqual(["script"]);
  });

  test("another script, or the guard's script for another event, does not link", async () => {
    expect(await linksOf("other", () => runHook("bash hooks/other.sh", bash("ls"), { cwd: root }))).toEqual([
      undefined,
    ]);
    expect(
      await linksOf("event", () =>
        runHook("bash hooks/guard.sh", { hook_event_name: "UserPromptSubmit", prompt: "hi" }, { cwd: root }),
      ),
    ).toEqual([undefined]);
  });
});
