// Pins explain's model of Copilot CLI matchers against the REAL pinned Copilot CLI (1.0.102, BYOK
// against the mock): three preToolUse hooks with matchers "bash", "bas" and "Bash" in one
// .github/hooks file, one scripted bash call; the hooks that really ran (each appends its label to
// a file) are the ones explain predicts for the same files. Copilot's docs leave the matcher rules
// open (copilot-cli issue 3820); its changelog says a matcher must match the whole tool name.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { explainRegistrations } from "../../src/tools/explain/explain-registrations.js";
import { copilotRegistrations } from "../../src/adapters/copilot-cli/registrations.js";

const hook = (label: string, matcher: string) => ({
  type: "command",
  bash: `bash ./mark.sh ${label}`,
  timeoutSec: 20,
  matcher,
});
const FILES = {
  ".github/hooks/matchers.json": JSON.stringify({
    version: 1,
    hooks: { preToolUse: [hook("whole", "bash"), hook("part", "bas"), hook("claude", "Bash")] },
  }),
  "mark.sh": 'cat >/dev/null\necho "$1" >> fired.txt\nexit 0\n',
};

const scratch = join(process.cwd(), ".vigiles/tmp");
let root = "";
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("the preToolUse hooks Copilot really runs for a bash call are the ones explain predicts", async () => {
  mkdirSync(scratch, { recursive: true });
  root = mkdtempSync(join(scratch, "explain-copilot-"));
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  const predicted = explainRegistrations(
    "copilot",
    { hook_event_name: "preToolUse", tool_name: "bash", tool_input: { command: "echo ran" } },
    copilotRegistrations(root).registrations,
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
    { adapter: copilotAdapter },
  );
  try {
    const fired = (r.file("fired.txt") ?? "").trim().split("\n").filter(Boolean).sort();
    expect(fired).toEqual([...predicted].sort());
    // What 1.0.102 does: only the matcher naming the whole tool name (Copilot's own `bash`) fires.
    expect(fired).toEqual(["whole"]);
  } finally {
    r.cleanup();
  }
}, 240_000);
