// Pins, with the REAL pinned Copilot CLI (1.0.102) against the mock, what a matcher under the
// PascalCase alias (`PreToolUse`, the VS Code-compatible variant) is compared with when the model
// writes a file: Copilot's own tool name (`create`) or Claude Code's (`Write`). Both select it. `vigiles audit --run`
// selects its probes by that answer (tools/audit/harness-runs.ts), so a wrong one leaves hooks unrun.
import { describe, expect, test } from "vitest";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { scriptModel } from "../../src/adapters/mock/script.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";

const record = (label: string) => `cat > "seen-${label}.json"`;
const group = (matcher: string, label: string) => ({
  matcher,
  hooks: [{ type: "command", command: record(label) }],
});

describe("Copilot CLI, real CLI: matchers under the PascalCase alias", () => {
  test("a file write is selected by its Claude Code name and by Copilot's own", async () => {
    const r = await runHarnessTest(
      {
        prompt: "write the file",
        model: scriptModel([
          { tool: "Write", input: { file_path: "out.txt", content: "hi\n" } },
          { text: "done" },
        ]),
        files: {
          ".github/hooks/pascal.json": JSON.stringify({
            version: 1,
            hooks: {
              PreToolUse: [group("Write|Edit", "claude-names"), group("create|edit", "copilot-names")],
            },
          }),
        },
        sandbox: false,
      },
      { adapter: copilotAdapter },
    );
    // Not vacuous: the write itself ran.
    expect(r.file("out.txt")).toBe("hi\n");
    const claude = r.file("seen-claude-names.json");
    const copilot = r.file("seen-copilot-names.json");
    const shell = r.file("seen-shell-only.json");
    // Both names select the write, and a group for another tool does not run (the matcher is read).
    expect({ claude: claude !== null, copilot: copilot !== null, shell: shell !== null }).toEqual({
      claude: true,
      copilot: true,
      shell: false,
    });
    // The payload names the tool as Claude Code does, but its input keeps Copilot's own keys.
    expect(JSON.parse(claude!)).toMatchObject({ tool_name: "Write", tool_input: { path: "out.txt" } });
  }, 240_000);
});
