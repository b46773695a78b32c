// Pins explain's model of Gemini CLI matchers against the REAL pinned Gemini CLI (0.61.0, against the
// mock): BeforeTool groups with matchers "run_shell_command", "shell", "^shell" and "Bash", one
// scripted shell call; the hooks that really ran (each appends its label to a file) are the ones
// explain predicts for the same settings: an unanchored regex over Gemini's own tool names.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { geminiAdapter } from "../../src/adapters/gemini-cli/adapter.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { explainRegistrations } from "../../src/tools/explain/explain-registrations.js";
import { geminiRegistrations } from "../../src/adapters/gemini-cli/registrations.js";

const group = (label: string, matcher: string) => ({
  matcher,
  hooks: [{ type: "command", command: `sh $GEMINI_PROJECT_DIR/mark.sh ${label}`, timeout: 20000 }],
});
const FILES = {
  ".gemini/settings.json": JSON.stringify({
    hooks: {
      BeforeTool: [
        group("whole", "run_shell_command"),
        group("part", "shell"),
        group("anchored", "^shell"),
        group("claude", "Bash"),
      ],
    },
  }),
  "mark.sh": 'cat >/dev/null\necho "$1" >> "$GEMINI_PROJECT_DIR/fired.txt"\nexit 0\n',
};

const scratch = join(process.cwd(), ".vigiles/tmp");
let root = "";
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("the BeforeTool hooks Gemini really runs for a shell call are the ones explain predicts", async () => {
  mkdirSync(scratch, { recursive: true });
  root = mkdtempSync(join(scratch, "explain-gemini-"));
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  const predicted = explainRegistrations(
    "gemini",
    { hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command: "echo ran" } },
    geminiRegistrations(root).registrations,
    { cwd: root },
  )
    .handlers.filter((h) => h.selected)
    .map((h) => h.command.split(" ").at(-1));
  const r = await runHarnessTest(
    {
      prompt: "run it",
      model: [{ tool: "Bash", input: { command: "echo ran" } }, { text: "done" }],
      files: FILES,
      sandbox: false,
    },
    { adapter: geminiAdapter },
  );
  try {
    const fired = (r.file("fired.txt") ?? "").trim().split("\n").filter(Boolean).sort();
    expect(fired).toEqual([...predicted].sort());
    // What 0.61.0 does: a regex anywhere in the name, case-sensitive; Claude's `Bash` matches nothing.
    expect(fired).toEqual(["part", "whole"]);
  } finally {
    r.cleanup();
  }
}, 240_000);
