/**
 * `hooks-shape` on a Gemini CLI extension: a definition written flat (`{name, type, matcher,
 * command}` straight in the event's list, no `hooks` list) is discarded by Gemini CLI 0.61.0
 * (processHookDefinition; a real run in test/gemini/gemini-extension-hooks.test.ts ran none). Before,
 * the audit's reader dropped it silently too: the extension audited clean with nothing read. A
 * definition under an event Gemini lacks is left to `gemini-unknown-event`; Copilot's flat entries,
 * which its dialect reads, are not a shape problem.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function audit(files: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), "vigiles-gshape-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return auditHarness(dir);
}

const MANIFEST = JSON.stringify({ name: "shape", version: "1.0.0" });
const flat = { name: "note", type: "command", command: "echo started", timeout: 5000 };

describe("hooks-shape on Gemini CLI's flat definitions", () => {
  it("reports each flat definition on a Gemini event, once, and registers none of them", () => {
    const report = audit({
      "gemini-extension.json": MANIFEST,
      "hooks/hooks.json": JSON.stringify(
        {
          hooks: {
            SessionStart: [flat],
            BeforeTool: [{ ...flat, matcher: "run_shell_command" }],
            Stop: [flat],
          },
        },
        null,
        2,
      ),
    });
    const rules = report.findings.map((f) => `${f.ruleId} ${f.range?.line ?? 0}`);
    expect(rules.sort()).toEqual(["gemini-unknown-event 20", "hooks-shape 12", "hooks-shape 4"]);
    const shape = report.findings.filter((f) => f.ruleId === "hooks-shape");
    expect(shape.map((f) => f.message)).toEqual([
      'A "SessionStart" entry has no "hooks" list (a handler written straight in the event\'s list): Gemini CLI discards it, so its hook never runs.',
      'A "BeforeTool" entry has no "hooks" list (a handler written straight in the event\'s list): Gemini CLI discards it, so its hook never runs.',
    ]);
    expect(shape.every((f) => f.severity === "error")).toBe(true);
    expect(report.registrations).toEqual([]);
  });

  it("is silent on the grouped form, and on Copilot's flat entries", () => {
    const grouped = audit({
      "gemini-extension.json": MANIFEST,
      "hooks/hooks.json": JSON.stringify({
        hooks: { SessionStart: [{ hooks: [{ type: "command", command: "echo started", timeout: 5000 }] }] },
      }),
    });
    expect(grouped.findings).toEqual([]);
    expect(grouped.registrations).toHaveLength(1);
    const copilot = audit({
      ".github/hooks/hooks.json": JSON.stringify({
        version: 1,
        hooks: { sessionStart: [{ type: "command", bash: "echo started", timeoutSec: 5 }] },
      }),
    });
    expect(copilot.findings.filter((f) => f.ruleId === "hooks-shape")).toEqual([]);
  });
});
