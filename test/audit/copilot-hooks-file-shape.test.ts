// What the REAL pinned GitHub Copilot CLI (1.0.102) does with two things the audit judges in
// `.github/hooks/*.json`, each next to a control hook in the same run that proves hooks ran at all:
// - a file whose `hooks` is an array of `{event, command}` objects (a shape some repositories
//   write): Copilot never runs those hooks, so the audit's `copilot-hooks-file-shape` is right to
//   say so;
// - the path a create call's `toolArgs.path` carries: Copilot passes the model's path on as given,
//   so a guard comparing it with a relative pattern sees whatever the model wrote (Copilot's own
//   tool description asks for absolute paths).
import { describe, expect, test } from "vitest";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";

describe("Copilot CLI hooks file shape, real CLI", () => {
  test("an array-shaped hooks file never runs; the object-shaped control does", async () => {
    const r = await runHarnessTest(
      {
        prompt: "go",
        model: [
          { tool: "Bash", input: { command: "echo hi" } },
          { tool: "Write", input: { file_path: "notes.md", content: "one\n" } },
          { text: "done" },
        ],
        files: {
          ".github/hooks/array.json": JSON.stringify({
            hooks: [
              { event: "preToolUse", command: "touch ARRAY_CAMEL" },
              { event: "PreToolUse", command: "touch ARRAY_PASCAL" },
              { event: "PreToolUse", matcher: "Bash", command: "touch ARRAY_MATCHED" },
            ],
          }),
          ".github/hooks/capture.json": JSON.stringify({
            version: 1,
            hooks: {
              preToolUse: [
                { type: "command", bash: "cat >> payloads.jsonl; echo >> payloads.jsonl", timeoutSec: 10 },
              ],
            },
          }),
        },
        sandbox: false,
      },
      { adapter: copilotAdapter },
    );
    try {
      const payloads = (r.file("payloads.jsonl") ?? "")
        .split("\n")
        .filter((line) => line.trim().startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      // The control ran for both calls: hooks were loaded from .github/hooks in this run.
      expect(payloads.map((p) => p["toolName"])).toEqual(["bash", "create"]);
      // None of the array-shaped file's hooks ran, under either event spelling.
      expect(r.file("ARRAY_CAMEL")).toBeNull();
      expect(r.file("ARRAY_PASCAL")).toBeNull();
      expect(r.file("ARRAY_MATCHED")).toBeNull();
      // The create call's path reaches the hook as the model wrote it (here relative).
      const create = payloads[1]?.["toolArgs"] as Record<string, unknown> | undefined;
      expect(create?.["path"]).toBe("notes.md");
    } finally {
      r.cleanup();
    }
  }, 240_000);

  // A handler's `cwd` (VS Code's hook format, which Copilot CLI also reads): the command runs there,
  // relative to the repository, so `node scripts/x.js` with `cwd: ".github/hooks"` finds
  // `.github/hooks/scripts/x.js`. `vigiles audit --run` runs it the same way.
  test("a handler's cwd is where its command runs, under either event spelling", async () => {
    const r = await runHarnessTest(
      {
        prompt: "go",
        model: [{ tool: "Bash", input: { command: "echo hi" } }, { text: "done" }],
        files: {
          "sub/keep.txt": "",
          ".github/hooks/cwd.json": JSON.stringify({
            version: 1,
            hooks: {
              preToolUse: [{ type: "command", bash: "pwd > camel.txt", cwd: "sub", timeoutSec: 10 }],
              PreToolUse: [{ type: "command", command: "pwd > pascal.txt", cwd: "sub", timeout: 10 }],
            },
          }),
        },
        sandbox: false,
      },
      { adapter: copilotAdapter },
    );
    try {
      expect(r.file("sub/camel.txt")?.trim()).toMatch(/\/sub$/);
      expect(r.file("sub/pascal.txt")?.trim()).toMatch(/\/sub$/);
      expect(r.file("camel.txt")).toBeNull();
    } finally {
      r.cleanup();
    }
  }, 240_000);
});
