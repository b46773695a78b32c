/**
 * Pins the shared OpenAI chat-completions mock (src/adapters/mock/chat-completions): the SSE
 * chunks a scripted turn becomes (text in `delta.content`, each call in `delta.tool_calls` with
 * its index, id and JSON-string arguments, `finish_reason`, a usage chunk, `[DONE]`), the
 * non-streamed body, the tool-name translation hook, bookkeeping kept out of the script, the
 * recorded request's flattening, and overruns answered with an OpenAI error body.
 */
import { afterEach, describe, expect, test } from "vitest";
import { startChatCompletionsMock } from "../../src/adapters/mock/chat-completions/server.js";
import { toChatModelRequest } from "../../src/adapters/mock/chat-completions/flatten.js";
import type { RunningMock } from "../../src/adapters/port.js";

const mocks: RunningMock[] = [];
afterEach(async () => {
  await Promise.all(mocks.splice(0).map((m) => m.close()));
});

const TOOLS = [{ type: "function", function: { name: "run_shell_command", parameters: {} } }];

async function post(mock: RunningMock, body: unknown, path = "/v1/chat/completions") {
  const res = await fetch(`${mock.url}${path}`, { method: "POST", body: JSON.stringify(body) });
  return { status: res.status, text: await res.text(), type: res.headers.get("content-type") };
}

type Chunk = {
  choices: { delta: Record<string, unknown>; finish_reason: string | null }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
};

function chunks(text: string): { events: Chunk[]; done: boolean } {
  const data = text
    .split("\n")
    .filter((l) => l.startsWith("data: "))
    .map((l) => l.slice(6));
  return {
    events: data.filter((d) => d !== "[DONE]").map((d) => JSON.parse(d) as Chunk),
    done: data.at(-1) === "[DONE]",
  };
}

