// Pins each harness's matcher semantics as explain and mutate apply them: Copilot's full-match regex
// on toolName (Claude's tool_name under a PascalCase event), Gemini's unanchored regex, Claude's exact names.
import { describe, expect, test } from "vitest";
import { harnessMatcherSubject, testHarnessMatcher } from "./harness-matcher.js";

describe("harness matchers", () => {
  test("the subject field per harness and event", () => {
    expect(harnessMatcherSubject("copilot", "preToolUse")).toBe("toolName");
    expect(harnessMatcherSubject("copilot", "PreToolUse")).toBe("tool_name");
    expect(harnessMatcherSubject("copilot", "agentStop")).toBeUndefined();
    expect(harnessMatcherSubject("gemini", "BeforeTool")).toBe("tool_name");
    expect(harnessMatcherSubject("gemini", "PreToolUse")).toBeUndefined();
    expect(harnessMatcherSubject("claude-code", "PreToolUse")).toBe("tool_name");
  });

  test("Copilot matches the whole name; Gemini anywhere in it; Claude exact names", () => {
    expect(testHarnessMatcher("copilot", "bash", "bash").matches).toBe(true);
    expect(testHarnessMatcher("copilot", "bas", "bash").matches).toBe(false);
    expect(testHarnessMatcher("copilot", "edit|create", "create").matches).toBe(true);
    expect(testHarnessMatcher("gemini", "shell", "run_shell_command").matches).toBe(true);
    expect(testHarnessMatcher("gemini", "Bash", "run_shell_command").matches).toBe(false);
    expect(testHarnessMatcher("claude-code", "Bas", "Bash").matches).toBe(false);
    expect(testHarnessMatcher("gemini", "(", "x")).toMatchObject({ matches: false, kind: "regex" });
  });
});
