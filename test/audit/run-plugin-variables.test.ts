/**
 * `vigiles audit --run` replaces the variables a harness substitutes textually in a plugin's hook
 * commands, as its dialect lists them (`pluginCommandVariables`): Gemini CLI 0.61.0 hydrates an
 * extension's hooks with `${extensionPath}`, `${workspacePath}`, `${/}` and `${pathSeparator}` before
 * bash sees the command (real run: test/gemini/gemini-extension-hooks.test.ts). Before, `--run`
 * handed `${/}` to bash as is ("bad substitution") and reported a crash on every event for a hook
 * the real CLI runs (a false alarm measured on a public extension, issue 35). The static audit
 * resolves the script through the same variables.
 */
import { describe, expect, it } from "vitest";
import { dialectOf } from "../../src/adapters/registry.js";
import { runDynamicAudit } from "../../src/tools/audit/dynamic-audit.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";
import { tempTrees } from "../support/temp-tree.js";

const repo = tempTrees("vigiles-run-vars-");

/** Exits 0 only when its first argument is a directory (the workspace). */
const check = `#!/bin/sh\ncat >/dev/null\n[ -d "$1" ] || { echo "no workspace: $1" >&2; exit 1; }\nexit 0\n`;

describe("audit --run: a plugin command's textual variables", () => {
  it("Gemini's dialect lists ${workspacePath}, ${/} and ${pathSeparator}; the others list none", () => {
    expect(dialectOf("gemini").pluginCommandVariables.map((v) => v.placeholder)).toEqual([
      "${workspacePath}",
      "${/}",
      "${pathSeparator}",
    ]);
    expect(dialectOf("claude-code").pluginCommandVariables).toEqual([]);
  });

  it("runs a Gemini extension hook written with ${/} and ${workspacePath} as Gemini does: no crash", async () => {
    const root = repo({
      "gemini-extension.json": JSON.stringify({ name: "vars", version: "1.0.0" }),
      "hooks/check.sh": check,
      "hooks/hooks.json": JSON.stringify({
        hooks: {
          SessionStart: [
            {
              hooks: [
                {
                  type: "command",
                  command: 'sh "${extensionPath}${/}hooks${pathSeparator}check.sh" "${workspacePath}"',
                  timeout: 10000,
                },
              ],
            },
          ],
        },
      }),
    });
    const audit = auditHarness(root);
    expect(audit.findings).toEqual([]);
    const result = await runDynamicAudit(audit, { maxRunMs: 10_000 });
    expect(result.stats.hooks).toBe(1);
    expect(result.runs.length).toBeGreaterThan(0);
    expect(result.runs.map((r) => [r.result.exitCode, r.result.stderr])).toEqual(
      result.runs.map(() => [0, ""]),
    );
    expect(result.findings.filter((f) => f.ruleId === "hook-crash")).toEqual([]);
  }, 120_000);
});
