/**
 * Hooks modules ("mods"): hooks.json may name one ES module in `modules`, exporting register(on).
 * Claude Code 2.1.328 raises the classic PreToolUse hooks inside `tool.call` ("$.classic.PreToolUse
 * is no call on the engine's $: the engine raises it inside tool.call"), beneath every mod that
 * hooks that site; a mod that answers without `await next(e)` hides what lies beneath it ("Every
 * mod shares that site, so what the mods beneath draw there is hidden"), so no PreToolUse hook runs.
 */
import { finding } from "../finding.js";
import type { LintFinding, LintRuleMeta } from "../types.js";

/** A hooks module named in a hooks.json `modules` list, as read from disk. */
export interface HookModuleInput {
  readonly file: string;
  readonly source: string;
}

export const moduleSwallowsToolCallRule: LintRuleMeta = {
  id: "module-swallows-tool-call",
  severity: "warning",
  behaviour:
    "Claude Code 2.1.328 raises the PreToolUse hooks inside `tool.call`, beneath the hooks modules that hook it; a " +
    "module whose tool.call hook never calls next(e) answers for everything beneath it, so every PreToolUse hook " +
    "(the plugin's own and the user's) is silenced. Read from the pinned binary's messages; not yet run here.",
  fix: "Call `await next(e)` in the tool.call hook (and return or adjust its answer), unless hiding the hooks beneath is the point.",
  autofix: false,
};

const TOOL_CALL = /\bon\s*\(\s*["'`]tool\.call["'`]/;
const CALLS_NEXT = /\bnext\s*\(/;

export function checkHookModule(input: HookModuleInput): LintFinding[] {
  const at = TOOL_CALL.exec(input.source);
  if (at === null || CALLS_NEXT.test(input.source)) return [];
  const line = input.source.slice(0, at.index).split("\n").length;
  return [
    finding(
      moduleSwallowsToolCallRule,
      input.file,
      { line, column: 1 },
      "This module hooks tool.call but never calls next(e): it answers every tool call itself, and no PreToolUse hook beneath it runs.",
    ),
  ];
}
