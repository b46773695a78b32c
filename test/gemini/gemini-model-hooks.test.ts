// The Gemini CLI rows of gemini-rules.ts that were read from its source, pinned by ONE shared run of
// the REAL pinned CLI (0.61.0) against the Gemini-API mock: BeforeToolSelection's `toolConfig` reaches
// the request; BeforeModel's deny with an `llm_response` answers in the model's place (the request is
// never sent); AfterModel's `llm_response` replaces the answer; AfterAgent's block with `clearContext`
// resets the chat and continues with the reason as the prompt; SessionStart's `additionalContext`
// reaches the model, and SessionEnd fires. One node script answers every event; fires come from the
// transparent recorder, which also keeps each payload.
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { geminiAdapter } from "../../src/adapters/gemini-cli/adapter.js";
import { readHookRecords, type HookRecord } from "../../src/adapters/shared/hook-records.js";
import { GEMINI_EVENT_RULES } from "../../src/adapters/gemini-cli/dialect/rules.js";
import { runHarnessTest, type HarnessTestResult } from "../../src/tiers/harness/run-harness-test.js";

const RUN_TIMEOUT = 240_000;

/** Answers each event by argv; BeforeModel blocks only its 2nd call (a counter in the work dir). */
const MODEL_HOOKS = `import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const event = process.argv[2];
const input = JSON.parse(readFileSync(0, "utf8"));
const out = (o) => process.stdout.write(JSON.stringify(o));
const answer = (text) => ({ candidates: [{ content: { role: "model", parts: [text] }, finishReason: "STOP" }] });
switch (event) {
  case "SessionStart":
    out({ hookSpecificOutput: { hookEventName: event, additionalContext: "SESSION_START_MARK" } });
    break;
  case "BeforeToolSelection":
    out({ hookSpecificOutput: { hookEventName: event, toolConfig: { mode: "ANY", allowedFunctionNames: ["run_shell_command", "read_file"] } } });
    break;
  case "BeforeModel": {
    const counter = join(input.cwd, ".before-model-count");
    const n = (existsSync(counter) ? Number(readFileSync(counter, "utf8")) : 0) + 1;
    writeFileSync(counter, String(n));
    if (n === 2) out({ decision: "deny", reason: "BEFORE_MODEL_BLOCKED", hookSpecificOutput: { hookEventName: event, llm_response: answer("SYNTHETIC_MODEL_ANSWER") } });
    break;
  }
  case "AfterModel":
    if ((input.llm_response?.text ?? "").includes("REWRITE_ME")) out({ hookSpecificOutput: { hookEventName: event, llm_response: answer("AFTER_MODEL_REWROTE") } });
    break;
  case "AfterAgent":
    if (input.stop_hook_active !== true) out({ decision: "block", reason: "CONTINUE_AFTER_CLEAR", hookSpecificOutput: { hookEventName: event, clearContext: true } });
    break;
}
`;

const EVENTS = [
  "SessionStart",
  "BeforeToolSelection",
  "BeforeModel",
  "AfterModel",
  "AfterAgent",
  "SessionEnd",
];
const on = (event: string) => [
  {
    hooks: [
      { type: "command", command: `node $GEMINI_PROJECT_DIR/model-hooks.mjs ${event}`, timeout: 20000 },
    ],
  },
];

