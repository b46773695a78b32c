/**
 * A Copilot CLI handler's `cwd` (issue 35): what the REAL pinned Copilot CLI (1.0.102) does with a
 * variable there, and the audit saying the same, statically and under `--run`.
 *
 * Measured: Copilot spawns the hook in the `cwd` as written. `${workspaceRoot}`, `${workspaceFolder}`,
 * `$COPILOT_PROJECT_DIR` and `~` are not expanded, so the spawn fails ("spawn /bin/bash ENOENT" in
 * its session log) and the hook never starts: on preToolUse the call is denied "(hook errored)",
 * elsewhere Copilot goes on. A command is not expanded either: `${workspaceRoot}` reaches bash as
 * written (and bash finds no such variable). Before, `vigiles audit --run` passed the cwd to Node's
 * spawn and reported "bash was not found", a non-blocking error: both false.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { runDynamicAudit } from "../../src/tools/audit/dynamic-audit.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";
import { tempTrees } from "../support/temp-tree.js";

const repo = tempTrees("vigiles-copilot-cwd-");

/** Writes where it ran into the project, whatever its own directory. */
const marker = (name: string) => `pwd > "$COPILOT_PROJECT_DIR/${name}"`;

describe("a handler's cwd, real Copilot CLI", () => {
  test("variables and ~ in cwd are not expanded: the hook never starts, and a preToolUse call is denied", async () => {
    const r = await runHarnessTest(
      {
        prompt: "go",
        model: [{ tool: "Bash", input: { command: "touch BASH_RAN" } }, { text: "done" }],
        files: {
          ".github/hooks/cwd.json": JSON.stringify({
            version: 1,
            hooks: {
              sessionStart: [
                { type: "command", bash: marker("ws.txt"), cwd: "${workspaceRoot}" },
                { type: "command", bash: marker("wf.txt"), cwd: "${workspaceFolder}" },
                { type: "command", bash: marker("env.txt"), cwd: "$COPILOT_PROJECT_DIR" },
                { type: "command", bash: marker("tilde.txt"), cwd: "~" },
                { type: "command", bash: marker("dot.txt"), cwd: "." },
                { type: "command", bash: "printf '%s\\n' '${workspaceRoot}' \"${workspaceRoot}\" > cmd.txt" },
              ],
              preToolUse: [{ type: "command", bash: marker("pre.txt"), cwd: "${workspaceRoot}" }],
            },
          }),
        },
        sandbox: false,
        allowHookCrashes: true,
      },
      { adapter: copilotAdapter },
    );
    try {
      for (const never of ["ws.txt", "wf.txt", "env.txt", "tilde.txt", "pre.txt"])
        expect(r.file(never)).toBeNull();
      // The control in the same run: a plain relative cwd does run.
      expect(r.file("dot.txt")?.trim()).toMatch(/\/work$/);
      // Copilot does not replace `${workspaceRoot}` in a command; bash expands it to nothing.
      expect(r.file("cmd.txt")).toBe("${workspaceRoot}\n\n");
      // The preToolUse hook that never started denied the call.
      expect(r.file("BASH_RAN")).toBeNull();
      expect(r.toolCalls[0]?.result?.text).toMatch(
        /^Denied by preToolUse hook from "\.github\/hooks\/cwd\.json" \(hook errored\)/,
      );
    } finally {
      r.cleanup();
    }
  }, 240_000);
});

const CHECK = "#!/bin/bash\ncat >/dev/null\nexit 0\n";

describe("the audit says the same", () => {
  test("static: hook-cwd-missing names the variable and the deny; its script is not judged", () => {
    const root = repo({
      ".github/hooks/hooks.json": JSON.stringify({
        version: 1,
        hooks: {
          preToolUse: [{ type: "command", bash: "bash ./check.sh", cwd: "${workspaceRoot}/.github/hooks" }],
          agentStop: [{ type: "command", bash: "bash ./check.sh", cwd: "hooks" }],
          sessionStart: [{ type: "command", bash: "bash ./check.sh", cwd: ".github/hooks" }],
        },
      }),
      ".github/hooks/check.sh": CHECK,
    });
    const findings = auditHarness(root).findings;
    const cwd = findings.filter((f) => f.ruleId === "hook-cwd-missing");
    expect(cwd.map((f) => f.message)).toEqual([
      expect.stringMatching(
        /cwd "\$\{workspaceRoot\}\/\.github\/hooks" holds a variable, which GitHub Copilot CLI does not expand.*never starts: .*denies every call the hook guards/,
      ),
      expect.stringMatching(
        /cwd "hooks" names hooks, which does not exist.*skips the hook and the action proceeds/,
      ),
    ]);
    // The hook that never starts runs no script: no script finding beside it.
    expect(findings.filter((f) => f.ruleId === "hook-script-missing")).toEqual([]);
  });

  test("--run: the hook never starts and the call is denied, not 'bash was not found'", async () => {
    const root = repo({
      ".github/hooks/hooks.json": JSON.stringify({
        version: 1,
        hooks: {
          preToolUse: [{ type: "command", bash: "bash ./check.sh", cwd: "${workspaceRoot}/.github/hooks" }],
        },
      }),
      ".github/hooks/check.sh": CHECK,
    });
    const result = await runDynamicAudit(auditHarness(root), { maxRunMs: 10_000 });
    const crashes = result.findings.filter((f) => f.ruleId === "hook-crash");
    expect(crashes).toHaveLength(1);
    expect(crashes[0]?.message).toMatch(
      /never started on .*its cwd "\$\{workspaceRoot\}\/\.github\/hooks" does not exist .*takes a cwd as written.*the harness denies the call when a hook cannot start/,
    );
    expect(crashes[0]?.message).not.toMatch(/was not found|proceeds/);
    expect(result.runs.every((r) => r.result.blocked && r.result.exitCode === null)).toBe(true);
  }, 120_000);
});

describe("scripts resolve against the handler's cwd", () => {
  test("a missing `bash <script>` under a cwd, and a missing `node <script>`, are reported; one present under the cwd is not", () => {
    const root = repo({
      ".github/hooks/hooks.json": JSON.stringify({
        version: 1,
        hooks: {
          preToolUse: [
            { type: "command", bash: "bash scripts/present.sh", cwd: ".github/hooks" },
            { type: "command", bash: "bash scripts/absent.sh", cwd: ".github/hooks" },
            { type: "command", bash: "./scripts/nobit.sh", cwd: ".github/hooks" },
          ],
          postToolUse: [{ type: "command", bash: "node tools/log.js" }],
        },
      }),
      ".github/hooks/scripts/present.sh": CHECK,
    });
    writeFileSync(join(root, ".github/hooks/scripts/nobit.sh"), CHECK);
    const findings = auditHarness(root).findings;
    expect(findings.filter((f) => f.ruleId === "hook-script-missing").map((f) => f.message)).toEqual([
      "preToolUse hook script .github/hooks/scripts/absent.sh does not exist: bash cannot open it and exits 127, which GitHub Copilot CLI reads as a deny: the preToolUse hook blocks every time it fires.",
      "postToolUse hook script tools/log.js does not exist: node cannot open it and exits 1, a non-blocking error for GitHub Copilot CLI: the action proceeds.",
    ]);
    expect(findings.filter((f) => f.ruleId === "hook-script-not-executable").map((f) => f.message)).toEqual([
      expect.stringMatching(
        /^preToolUse hook script \.github\/hooks\/scripts\/nobit\.sh is run directly but has no run bit: the shell exits 126, which GitHub Copilot CLI reads as a deny/,
      ),
    ]);
  });
});
