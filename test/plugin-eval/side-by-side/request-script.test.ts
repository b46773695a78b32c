/**
 * The mock's `byRequest` conversations (src/adapters/mock/script.ts), over HTTP on the Claude Code
 * mock: what `claude plugin eval` needs from one mock serving parallel child runs and a judge. Pins
 * that a turn is chosen by what the request carries and how many assistant messages it holds (not
 * by arrival order), that a judge's tool-less call is answered from the script while the CLI's other
 * bookkeeping still gets the fixed side-channel text, and that running past a conversation's turns,
 * or matching none, is an overrun, never a repeated or made-up turn.
 */
import { afterEach, describe, expect, test } from "vitest";
import { startMockModel, type MockModel } from "../../../src/adapters/claude-code/mock/server.js";
import { scriptModel } from "../../../src/adapters/mock/script.js";

let open: MockModel | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const script = scriptModel([], {
  byRequest: [
    { contains: ["task A", "plugin:skill"], turns: [{ text: "A with plugin" }] },
    {
      contains: ["task A"],
      lacks: ["plugin:skill"],
      turns: [{ tool: "Write", input: { file_path: "a.md", content: "a" } }, { text: "A done" }],
    },
    { channel: "side", contains: ["Criterion:", "A done"], turns: [{ text: "PASS" }] },
  ],
});

type Message = { role: string; content: string };
async function ask(
  m: MockModel,
  messages: Message[],
  tools = true,
): Promise<{ status: number; text: string }> {
  const res = await fetch(`${m.url}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model: "m",
      max_tokens: 10,
      messages,
      ...(tools ? { tools: [{ name: "Write", input_schema: { type: "object" } }] } : {}),
    }),
  });
  const body = (await res.json()) as { content?: { type: string; text?: string; name?: string }[] };
  const first = body.content?.[0];
  return {
    status: res.status,
    text: first?.type === "tool_use" ? `tool:${first.name}` : (first?.text ?? ""),
  };
}

describe("a script keyed by request", () => {
  test("interleaved conversations each get their own turns, whatever the order", async () => {
    open = await startMockModel(script);
    const a1 = [{ role: "user", content: "task A" }];
    const a2 = [...a1, { role: "assistant", content: "[tool_use Write]" }, { role: "user", content: "ok" }];
    // Two runs of the same case interleaved, and one with the plugin in between.
    expect((await ask(open, a1)).text).toBe("tool:Write");
    expect((await ask(open, [{ role: "user", content: "task A plugin:skill" }])).text).toBe("A with plugin");
    expect((await ask(open, a1)).text).toBe("tool:Write");
    expect((await ask(open, a2)).text).toBe("A done");
    expect((await ask(open, a2)).text).toBe("A done");
    expect(open.overruns).toEqual([]);
    expect(open.answeredTurns()).toBe(5);
  });

  test("a judge's call is answered from the script; other bookkeeping is not", async () => {
    open = await startMockModel(script);
    const judged = [{ role: "user", content: "Criterion:\nsay done\nAgent output:\nA done" }];
    for (let vote = 0; vote < 3; vote++) expect((await ask(open, judged, false)).text).toBe("PASS");
    expect((await ask(open, [{ role: "user", content: "Write a title for: task A" }], false)).text).toBe(
      "vigiles mock",
    );
    // Judge answers are not agent turns.
    expect(open.answeredTurns()).toBe(0);
  });

  test("past a conversation's last turn, or matching none, is an overrun", async () => {
    open = await startMockModel(script);
    const past = [
      { role: "user", content: "task A" },
      { role: "assistant", content: "x" },
      { role: "user", content: "y" },
      { role: "assistant", content: "z" },
      { role: "user", content: "w" },
    ];
    expect((await ask(open, past)).status).toBe(400);
    expect((await ask(open, [{ role: "user", content: "task B" }])).status).toBe(400);
    expect(open.overruns).toHaveLength(2);
    expect(open.overruns[0]).toMatch(
      /has 2 turn\(s\) and a request with 2 assistant message\(s\) asked for turn 3/,
    );
    expect(open.overruns[1]).toMatch(/no request script matches this request .*task B/);
  });
});
