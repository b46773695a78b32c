// Pins, on the REAL pinned OpenCode (1.18.33), confined against the mock, how a spec's tool lists
// reach it (src/adapters/opencode/tool-lists.ts): a disallowed tool (`tools: { bash: false }` in the
// inline config) is not among the tools the model is offered, while the others are; an allowed tool
// (`permission: { read: "allow" }`) is accepted by its config schema and runs. A free test cannot
// show this: only the CLI decides what reaches the model.
import { expect, test } from "vitest";
import { opencodeAdapter } from "../../src/adapters/opencode/adapter.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";

const offered = (body: unknown): string[] =>
  (
    ((body as { tools?: { function?: { name?: string } }[] }).tools ?? []) as {
      function?: { name?: string };
    }[]
  )
    .map((t) => t.function?.name ?? "")
    .sort();

test("disallowedTools keeps the tool from the model; allowedTools runs its tool", async () => {
  const r = await runHarnessTest(
    {
      prompt: "read it",
      model: [{ tool: "Read", input: { file_path: "note.txt" } }, { text: "done" }],
      files: { "note.txt": "hello\n" },
      disallowedTools: ["Bash"],
      allowedTools: ["Read"],
      timeoutMs: 240_000,
    },
    { adapter: opencodeAdapter },
  );
  try {
    const first = r.modelRequests.find((q) => !q.sideChannel);
    const tools = offered(first?.body);
    expect(tools).toContain("read");
    expect(tools).not.toContain("bash");
    expect(r.toolCalls.find((c) => c.name === "Read")?.result).toMatchObject({ isError: false });
  } finally {
    r.cleanup();
  }
}, 300_000);
