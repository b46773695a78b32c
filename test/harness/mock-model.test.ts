// The mock model over real HTTP (no CLI): the wire format, bookkeeping, errors, overrun, subagent routing.
import { afterEach, describe, expect, test } from "vitest";
import { scriptModel } from "../../src/adapters/mock/script.js";
import { startMockModel, type MockModel } from "../../src/adapters/claude-code/mock/server.js";

const open: MockModel[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((m) => m.close()));
});

async function mock(...args: Parameters<typeof startMockModel>): Promise<MockModel> {
  const m = await startMockModel(...args);
  open.push(m);
  return m;
}

const agentBody = (messages: unknown[], extra: Record<string, unknown> = {}) => ({
  model: "claude-test",
  stream: true,
  tools: [{ name: "Bash", input_schema: {} }],
  messages,
  system: [{ type: "text", text: "SYSTEM-PROMPT" }],
  ...extra,
});

async function post(
  m: MockModel,
  body: unknown,
  headers: Record<string, string> = {},
  path = "/v1/messages?beta=true",
) {
  const res = await fetch(m.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function sseEvents(text: string): { event: string; data: Record<string, unknown> }[] {
  return text
    .trim()
    .split("\n\n")
    .map((chunk) => {
      const [ev, data] = chunk.split("\n");
      return {
        event: (ev ?? "").slice(7),
        data: JSON.parse((data ?? "").slice(6)) as Record<string, unknown>,
      };
    });
}

describe("mock model wire format", () => {
  test("streams a tool turn as message_start, block start/delta/stop, message_delta(tool_use), message_stop", async () => {
    const m = await mock([{ tool: "Bash", input: { command: "ls" }, text: "looking" }, { text: "done" }]);
    const r = await post(m, agentBody([{ role: "user", content: "go" }]));
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/event-stream");
    const events = sseEvents(r.text);
    expect(events.map((e) => e.event)).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(events[4]?.data["content_block"]).toMatchObject({ type: "tool_use", name: "Bash" });
    expect(JSON.parse(String((events[5]?.data["delta"] as { partial_json: string }).partial_json))).toEqual({
      command: "ls",
    });
    expect(events[7]?.data["delta"]).toMatchObject({ stop_reason: "tool_use" });
  });

  test("answers a non-streamed request with one JSON message; several tools in one turn", async () => {
    const m = await mock([
      {
        tools: [
          { tool: "Read", input: { file_path: "a" } },
          { tool: "Read", input: { file_path: "b" } },
        ],
      },
    ]);
    const r = await post(m, agentBody([{ role: "user", content: "go" }], { stream: false }));
    const body = JSON.parse(r.text) as { content: { type: string; input: unknown }[]; stop_reason: string };
    expect(body.stop_reason).toBe("tool_use");
    expect(body.content.map((b) => b.input)).toEqual([{ file_path: "a" }, { file_path: "b" }]);
  });

  test("count_tokens and tool-less requests are bookkeeping: answered, recorded as sideChannel, not turns", async () => {
    const m = await mock([{ text: "the only turn" }]);
    const c = await post(m, { messages: [{ role: "user", content: "x" }] }, {}, "/v1/messages/count_tokens");
    expect(JSON.parse(c.text)).toMatchObject({ input_tokens: expect.any(Number) });
    const side = await post(m, {
      model: "m",
      stream: false,
      messages: [{ role: "user", content: "title?" }],
    });
    expect(side.status).toBe(200);
    const turn = await post(m, agentBody([{ role: "user", content: "go" }], { stream: false }));
    expect(JSON.parse(turn.text).content[0].text).toBe("the only turn");
    expect(m.requests.map((q) => q.sideChannel)).toEqual([true, true, false]);
    expect(m.answeredTurns()).toBe(1);
  });

  test("an error turn sends its status, API error type and retry-after; the retry gets the next turn", async () => {
    const m = await mock([{ error: { status: 429, retryAfter: 1 } }, { text: "after retry" }]);
    const first = await post(m, agentBody([{ role: "user", content: "go" }]));
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("1");
    expect(JSON.parse(first.text)).toEqual({
      type: "error",
      error: { type: "rate_limit_error", message: "scripted error 429" },
    });
    const second = await post(m, agentBody([{ role: "user", content: "go" }], { stream: false }));
    expect(JSON.parse(second.text).content[0].text).toBe("after retry");
    expect(m.answeredTurns()).toBe(1);
  });

  // What UnservedTurnsError reads: an error turn counts as served (the cursor moved past it), a
  // bookkeeping request serves nothing, and the next turn is named (its JSON, or "a turn function").
  test("unservedTurns: how far the script got, error turns included, and the turn that came next", async () => {
    const m = await mock([{ error: { status: 429 } }, { text: "after retry" }, () => ({ text: "computed" })]);
    expect(m.unservedTurns()).toEqual([
      { label: "main agent", served: 0, total: 3, next: '{"error":{"status":429}}' },
    ]);
    await post(m, { model: "m", stream: false, messages: [{ role: "user", content: "title?" }] });
    await post(m, agentBody([{ role: "user", content: "go" }]));
    await post(m, agentBody([{ role: "user", content: "go" }]));
    expect(m.unservedTurns()).toEqual([
      { label: "main agent", served: 2, total: 3, next: "a turn function" },
    ]);
    await post(m, agentBody([{ role: "user", content: "go" }]));
    expect(m.unservedTurns()).toEqual([]);
  });

  test("an overrun answers 400 with the reason, is recorded once, and never repeats the last turn", async () => {
    const m = await mock([{ text: "one" }]);
    await post(m, agentBody([{ role: "user", content: "go" }]));
    const over = await post(m, agentBody([{ role: "user", content: "again" }]));
    const again = await post(m, agentBody([{ role: "user", content: "again" }]));
    expect(over.status).toBe(400);
    expect(again.status).toBe(400);
    expect(over.text).toContain("script overrun");
    expect(over.text).not.toContain('"one"');
    expect(m.overruns).toHaveLength(1);
    expect(m.overruns[0]).toMatch(/main agent has 1 turn\(s\) and the CLI asked for turn 2/);
  });

  test("a turn may be a function of the request", async () => {
    const m = await mock([
      (req) => ({ text: `saw ${req.messages.length} message(s): ${req.messages[0]?.text ?? ""}` }),
    ]);
    const r = await post(m, agentBody([{ role: "user", content: "hello" }], { stream: false }));
    expect(JSON.parse(r.text).content[0].text).toBe("saw 1 message(s): hello");
  });
});

describe("recorded requests", () => {
  test("messages[].text flattens every block kind, keeps role:system, and the system prompt", async () => {
    const m = await mock([{ text: "ok" }]);
    await post(
      m,
      agentBody([
        {
          role: "user",
          content: [
            { type: "text", text: "<system-reminder>REMINDER</system-reminder>" },
            { type: "text", text: "prompt" },
          ],
        },
        { role: "system", content: "ENVIRONMENT" },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "ls" } }],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "t1", content: "STRING-RESULT" },
            {
              type: "tool_result",
              tool_use_id: "t2",
              content: [{ type: "text", text: "ARRAY-RESULT\nPOST-TOOL-CONTEXT" }],
            },
          ],
        },
      ]),
    );
    const [req] = m.requests;
    expect(req?.system).toBe("SYSTEM-PROMPT");
    expect(req?.tools).toEqual(["Bash"]);
    expect(req?.messages.map((x) => x.role)).toEqual(["user", "system", "assistant", "user"]);
    expect(req?.messages[0]?.text).toContain("REMINDER");
    expect(req?.messages[1]?.text).toBe("ENVIRONMENT");
    expect(req?.messages[3]?.text).toContain("STRING-RESULT");
    expect(req?.messages[3]?.text).toContain("POST-TOOL-CONTEXT");
  });
});

