/**
 * Tool matchers that can never fire. The matcher of a tool event is compared with the tool's exact,
 * case-sensitive name (docs/hook-contract.md, Configuration): a name that no tool has, or has in another
 * case, registers a hook that never runs, and nothing says so.
 */
import { isToolEventOf } from "../../hook-config/dialect-matcher.js";
import { parseMatcher } from "../hook-events.js";
import { finding } from "../finding.js";
import type { HookRegistration } from "../hooks-config.js";
import type { LintFinding, LintRuleMeta } from "../types.js";

export const matcherMatchesNothingRule: LintRuleMeta = {
  id: "matcher-matches-nothing",
  severity: "error",
  behaviour:
    "A tool event's matcher is compared with the exact, case-sensitive tool name; MCP tools are named " +
    "mcp__<server>__<tool>. A matcher `bash` (for Bash) or `mcp__github` (without `__.*`) matches no tool, so the " +
    "hook never runs and the calls it was meant to guard pass unhooked.",
  fix: 'Use the tool\'s exact name ("Bash"), or "mcp__<server>__.*" for every tool of an MCP server.',
  autofix: false,
};

export const matcherUnknownToolRule: LintRuleMeta = {
  id: "matcher-unknown-tool",
  severity: "warning",
  behaviour:
    "A matcher naming a tool Claude Code 2.1.328 does not have (from its tool list) never fires there; the name " +
    "may come from another harness or an older release.",
  fix: "Match a tool the pinned CLI has (Bash, Edit, Write, Read, Agent …), or remove the name.",
  autofix: false,
};

export const matcherCommaRegexRule: LintRuleMeta = {
  id: "matcher-comma-regex",
  severity: "warning",
  behaviour:
    "A matcher made only of names, `|` and `,` is read as a list of exact names; once it holds any other " +
    "character it is one regular expression, and a comma in it is a literal comma that no tool name has.",
  fix: 'Separate the alternatives with "|" inside a regex ("Edit|mcp__fs__.*").',
  autofix: false,
};

export const hookMatcherRules: readonly LintRuleMeta[] = [
  matcherMatchesNothingRule,
  matcherUnknownToolRule,
  matcherCommaRegexRule,
];

/** Every matcher rule over one registration on a tool event. */
export function checkToolMatcher(reg: HookRegistration): LintFinding[] {
  const knownTools = reg.dialect.knownTools;
  if (knownTools === undefined || !isToolEventOf(reg.dialect, reg.event)) return [];
  if (reg.matcher === undefined || reg.matcherRange === undefined) return [];
  const form = parseMatcher(reg.matcher);
  const out: LintFinding[] = [];
  const at = reg.matcherRange;
  if (form.kind === "regex") {
    if (reg.matcher.includes(",") && !/\{\d*,\d*\}/.test(reg.matcher))
      out.push(
        finding(
          matcherCommaRegexRule,
          reg.file,
          at,
          `Matcher "${reg.matcher}" is read as one regular expression (it is not only names), so its "," is a literal comma.`,
        ),
      );
    return out;
  }
  if (form.kind !== "names") return out;
  for (const name of form.names) {
    if (name.startsWith("mcp__")) {
      if (!name.slice(5).includes("__"))
        out.push(
          finding(
            matcherMatchesNothingRule,
            reg.file,
            at,
            `Matcher "${name}" names an MCP server, not a tool: MCP tools are mcp__<server>__<tool>, so it matches nothing.`,
            { fix: `Write "${name}__.*" to match every tool of that server.` },
          ),
        );
      continue;
    }
    if (knownTools.includes(name)) continue;
    const other = knownTools.find((t) => t.toLowerCase() === name.toLowerCase());
    if (other !== undefined) {
      out.push(
        finding(
          matcherMatchesNothingRule,
          reg.file,
          at,
          `Matcher "${name}" differs in case from the tool "${other}": matchers are case-sensitive, so it matches nothing.`,
          { fix: `Write "${other}".` },
        ),
      );
    } else if (/^[A-Z][A-Za-z]+$/.test(name)) {
      out.push(
        finding(
          matcherUnknownToolRule,
          reg.file,
          at,
          `Matcher "${name}" names no tool of Claude Code 2.1.328: the hook never fires for it.`,
        ),
      );
    }
  }
  return out;
}
