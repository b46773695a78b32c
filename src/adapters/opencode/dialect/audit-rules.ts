/**
 * Static rules for OpenCode plugins (`.opencode/plugin/*.{ts,js}`): the silent failures measured on
 * 1.18.33. A plugin that cannot load is dropped with nothing printed and exit 0, so its guard is gone
 * without a word; an after-hook never sees a call a before-hook blocked nor a tool that failed by
 * itself, so an audit log kept there misses exactly those. The checks run in plugin-audit.ts.
 */
import type { LintRuleMeta } from "../../../core/audit/types.js";

export const openCodePluginWillNotLoadRule: LintRuleMeta = {
  id: "opencode-plugin-will-not-load",
  severity: "error",
  behaviour:
    "OpenCode drops a plugin that has a syntax error, imports a module that is not there, throws at its top level, exports something other than a function, or throws in its plugin function, with nothing printed and exit 0: every hook it declared is silently gone.",
  fix: "Fix the plugin so it loads (`vigiles audit` names the reason), and keep a harness test that asserts it fired.",
  autofix: false,
  source:
    "OpenCode 1.18.33's plugin loader (a failed import, export or init is logged, never printed; the run exits 0); seen with the pinned CLI in `test/opencode/opencode-plugins.test.ts` (a missing import and a throw at init, dropped)",
};

export const openCodeAfterHookGapRule: LintRuleMeta = {
  id: "opencode-after-hook-gap",
  severity: "warning",
  behaviour:
    "OpenCode calls tool.execute.after only for a tool that returned: never for a call a tool.execute.before blocked, nor for a tool that failed by itself (a read of a missing file). An audit log or counter kept there silently misses those calls.",
  fix: "Record in tool.execute.before too (it sees every call), or listen to the `event` hook's message.part.updated events for tool parts in the error state.",
  autofix: false,
  source:
    "OpenCode 1.18.33's tool wrapper (tool.execute.after is triggered only after the tool returned); seen with the pinned CLI in `test/opencode/opencode-plugins.test.ts` (not for a blocked call nor a read of a missing file)",
};

export const openCodeHookReturnIgnoredRule: LintRuleMeta = {
  id: "opencode-hook-return-ignored",
  severity: "error",
  behaviour:
    "OpenCode awaits a plugin hook as hook(input, output) and drops what it returns: a tool.execute.before that returns `{ block: true }` or `{ args: … }` blocks and changes nothing, and the call runs as the model asked. A hook answers only by changing its `output` argument in place or by throwing.",
  fix: "Throw to block (tool.execute.before), or change the output argument in place (`output.args.command = …`, `output.output = …`); drop the return.",
  autofix: false,
  source:
    "OpenCode 1.18.33's Plugin.trigger (in the pinned binary: each hook is awaited as `M(input, output)` and the output object is handed back); seen with the pinned CLI in `test/opencode/opencode-hook-return.test.ts` (a returned block and returned args changed nothing)",
};

export const openCodeHookRules: readonly LintRuleMeta[] = [
  openCodePluginWillNotLoadRule,
  openCodeAfterHookGapRule,
  openCodeHookReturnIgnoredRule,
];