describe("Gemini CLI model, tool-selection and agent hooks, real CLI", () => {
  let r: HarnessTestResult;
  let records: HookRecord[];

  beforeAll(async () => {
    r = await runHarnessTest(
      {
        prompt: "ORIGINAL_PROMPT_MARK pin the model hooks",
        // Three model calls: the shell call, a call BeforeModel answers itself, the continuation.
        model: [{ tool: "Bash", input: { command: "echo tool ran > ONE" } }, { text: "REWRITE_ME" }],
        files: {
          "model-hooks.mjs": MODEL_HOOKS,
          ".gemini/settings.json": JSON.stringify({
            hooks: Object.fromEntries(EVENTS.map((e) => [e, on(e)])),
          }),
        },
        transcript: true,
        sandbox: false,
        timeoutMs: RUN_TIMEOUT,
      },
      { adapter: geminiAdapter },
    );
    records = readHookRecords(join(dirname(r.workDir), "tmp", "vigiles-gemini-hooks"));
  }, RUN_TIMEOUT + 30_000);
  afterAll(() => r?.cleanup());

  const agentRequests = () => r.modelRequests.filter((q) => !q.sideChannel);
  const text = (i: number): string => {
    const request = agentRequests()[i];
    return request === undefined ? "" : request.messages.map((m) => m.text).join("\n");
  };
  const body = (i: number) => agentRequests()[i]?.body as { toolConfig?: unknown; tools?: unknown[] };

  test("every event fired in order, each with its own payload fields", () => {
    expect(records.map((x) => x.event)).toEqual([
      "SessionStart",
      "BeforeModel",
      "BeforeToolSelection",
      "AfterModel",
      "BeforeModel",
      "AfterAgent",
      "BeforeModel",
      "BeforeToolSelection",
      "AfterModel",
      "AfterAgent",
      "SessionEnd",
    ]);
    const fields = (x: HookRecord) => Object.keys(x.input as object);
    expect(fields(records[1] as HookRecord)).toContain("llm_request");
    expect(fields(records[3] as HookRecord)).toEqual(expect.arrayContaining(["llm_request", "llm_response"]));
    expect(records[5]?.input).toMatchObject({ stop_hook_active: false, prompt: expect.any(String) });
    expect(records[9]?.input).toMatchObject({ stop_hook_active: true });
    expect(r.hooks?.map((h) => h.event)).toEqual(records.map((x) => x.event));
    // The fold agrees with what the CLI did: the BeforeModel deny and the AfterAgent block stopped something.
    expect(r.hooks?.flatMap((h, i) => (h.blocked ? [i] : []))).toEqual([4, 5]);
  });

  test("BeforeToolSelection: its toolConfig becomes the request's functionCallingConfig (names sorted); the declarations stay", () => {
    for (const i of [0, 1]) {
      expect(body(i)?.toolConfig).toEqual({
        functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["read_file", "run_shell_command"] },
      });
    }
    expect(agentRequests()[0]?.tools.length).toBeGreaterThan(2);
  });

  test("BeforeModel: a deny with an llm_response answers in the model's place, and that call never reaches the model", () => {
    // Three model calls, two requests: the second call was answered by the hook.
    expect(agentRequests().length).toBe(2);
    expect(r.output).toContain("SYNTHETIC_MODEL_ANSWER");
    expect(r.events).toContainEqual(
      expect.objectContaining({
        type: "error",
        severity: "warning",
        message: "Agent execution blocked: BEFORE_MODEL_BLOCKED",
      }),
    );
    expect(r.file("ONE")).toBe("tool ran\n");
    // The CLI's warning about the block is not the run's error: the run went on and finished.
    expect(r.errorText).toBeUndefined();
  });

  test("AfterAgent: a block with clearContext resets the chat and continues with the reason as the prompt", () => {
    expect(text(0)).toContain("ORIGINAL_PROMPT_MARK");
    expect(text(1)).toContain("CONTINUE_AFTER_CLEAR");
    // The chat was reset: the first prompt and the shell call are gone from the continuation.
    expect(text(1)).not.toContain("ORIGINAL_PROMPT_MARK");
    expect(text(1)).not.toContain("echo tool ran");
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: "error", message: "Agent execution blocked: CONTINUE_AFTER_CLEAR" }),
    );
  });

  test("AfterModel: its llm_response replaces the model's answer", () => {
    expect(r.output).toContain("AFTER_MODEL_REWROTE");
    expect(r.output).not.toContain("REWRITE_ME");
  });

  test("SessionStart: its additionalContext reaches the model", () => {
    expect(text(0)).toContain("SESSION_START_MARK");
  });

  test("the rows this run pins say so in gemini-rules.ts", () => {
    for (const event of EVENTS) {
      expect(GEMINI_EVENT_RULES[event]?.pinnedBy, event).toBe("test/gemini/gemini-model-hooks.test.ts");
    }
  });
});
