// Pins "a timeout beyond the test's reach" (issue 34): a test that runs a hook through its
// registration but passes its own timeoutMs never reads the registered timeout, so the
// past-timeout mutant is not exercised (said why, with how to reach it), not a survivor; the same
// test without timeoutMs kills it. Free: every test is a runHook, each mutant a short node process.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import { mutateHarness } from "../../src/tools/mutate/run-mutants.js";
import { writeRepo } from "./fixture.mjs";

const SETTINGS = JSON.stringify({
  hooks: {
    PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh guard.sh", timeout: 5 }] }],
  },
});
const GUARD = `#!/bin/sh\ncase "$(cat)" in *--force*) echo "no force push" >&2; exit 2;; esac\nexit 0\n`;
const guardTest = (options: string) => `import { readFileSync } from "node:fs";
import { runHook, test } from "vigiles";
const root = new URL(".", import.meta.url).pathname;
const registration = readFileSync(root + ".claude/settings.json", "utf8");
test("a force push is stopped", () => {
  const r = runHook({ registration }, { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "git push --force" } }, { cwd: root${options} });
  if (!r.blocked) throw new Error("expected blocked, got " + r.decision);
});
`;

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
const mutate = async (options: string) => {
  const root = writeRepo("mutate-own-timeout-", {
    ".claude/settings.json": SETTINGS,
    "guard.sh": GUARD,
    "guard.harness.mjs": guardTest(options),
  });
  roots.push(root);
  const report = await mutateHarness({ root, concurrency: 2 });
  const m = report.mutants.find((x) => x.kind === "hook-past-timeout");
  if (m === undefined) throw new Error("no past-timeout mutant");
  return m;
};

describe("the registered timeout and a test's own timeoutMs", () => {
  test.concurrent(
    "with its own timeoutMs the test cannot meet the mutant: not exercised, and why",
    async () => {
      const m = await mutate(", timeoutMs: 10_000");
      expect(m.status).toBe("not-exercised");
      expect(m.reason).toMatch(
        /beyond the tests' reach: guard\.harness\.mjs run the hook through its registration with their own timeoutMs/,
      );
      expect(m.suggestion).toMatch(/leave timeoutMs out/);
    },
    200_000,
  );

  test.concurrent(
    "under the registered timeout the same test kills it",
    async () => {
      const m = await mutate("");
      expect([m.status, m.tests]).toEqual(["killed", ["guard.harness.mjs"]]);
    },
    200_000,
  );
});