describe("the chat-completions mock wire", () => {
  test("a tool turn streams its text, each call by index in the harness's names, finish_reason tool_calls, usage and [DONE]", async () => {
    const mock = await startChatCompletionsMock(
      [
        {
          text: "cleaning",
          tools: [
            { tool: "Bash", input: { command: "rm -rf build" }, id: "call_1" },
            { tool: "Write", input: { file_path: "a.txt", content: "A" } },
          ],
        },
      ],
      {
        translateCall: (tool, input) =>
          tool === "Bash"
            ? { name: "run_shell_command", input: { ...input, is_background: false } }
            : { name: tool.toLowerCase(), input: { ...input } },
      },
    );
    mocks.push(mock);
    const { status, text, type } = await post(mock, {
      model: "m",
      stream: true,
      messages: [{ role: "user", content: "go" }],
      tools: TOOLS,
    });
    expect(status).toBe(200);
    expect(type).toContain("text/event-stream");
    const { events, done } = chunks(text);
    expect(done).toBe(true);
    expect(events[0]?.choices[0]?.delta).toEqual({ role: "assistant", content: "cleaning" });
    const calls = events.flatMap((e) => (e.choices[0]?.delta["tool_calls"] as unknown[] | undefined) ?? []);
    expect(calls).toEqual([
      {
        index: 0,
        id: "call_1",
        type: "function",
        function: {
          name: "run_shell_command",
          arguments: JSON.stringify({ command: "rm -rf build", is_background: false }),
        },
      },
      expect.objectContaining({
        index: 1,
        type: "function",
        function: { name: "write", arguments: JSON.stringify({ file_path: "a.txt", content: "A" }) },
      }),
    ]);
    expect(events.map((e) => e.choices[0]?.finish_reason).filter(Boolean)).toEqual(["tool_calls"]);
    const usage = events.at(-1);
    expect(usage?.choices).toEqual([]);
    expect(usage?.usage?.total_tokens).toBe(
      (usage?.usage?.prompt_tokens ?? 0) + (usage?.usage?.completion_tokens ?? 0),
    );
    expect(mock.answeredTurns()).toBe(1);
  });

  test("a text turn without stream:true is one chat.completion body with finish_reason stop", async () => {
    const mock = await startChatCompletionsMock([{ text: "all done" }]);
    mocks.push(mock);
    const { status, text } = await post(mock, {
      model: "m",
      messages: [{ role: "user", content: "go" }],
      tools: TOOLS,
    });
    expect(status).toBe(200);
    const body = JSON.parse(text) as {
      object: string;
      choices: { message: unknown; finish_reason: string }[];
    };
    expect(body.object).toBe("chat.completion");
    expect(body.choices[0]).toEqual({
      index: 0,
      message: { role: "assistant", content: "all done" },
      finish_reason: "stop",
    });
  });

  test("without a translation hook a scripted call keeps its name and input", async () => {
    const mock = await startChatCompletionsMock([{ tool: "Bash", input: { command: "ls" } }]);
    mocks.push(mock);
    const { text } = await post(mock, { messages: [], tools: TOOLS });
    const body = JSON.parse(text) as { choices: { message: { tool_calls: { function: unknown }[] } }[] };
    expect(body.choices[0]?.message.tool_calls[0]?.function).toEqual({
      name: "Bash",
      arguments: '{"command":"ls"}',
    });
  });

  test("a request without tools is bookkeeping: answered outside the script ({} for JSON), recorded as side channel", async () => {
    const mock = await startChatCompletionsMock([{ text: "the only turn" }]);
    mocks.push(mock);
    const plain = JSON.parse(
      (await post(mock, { messages: [{ role: "user", content: "title?" }] })).text,
    ) as {
      choices: { message: { content: string } }[];
    };
    expect(plain.choices[0]?.message.content).toBe("vigiles mock");
    const json = JSON.parse(
      (await post(mock, { messages: [], response_format: { type: "json_object" } })).text,
    ) as { choices: { message: { content: string } }[] };
    expect(json.choices[0]?.message.content).toBe("{}");
    expect(mock.answeredTurns()).toBe(0);
    expect(mock.requests.map((r) => r.sideChannel)).toEqual([true, true]);
    expect(mock.unservedTurns()).toHaveLength(1);
  });

  test("an overrun answers 400 with an OpenAI error body and is recorded once", async () => {
    const mock = await startChatCompletionsMock([{ text: "one" }]);
    mocks.push(mock);
    await post(mock, { messages: [], tools: TOOLS });
    const second = await post(mock, { messages: [], tools: TOOLS });
    await post(mock, { messages: [], tools: TOOLS });
    expect(second.status).toBe(400);
    const error = (JSON.parse(second.text) as { error: { type: string; message: string } }).error;
    expect(error.type).toBe("invalid_request_error");
    expect(error.message).toContain("script overrun");
    expect(mock.overruns).toHaveLength(1);
  });

  test("a scripted error turn answers its status and retry-after", async () => {
    const mock = await startChatCompletionsMock([{ error: { status: 429, retryAfter: 1 } }, { text: "ok" }]);
    mocks.push(mock);
    const res = await fetch(`${mock.url}/v1/chat/completions`, {
      method: "POST",
      body: JSON.stringify({ messages: [], tools: TOOLS }),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe("rate_limit_exceeded");
  });

  test("other routes: GET /v1/models lists the model, anything else is a 404", async () => {
    const mock = await startChatCompletionsMock([{ text: "x" }]);
    mocks.push(mock);
    const models = (await (await fetch(`${mock.url}/v1/models`)).json()) as { data: { id: string }[] };
    expect(models.data[0]?.id).toBe("mock-model");
    expect((await post(mock, {}, "/v1/responses")).status).toBe(404);
  });
});

describe("flattening a chat-completions request", () => {
  test("system messages are the system prompt; tool results and assistant calls become text", () => {
    const request = toChatModelRequest({
      model: "mock-model",
      tools: TOOLS,
      messages: [
        { role: "system", content: "you are qwen" },
        { role: "user", content: [{ type: "text", text: "clean" }] },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: "c1",
              type: "function",
              function: { name: "run_shell_command", arguments: '{"command":"ls"}' },
            },
          ],
        },
        { role: "tool", tool_call_id: "c1", content: "a\nb\nHOOK-CONTEXT" },
      ],
    });
    expect(request.sideChannel).toBe(false);
    expect(request.model).toBe("mock-model");
    expect(request.system).toBe("you are qwen");
    expect(request.tools).toEqual(["run_shell_command"]);
    expect(request.messages).toEqual([
      { role: "user", text: "clean" },
      { role: "assistant", text: '[tool_call run_shell_command] {"command":"ls"}' },
      { role: "tool", text: "a\nb\nHOOK-CONTEXT" },
    ]);
  });
});