describe("subagent routing", () => {
  test("requests are routed by x-claude-code-agent-id to the script of the Agent call's subagent_type, not by order", async () => {
    const m = await mock(
      scriptModel(
        [
          { tool: "Agent", input: { subagent_type: "explorer", description: "a", prompt: "EXPLORE-PROMPT" } },
          { tool: "Agent", input: { subagent_type: "writer", description: "b", prompt: "WRITE-PROMPT" } },
          { text: "main done" },
        ],
        { agents: { explorer: [{ text: "explored" }], writer: [{ text: "wrote" }] } },
      ),
    );
    const main = (n: number) =>
      post(m, agentBody([{ role: "user", content: `main ${n}` }], { stream: false }));
    await main(1);
    await main(2);
    // The writer asks first, then the explorer: routing follows the prompt each carries.
    const w = await post(m, agentBody([{ role: "user", content: "WRITE-PROMPT" }], { stream: false }), {
      "x-claude-code-agent-id": "agent-w",
    });
    const e = await post(m, agentBody([{ role: "user", content: "EXPLORE-PROMPT" }], { stream: false }), {
      "x-claude-code-agent-id": "agent-e",
    });
    expect(JSON.parse(w.text).content[0].text).toBe("wrote");
    expect(JSON.parse(e.text).content[0].text).toBe("explored");
    expect(JSON.parse((await main(3)).text).content[0].text).toBe("main done");
    expect(m.requests.map((q) => q.agentId)).toEqual([undefined, undefined, "agent-w", "agent-e", undefined]);
    expect(m.answeredTurns()).toBe(3);
  });

  test("a subagent with no script is an overrun that names the keys it looked up", async () => {
    const m = await mock([
      { tool: "Agent", input: { subagent_type: "ghost", description: "d", prompt: "P" } },
    ]);
    await post(m, agentBody([{ role: "user", content: "go" }], { stream: false }));
    const r = await post(m, agentBody([{ role: "user", content: "P" }], { stream: false }), {
      "x-claude-code-agent-id": "z",
    });
    expect(r.status).toBe(400);
    expect(m.overruns[0]).toMatch(/no turns for it.*"ghost", "d" and "\*"/);
  });
});
