/**
 * Two silent failures of a Copilot CLI `.github/hooks/*.json` file, read statically (the real runs
 * are in test/copilot/copilot-hook-files.test.ts):
 * - `copilot-hooks-file-shape` on events written at the top level with no `hooks` object (Copilot
 *   1.0.102 runs none of them); a JSON file whose top-level keys are not events is left alone;
 * - `copilot-powershell-only` on a handler with only `powershell`: on preToolUse every tool call is
 *   denied on Linux and macOS, on another event the hook does nothing there; a handler with `bash`
 *   (or `command`) beside it is fine.
 */
import { describe, expect, it } from "vitest";
import { checkCopilotHooksFile } from "../../src/adapters/copilot-cli/dialect/audit-rules.js";

const check = (value: unknown) =>
  checkCopilotHooksFile({ file: "h.json", text: JSON.stringify(value, null, 2) }).map(
    (f) => `${f.ruleId} ${f.range?.line ?? 0}: ${f.message}`,
  );

describe("copilot-hooks-file-shape: no hooks object", () => {
  it("reports events at the top level, flat or grouped", () => {
    expect(check({ preToolUse: [{ type: "command", bash: "./gate.sh" }] })).toEqual([
      'copilot-hooks-file-shape 2: preToolUse sits at the top level with no "hooks" object: Copilot CLI reads hooks only from "hooks", so none of this file\'s hooks run',
    ]);
    expect(
      check({ version: 1, PreToolUse: [{ hooks: [{ type: "command", command: "x" }] }], agentStop: [] }),
    ).toEqual([
      'copilot-hooks-file-shape 3: PreToolUse, agentStop sit at the top level with no "hooks" object: Copilot CLI reads hooks only from "hooks", so none of this file\'s hooks run',
    ]);
  });

  it("leaves alone a JSON file with no event at the top level", () => {
    expect(check({ version: 1 })).toEqual([]);
    expect(check({ name: "notes", items: [] })).toEqual([]);
  });
});

describe("copilot-powershell-only", () => {
  it("on preToolUse: every call denied; on sessionStart: the hook does nothing", () => {
    expect(
      check({
        version: 1,
        hooks: {
          preToolUse: [{ type: "command", powershell: "./gate.ps1" }],
          sessionStart: [{ type: "command", powershell: "./start.ps1" }],
        },
      }),
    ).toEqual([
      'copilot-powershell-only 4: A preToolUse handler has only a "powershell" command: on Linux and macOS Copilot CLI has nothing to run and reports the hook as errored, and an errored preToolUse hook denies: every call it sees is denied',
      'copilot-powershell-only 10: A sessionStart handler has only a "powershell" command: on Linux and macOS Copilot CLI has nothing to run, so the hook does nothing there',
    ]);
  });

  it("is silent when the handler has bash or command beside powershell", () => {
    expect(
      check({
        version: 1,
        hooks: {
          preToolUse: [
            { type: "command", bash: "./gate.sh", powershell: "./gate.ps1" },
            { type: "command", command: "./gate.sh", powershell: "./gate.ps1" },
          ],
        },
      }),
    ).toEqual([]);
  });
});
