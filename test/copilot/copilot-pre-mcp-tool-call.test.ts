// What the REAL pinned GitHub Copilot CLI (1.0.102) does with a `preMcpToolCall` hook from a
// repository hooks file (issue 32: its binary lists the event, the dialect does not model it, so the
// audit says `unpinned-event`). A stdio MCP server of our own (fixtures/mcp-marker) in the repo's
// `.mcp.json`; the scripted model calls its tool. Measured here:
// - it fires before the MCP request (preToolUse fires too, with `marker-echo_marker`), with
//   {sessionId, timestamp, cwd, toolCallId, serverName, toolName, arguments} (the bare MCP tool name);
// - a matcher must match the whole of "<serverName>/<toolName>" (`marker/echo_marker` and `.*` ran;
//   `echo_marker`, `marker`, `marker-echo_marker`, `mcp__marker__echo_marker` and "" did not);
// - `metaToUse` becomes the request's `_meta` (Copilot adds its progressToken);
// - exit 2 and `permissionDecision: "deny"` stop nothing: the MCP call is made.
// The dialect cannot say that matcher subject (no payload field holds "server/tool"), and a model
// that called the matcher ignored or the tool name would make the audit wrong, so the event stays
// unpinned (the audit's warning); this test fails when a release changes what it pins.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { dialectOf } from "../../src/adapters/registry.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";

const SERVER = readFileSync(join(import.meta.dirname, "fixtures", "mcp-marker", "server.mjs"), "utf8");
const MCP = JSON.stringify({
  mcpServers: { marker: { type: "stdio", command: "node", args: ["server.mjs"], tools: ["*"] } },
});

/** One run calling the MCP tool, with these preMcpToolCall entries; the MCP server's `tools/call` requests. */
async function runWithHooks(entries: readonly Record<string, unknown>[]) {
  const r = await runHarnessTest(
    {
      prompt: "call it",
      model: [{ tool: "marker-echo_marker", input: { text: "hi" } }, { text: "done" }],
      files: {
        "server.mjs": SERVER,
        ".mcp.json": MCP,
        ".github/hooks/guard.json": JSON.stringify({
          version: 1,
          hooks: { preMcpToolCall: entries.map((e) => ({ type: "command", timeoutSec: 10, ...e })) },
        }),
      },
      allowHookCrashes: true,
      sandbox: false,
      // The server runs in the work dir; a relative log lands there too.
      env: { MCP_LOG: "mcp-log.jsonl" },
    },
    { adapter: copilotAdapter },
  );
  const log = r.file("mcp-log.jsonl") ?? "";
  const calls = log
    .split("\n")
    .filter((l) => l.includes('"tools/call"'))
    .map((l) => JSON.parse(l) as { params: { _meta?: Record<string, unknown>; name: string } });
  return { r, calls };
}

describe("preMcpToolCall, real CLI", { timeout: 240_000 }, () => {
  test("fires with the MCP call's fields; its matcher is matched against server/tool; metaToUse becomes _meta", async () => {
    const { r, calls } = await runWithHooks([
      { bash: `cat > payload.json; echo '{"metaToUse":{"marker":"META-7"}}'` },
      { matcher: "marker/echo_marker", bash: "cat > slash.json" },
      { matcher: ".*", bash: "cat > any.json" },
      { matcher: "echo_marker", bash: "cat > bare.json" },
      { matcher: "marker-echo_marker", bash: "cat > prefixed.json" },
      { matcher: "marker", bash: "cat > server.json" },
    ]);
    try {
      const payload = JSON.parse(r.file("payload.json") ?? "{}") as Record<string, unknown>;
      expect(Object.keys(payload).sort()).toEqual(
        ["arguments", "cwd", "serverName", "sessionId", "timestamp", "toolCallId", "toolName"].sort(),
      );
      expect(payload).toMatchObject({
        serverName: "marker",
        toolName: "echo_marker",
        arguments: { text: "hi" },
      });
      const ran = (name: string) => r.file(`${name}.json`) !== null;
      expect(["slash", "any", "bare", "prefixed", "server"].filter(ran)).toEqual(["slash", "any"]);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.params._meta).toMatchObject({ marker: "META-7" });
    } finally {
      r.cleanup();
    }
    // Not modelled: the audit warns it cannot judge such a hook.
    expect(dialectOf("copilot-cli").unpinnedEvents).toContain("preMcpToolCall");
  });

  test("exit 2 and a deny decision stop nothing: the MCP call is made", async () => {
    const { r, calls } = await runWithHooks([
      { bash: "cat > exit2.json; echo no >&2; exit 2" },
      { bash: `cat > deny.json; echo '{"permissionDecision":"deny","permissionDecisionReason":"DENY-7"}'` },
    ]);
    try {
      expect(r.file("exit2.json")).not.toBeNull();
      expect(r.file("deny.json")).not.toBeNull();
      expect(calls.map((c) => c.params.name)).toEqual(["echo_marker"]);
      expect(r.output).toBe("done");
    } finally {
      r.cleanup();
    }
  });
});
