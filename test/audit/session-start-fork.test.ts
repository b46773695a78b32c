/**
 * `session-start-fork` fires where leaving out "fork" is an oversight: a matcher that lists resume
 * (a fork continues a conversation as resume does). A matcher without resume ("startup|clear",
 * "startup|clear|compact", measured on public hooks) keeps to fresh starts and is right to skip forks.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function forkFindings(matcher: string): number {
  const root = mkdtempSync(join(tmpdir(), "vigiles-fork-"));
  dirs.push(root);
  mkdirSync(join(root, ".claude"));
  writeFileSync(
    join(root, ".claude", "settings.json"),
    JSON.stringify({
      hooks: {
        SessionStart: [{ matcher, hooks: [{ type: "command", command: 'echo "context"' }] }],
      },
    }),
  );
  return auditHarness(root).findings.filter((f) => f.ruleId === "session-start-fork").length;
}

describe("session-start-fork", () => {
  it("fires when the matcher lists resume but not fork", () => {
    expect(forkFindings("startup|resume|clear|compact")).toBe(1);
    expect(forkFindings("resume")).toBe(1);
  });

  it("is silent when resume is left out too, or fork is listed", () => {
    expect(forkFindings("startup|clear")).toBe(0);
    expect(forkFindings("startup|clear|compact")).toBe(0);
    expect(forkFindings("startup")).toBe(0);
    expect(forkFindings("startup|resume|fork")).toBe(0);
  });
});
