// Pins the survivor note "the mutant never acted": a behaviour mutant at a script records when it
// changed an answer (an exit 2 made 0, a JSON deny rewritten); a survivor whose stub ran but never
// acted says the tests never gave the hook an input where it answers that way (an equivalent
// mutant, or a missing input), and one that acted has no such note. Free: runHook tests only.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import { mutateHarness } from "../../src/tools/mutate/run-mutants.js";
import { writeRepo } from "./fixture.mjs";

// Blocks a force push with exit 2; denies rm -rf in JSON.
const GUARD = `#!/bin/sh
input=$(cat)
case "$input" in
  *--force*) echo "no force push" >&2; exit 2;;
  *"rm -rf"*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}';;
esac
exit 0
`;
const guardTest = (command: string, check: string) => `import { runHook, test } from "vigiles";
const root = new URL(".", import.meta.url).pathname;
test("the guard", () => {
  const r = runHook("sh guard.sh", { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: ${JSON.stringify(command)} } }, { cwd: root });
  ${check}
});
`;

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
const denyToBlock = async (testFile: string) => {
  const root = writeRepo("mutate-never-acted-", {
    ".claude/settings.json": JSON.stringify({
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh guard.sh" }] }] },
    }),
    "guard.sh": GUARD,
    "guard.harness.mjs": testFile,
  });
  roots.push(root);
  const report = await mutateHarness({ root, concurrency: 2 });
  const m = report.mutants.find((x) => x.kind === "hook-deny-to-block");
  if (m === undefined) throw new Error("no deny-to-block mutant");
  return m;
};

describe("a survivor says when the mutant never acted", () => {
  test.concurrent(
    "the tests only push --force: the JSON deny is never written, and the note says so",
    async () => {
      const m = await denyToBlock(
        guardTest("git push --force", 'if (!r.blocked) throw new Error("expected blocked");'),
      );
      expect(m.status).toBe("survived");
      expect(m.reason).toMatch(/^the mutant never acted: .* wrote no JSON "deny" \(on Claude Code/);
    },
    200_000,
  );

  test.concurrent(
    "the tests run rm -rf but check nothing: it acted and survived, with no such note",
    async () => {
      const m = await denyToBlock(guardTest("rm -rf /", "void r;"));
      expect(m.status).toBe("survived");
      expect(m.reason).toBeUndefined();
    },
    200_000,
  );
});
