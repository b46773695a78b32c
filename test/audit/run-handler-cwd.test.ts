/**
 * `vigiles audit --run` runs a hook where its harness runs it: Copilot CLI runs a handler's command in
 * its `cwd` (relative to the repository; real run in test/audit/copilot-hooks-file-shape.test.ts),
 * so `node scripts/x.js` with `cwd: ".github/hooks"` finds `.github/hooks/scripts/x.js`. Before, the
 * audit ran it at the root and reported "Cannot find module" as a crash on every event (a false
 * alarm measured on a public repository's hooks). A handler without `cwd` still runs at the root, and
 * a `cwd` that leaves the audited tree is not followed.
 */
import { describe, expect, it } from "vitest";
import { runDynamicAudit } from "../../src/tools/audit/dynamic-audit.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";
import { tempTrees } from "../support/temp-tree.js";

const repo = tempTrees("vigiles-run-cwd-");

/** Exits 0 when run from its own directory, 1 anywhere else. */
const here = `#!/bin/sh\ncat >/dev/null\n[ -f ./marker.txt ] || { echo "not in my directory" >&2; exit 1; }\nexit 0\n`;

describe("audit --run: a handler's cwd", () => {
  it("runs a Copilot hook in its cwd, under either event spelling", async () => {
    const root = repo({
      ".github/hooks/hooks.json": JSON.stringify({
        version: 1,
        hooks: {
          sessionStart: [{ type: "command", bash: "sh ./check.sh", cwd: ".github/hooks" }],
          PreToolUse: [{ type: "command", command: "sh ./check.sh", cwd: ".github/hooks" }],
        },
      }),
      ".github/hooks/check.sh": here,
      ".github/hooks/marker.txt": "",
    });
    const result = await runDynamicAudit(auditHarness(root), { maxRunMs: 10_000 });
    expect(result.stats.hooks).toBe(2);
    expect(result.runs.length).toBeGreaterThan(1);
    expect(result.runs.map((r) => r.result.exitCode)).toEqual(result.runs.map(() => 0));
    expect(result.findings.filter((f) => f.ruleId === "hook-crash")).toEqual([]);
  }, 120_000);

  it("still runs a handler without cwd at the root, and does not follow a cwd out of the tree", async () => {
    const root = repo({
      ".github/hooks/hooks.json": JSON.stringify({
        version: 1,
        hooks: {
          sessionStart: [
            { type: "command", bash: "sh ./.github/hooks/check.sh" },
            { type: "command", bash: "sh ./.github/hooks/check.sh", cwd: "../../.." },
          ],
        },
      }),
      ".github/hooks/check.sh": here,
      ".github/hooks/marker.txt": "",
    });
    const result = await runDynamicAudit(auditHarness(root), { maxRunMs: 10_000 });
    // Both run at the root, where marker.txt is not: each crashes, as the harness would at the root.
    expect(result.runs.map((r) => r.result.exitCode)).toEqual([1, 1]);
    expect(result.findings.filter((f) => f.ruleId === "hook-crash")).toHaveLength(2);
  }, 120_000);
});
