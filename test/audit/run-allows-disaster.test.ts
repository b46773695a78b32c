/**
 * `hook-allows-disaster`: a guard that answers an explicit allow to what it does not deny turns the
 * permission prompt off for those calls (Claude Code, real run in allow-skips-prompt.test.ts), so a
 * disaster of the corpus it does not know runs with nobody asked. Measured miss on a public policy
 * hook that answered the legacy `{"decision": "approve"}` to `dd`, `mkfs`, `curl | sh`. A guard that
 * stays silent on what it does not judge is clean, and a harness where an allow is not known to skip
 * a prompt (Gemini CLI's dialect) gets no finding.
 */
import { describe, expect, it } from "vitest";
import { runDynamicAudit } from "../../src/tools/audit/dynamic-audit.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";
import { tempTrees } from "../support/temp-tree.js";

const repo = tempTrees("vigiles-allows-disaster-");

/** Denies `rm -rf`; answers `otherwise` to every other command. */
const guard = (otherwise: string) =>
  `#!/bin/sh\nin=$(cat)\ncase "$in" in\n  *'rm -rf'*) printf '{"decision":"block","reason":"no rm -rf"}'; exit 0;;\nesac\n${otherwise}\nexit 0\n`;

const claude = (script: string) => ({
  ".claude/settings.json": JSON.stringify({
    hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh" }] }] },
  }),
  "guard.sh": script,
});

describe("audit --run: hook-allows-disaster", () => {
  it("reports a Claude Code guard that approves what it does not deny", async () => {
    const root = repo(claude(guard(`printf '{"decision":"approve"}'`)));
    const { findings } = await runDynamicAudit(auditHarness(root), { maxRunMs: 10_000 });
    const hits = findings.filter((f) => f.ruleId === "hook-allows-disaster");
    expect(hits).toHaveLength(1);
    expect(hits[0]?.message).toMatch(
      /legacy \{"decision": "approve"\} to the disaster .*Claude Code runs it without the permission prompt/,
    );
  }, 120_000);

  it("says nothing of a guard that stays silent on what it does not judge", async () => {
    const root = repo(claude(guard("")));
    const { findings } = await runDynamicAudit(auditHarness(root), { maxRunMs: 10_000 });
    expect(findings.filter((f) => f.ruleId === "hook-allows-disaster")).toEqual([]);
  }, 120_000);

  it("says nothing where the dialect does not know an allow to skip a prompt (Gemini CLI)", async () => {
    const root = repo({
      ".gemini/settings.json": JSON.stringify({
        hooks: {
          BeforeTool: [
            { matcher: "run_shell_command", hooks: [{ type: "command", command: "sh ./guard.sh" }] },
          ],
        },
      }),
      "guard.sh": guard(`printf '{"decision":"allow"}'`),
    });
    const result = await runDynamicAudit(auditHarness(root), { maxRunMs: 10_000 });
    expect(result.runs.length).toBeGreaterThan(1);
    expect(result.findings.filter((f) => f.ruleId === "hook-allows-disaster")).toEqual([]);
  }, 120_000);
});
