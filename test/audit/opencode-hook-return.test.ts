/**
 * `opencode-hook-return-ignored` (issue 35 item 4): the plugin hooks that answer by `return`, which
 * OpenCode drops (test/opencode/opencode-hook-return.test.ts pins it on the real CLI), and the ones
 * that must not be reported: a throw, a change of the output argument, a return inside a nested
 * function, a helper handed the output, a hook OpenCode calls without an output.
 */
import { describe, expect, it } from "vitest";
import { returnedAnswers } from "../../src/adapters/opencode/dialect/hook-returns.js";
import { checkOpenCodePlugin } from "../../src/adapters/opencode/dialect/plugin-audit.js";

const plugin = (hooks: string) => `export const P = async () => ({\n${hooks}\n});\n`;

describe("returnedAnswers", () => {
  it.each([
    [
      "a returned block",
      plugin(
        `"tool.execute.before": async (input, output) => {\n  if (output.args.command.includes("rm -rf")) return { block: true };\n},`,
      ),
      "{ block: true }",
    ],
    [
      "an expression body",
      plugin(`"tool.execute.before": async () => ({ args: { command: "echo" } }),`),
      '({ args: { command: "echo" } })',
    ],
    [
      "an after-hook without an output parameter",
      plugin(`"tool.execute.after": async (input) => { return { output: "redacted" }; },`),
      '{ output: "redacted" }',
    ],
    [
      "a TypeScript method that returns a copy of its output",
      plugin(
        `async "tool.execute.before"(input: { tool: string }, output: { args: any }): Promise<any> {\n  const c: string = output.args.command;\n  if (c.startsWith("git push")) return { args: { ...output.args, command: "echo no" } };\n},`,
      ),
      '{ args: { ...output.args, command: "echo no" } }',
    ],
    [
      "a false to refuse",
      plugin(`"chat.params": async (input, output) => { if (input.model) return false; },`),
      "false",
    ],
  ])("reports %s", (_what, text, value) => {
    expect(returnedAnswers(text)).toEqual([expect.objectContaining({ value })]);
  });

  it.each([
    [
      "a throw",
      plugin(
        `"tool.execute.before": async (input, output) => { if (output.args.command.includes("rm")) throw new Error("no"); return { block: true }; },`,
      ),
    ],
    [
      "a change of the output",
      plugin(
        `"tool.execute.before": async (input, output) => { output.args.command = "echo"; return true; },`,
      ),
    ],
    [
      "Object.assign on the output",
      plugin(
        `"tool.execute.after": async (input, output) => { Object.assign(output, { output: "x" }); return {}; },`,
      ),
    ],
    [
      "a helper handed the output",
      plugin(`"tool.execute.before": async (input, output) => { rewrite(output); return true; },`),
    ],
    [
      "a destructured output",
      plugin(
        `"tool.execute.before": async (input, { args }) => { args.command = "echo"; return { ok: true }; },`,
      ),
    ],
    [
      "a return inside a nested function",
      plugin(
        `"tool.execute.after": async (input, output) => { const xs = [1].map((x) => { return { x }; }); log(xs); },`,
      ),
    ],
    [
      "a nested method",
      plugin(
        `"tool.execute.after": async (input, output) => { const o = { f() { return { a: 1 }; } }; log(o); },`,
      ),
    ],
    [
      "a return of a call",
      plugin(`"tool.execute.before": async (input, output) => { return log(input.tool); },`),
    ],
    [
      "a bare return",
      plugin(`"tool.execute.before": async (input, output) => { if (!output.args) return; },`),
    ],
    ["the event hook (a notification)", plugin(`event: async ({ event }) => { return { ok: true }; },`)],
    ["a hook given by reference", plugin(`"tool.execute.before": guard,`)],
    [
      "a return in a string",
      plugin(`"tool.execute.before": async (input, output) => { log("return { block: true }"); },`),
    ],
  ])("does not report %s", (_what, text) => {
    expect(returnedAnswers(text)).toEqual([]);
  });

  it("names the event, the value and what answers instead", () => {
    const [f] = checkOpenCodePlugin({
      path: "/x/.opencode/plugin/p.js",
      file: ".opencode/plugin/p.js",
      text: plugin(`"tool.execute.before": async (input, output) => {\n  return { block: true };\n},`),
    });
    expect(f).toMatchObject({ ruleId: "opencode-hook-return-ignored", range: { line: 3, column: 1 } });
    expect(f?.message).toMatch(
      /"tool\.execute\.before" hook returns \{ block: true \} and neither changes its output argument nor throws/,
    );
    expect(f?.fix).toMatch(/Throw an Error to block the call/);
  });
});
