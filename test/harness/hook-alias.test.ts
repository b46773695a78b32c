// A fire in a harness's own event and tool names also answers to Claude Code's, so one spec's hook
// checks read every harness: Gemini's `BeforeTool:run_shell_command` and Copilot's camelCase
// `preToolUse:bash` are `PreToolUse:Bash`. The names come from each harness's core rules table;
// the fires are read back by the shared recorder reader from recorder files written here (a unit
// test: no CLI runs; test/harness/same-spec.test.ts runs the four real CLIs).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { readHookFires, type FireNaming } from "../../src/adapters/shared/hook-records.js";
import { geminiDialect } from "../../src/adapters/gemini-cli/dialect.js";
import { readCopilotHookFires } from "../../src/adapters/copilot-cli/stream/hook-fires.js";
import { toClaudeCall } from "../../src/adapters/gemini-cli/mock/tool-names.js";
import { hookFired } from "../../src/core/checks/hook-fired.js";
import { dialectOf } from "../../src/adapters/registry.js";
import { dialectEvent } from "../../src/core/dialect.js";

/** Claude Code's name for an event of `harness`, from its dialect; undefined where it has none or the same. */
const claudeCodeEvent = (harness: string, event: string) =>
  dialectEvent(dialectOf(harness), event)?.claudeEvent;
import { hookBlocked } from "../../src/core/predicates/hooks.js";
import type { HookFire, Trace } from "../../src/core/trace.js";

const root = mkdtempSync(join(tmpdir(), "vigiles-hook-alias-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let dirs = 0;
/** A fires dir holding one finished fire, as the recorder leaves it. */
function firesDir(event: string, payload: Record<string, unknown>, exitCode: number, stderr = ""): string {
  const dir = join(root, String(dirs++));
  mkdirSync(dir);
  writeFileSync(join(dir, "0.in"), JSON.stringify({ hook_event_name: event, ...payload }));
  writeFileSync(join(dir, "0.hook"), `${event}\n\n`);
  writeFileSync(join(dir, "0.out"), "");
  writeFileSync(join(dir, "0.err"), stderr);
  writeFileSync(join(dir, "0.rc"), `${exitCode}\n`);
  return dir;
}

const gemini: FireNaming = { claudeTool: (tool) => toClaudeCall(tool, {}).name };

function traceOf(hooks: readonly HookFire[]): Trace {
  return {
    toolCalls: [],
    hooks,
    output: "",
    modelRequests: undefined,
    turns: 0,
    stdout: "",
    stderr: "",
    file: () => null,
  };
}

describe("hook fires answer to Claude Code's names", () => {
  test("a Gemini BeforeTool:run_shell_command fire is PreToolUse:Bash, and its block counts", () => {
    const dir = firesDir("BeforeTool", { tool_name: "run_shell_command" }, 2, "no rm");
    const [fire] = readHookFires(dir, geminiDialect, gemini);
    expect(fire).toMatchObject({
      name: "BeforeTool:run_shell_command",
      alias: "PreToolUse:Bash",
      blocked: true,
    });
    const trace = traceOf([fire as HookFire]);
    for (const query of ["PreToolUse", "PreToolUse:Bash", "BeforeTool", "BeforeTool:run_shell_command"]) {
      expect(hookFired(query).evaluate(trace).pass, query).toBe(true);
    }
    expect(hookBlocked(trace, "PreToolUse:Bash")).toBe(true);
    // The alias is the same event, not any event: AfterTool and another tool do not answer.
    for (const query of ["PostToolUse", "PreToolUse:Write", "AfterTool"]) {
      expect(hookFired(query).evaluate(trace).pass, query).toBe(false);
    }
  });

  test("a Copilot camelCase preToolUse:bash fire is PreToolUse:Bash; its PascalCase variant needs no alias", () => {
    const camel = readCopilotHookFires(firesDir("preToolUse", { toolName: "bash" }, 0));
    expect(camel[0]).toMatchObject({ name: "preToolUse:bash", alias: "PreToolUse:Bash" });
    expect(hookFired("PreToolUse:Bash").evaluate(traceOf(camel)).pass).toBe(true);
    const pascal = readCopilotHookFires(firesDir("PreToolUse", { tool_name: "Bash" }, 0));
    expect(pascal[0]?.name).toBe("PreToolUse:Bash");
    expect(pascal[0]?.alias).toBeUndefined();
  });

  test("each rules table maps its own events; Gemini's model events and Codex's have no alias", () => {
    expect(claudeCodeEvent("gemini", "BeforeAgent")).toBe("UserPromptSubmit");
    expect(claudeCodeEvent("gemini", "AfterAgent")).toBe("Stop");
    expect(claudeCodeEvent("gemini", "PreCompress")).toBe("PreCompact");
    expect(claudeCodeEvent("gemini", "SessionStart")).toBeUndefined(); // already Claude Code's name
    expect(claudeCodeEvent("gemini", "BeforeModel")).toBeUndefined();
    expect(claudeCodeEvent("copilot", "userPromptSubmitted")).toBe("UserPromptSubmit");
    expect(claudeCodeEvent("copilot", "agentStop")).toBe("Stop");
    expect(claudeCodeEvent("codex", "PreToolUse")).toBeUndefined();
    const [model] = readHookFires(firesDir("BeforeModel", {}, 0), geminiDialect, gemini);
    expect(model?.alias).toBeUndefined();
    expect(hookFired("PreToolUse").evaluate(traceOf([model as HookFire])).pass).toBe(false);
  });
});
