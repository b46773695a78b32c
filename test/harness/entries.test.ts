// The harness tier's public names, as the entries export them.
import { expect, test } from "vitest";
import * as root from "../../src/entries/index.js";
import * as claudeCode from "../../src/entries/claude-code.js";
import * as adapter from "../../src/entries/adapter.js";

test("vigiles exports the harness runners and helpers; runHarness is runHarnessTest", () => {
  expect(root.runHarness).toBe(root.runHarnessTest);
  for (const name of [
    "withHarness",
    "claudeAvailable",
    "skip",
    "requestContains",
    "ScriptOverrunError",
    "UnknownToolError",
  ]) {
    expect(typeof (root as Record<string, unknown>)[name], name).toBe("function");
  }
});

test("vigiles/claude-code exports the transport; vigiles/adapter the session runner and the Claude Code adapter", () => {
  expect(typeof claudeCode.scriptModel).toBe("function");
  expect(typeof claudeCode.startMockModel).toBe("function");
  expect(typeof claudeCode.resolveHarness).toBe("function");
  expect(claudeCode.claudeCodeAdapter.capabilities).toMatchObject({ hookEventsInStream: true, effort: true });
  expect(adapter.claudeCodeAdapter).toBe(claudeCode.claudeCodeAdapter);
  expect(typeof adapter.runHarnessSession).toBe("function");
  expect(typeof adapter.traceFromSession).toBe("function");
});
