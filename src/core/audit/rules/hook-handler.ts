/**
 * Rules over one handler's registered settings: its `timeout`, and the paths its command reaches.
 */
import { finding } from "../finding.js";
import type { HookRegistration } from "../hooks-config.js";
import type { LintFinding, LintRuleMeta } from "../types.js";

export const timeoutMillisecondsRule: LintRuleMeta = {
  id: "timeout-milliseconds",
  severity: "warning",
  behaviour:
    "Claude Code reads a hook's `timeout` in seconds (2.1.328 multiplies it by 1000); a value such as 5000 meant " +
    "as milliseconds gives the hook 83 minutes, so a hung hook stalls the session instead of being cut off.",
  fix: "Write the budget in seconds (5000 ms is `5`).",
  autofix: false,
};

export const pluginRootEscapeRule: LintRuleMeta = {
  id: "plugin-root-escape",
  severity: "error",
  behaviour:
    "An installed plugin is copied alone into the plugin cache (~/.claude/plugins/cache/<marketplace>/<plugin>/" +
    "<version>): a hook that reaches ${CLAUDE_PLUGIN_ROOT}/../ for a sibling plugin or the repository's own " +
    "scripts works in the source checkout and finds nothing once installed.",
  fix: "Copy what the hook needs inside the plugin, and reach it as ${CLAUDE_PLUGIN_ROOT}/….",
  autofix: false,
};

export const hookHandlerRules: readonly LintRuleMeta[] = [timeoutMillisecondsRule, pluginRootEscapeRule];

/** Round thousands from 1000, or anything from 10000 (2 h 46 min in seconds), read as milliseconds. */
function looksLikeMilliseconds(value: number): boolean {
  return value >= 10000 || (value >= 1000 && value % 1000 === 0);
}

const ESCAPE = /\$\{?CLAUDE_PLUGIN_ROOT\}?["']?\/\.\.(?:\/|["'\s]|$)/;

export function checkHookHandler(reg: HookRegistration): LintFinding[] {
  const out: LintFinding[] = [];
  if (reg.timeoutSeconds !== undefined && looksLikeMilliseconds(reg.timeoutSeconds)) {
    const minutes = Math.round(reg.timeoutSeconds / 60);
    out.push(
      finding(
        timeoutMillisecondsRule,
        reg.file,
        reg.handlerRange,
        `timeout ${reg.timeoutSeconds} is read as seconds (${minutes} minutes); if it means milliseconds, write ${reg.timeoutSeconds / 1000}.`,
      ),
    );
  }
  const command = reg.command ?? reg.args?.join(" ");
  if (reg.pluginRoot !== undefined && command !== undefined && ESCAPE.test(command)) {
    out.push(
      finding(
        pluginRootEscapeRule,
        reg.file,
        reg.commandRange ?? reg.handlerRange,
        "The command reaches outside the plugin (${CLAUDE_PLUGIN_ROOT}/..): once installed, the plugin sits alone in the cache and the path finds nothing.",
      ),
    );
  }
  return out;
}
