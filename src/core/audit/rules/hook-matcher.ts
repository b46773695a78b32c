/**
 * Matchers that can never fire. The matcher of a tool event is compared with the tool's exact,
 * case-sensitive name (docs/hook-contract.md, Configuration): a name that no tool has, or has in another
 * case, registers a hook that never runs, and nothing says so. The matcher of any other event is
 * compared with its own payload field (the dialect's `matcherSubject`: SubagentStop's agent type,
 * SessionStart's source, PreCompact's trigger, Notification's type): a value outside the values the
 * dialect lists, or a hook event's name, is never that field.
 */
import { dialectEvent, dialectEventNames } from "../../dialect.js";
import { isToolEventOf, testDialectMatcher } from "../../hook-config/dialect-matcher.js";
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
    "hook never runs and the calls it was meant to guard pass unhooked. Other events compare their matcher with " +
    "a field of their own (SubagentStop the agent type, SessionStart the source, PreCompact the trigger, " +
    "Notification the type): `Stop` on SubagentStop, or `Startup` on SessionStart, is never that field.",
  fix:
    'Use the tool\'s exact name ("Bash"), or "mcp__<server>__.*" for every tool of an MCP server; on other events ' +
    "match a value of the event's own field (an agent's name, a source), or leave the matcher out.",
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

/**
 * The entries of a plain-word matcher that the harness compares exactly with the subject: each
 * matches itself and nothing it is part of (a name list, Gemini CLI's equality, Copilot CLI's
 * whole-name regex); an unanchored regex's words are not exact.
 */
function exactEntries(reg: HookRegistration, matcher: string): string[] {
  if (!/^[A-Za-z0-9_ ,|-]+$/.test(matcher)) return [];
  const test = (subject: string) => testDialectMatcher(reg.dialect, reg.event, matcher, subject).matches;
  return [
    ...new Set(
      matcher
        .split(/[|,]/)
        .map((s) => s.trim())
        .filter((s) => s !== ""),
    ),
  ].filter((e) => test(e) && !test(`${e}_`) && !test(`_${e}`));
}

/**
 * A matcher on an event whose subject is not a tool name that can never match: it matches none of
 * the values the dialect lists for the subject (SessionStart's sources), or it names a hook event
 * (`Stop` on SubagentStop), which no agent type, source or notification type is. A matcher naming
 * anything else is left alone: agents and MCP servers can be defined where the audit cannot see.
 */
export function checkSubjectMatcher(reg: HookRegistration): LintFinding[] {
  const matcher = reg.matcher;
  if (matcher === undefined) return [];
  const event = dialectEvent(reg.dialect, reg.event);
  const subject = event?.matcherSubject;
  if (event === undefined || subject === undefined || isToolEventOf(reg.dialect, reg.event)) return [];
  if (testDialectMatcher(reg.dialect, reg.event, matcher, "").kind === "all") return [];
  const values = event.matcherValues ?? [];
  const events = new Set(dialectEventNames(reg.dialect));
  const named = exactEntries(reg, matcher).filter((e) => events.has(e) && !values.includes(e));
  const eventWords =
    named.length === 0 ? "" : ` (${named.map((n) => `"${n}"`).join(", ")} names a hook event)`;
  if (
    values.length > 0 &&
    !values.some((v) => testDialectMatcher(reg.dialect, reg.event, matcher, v).matches)
  )
    return [
      finding(
        matcherMatchesNothingRule,
        reg.file,
        reg.matcherRange,
        `${reg.event} compares its matcher with \`${subject}\`, one of ${values.join(", ")}: "${matcher}" matches none of them${eventWords}, so the hook never runs.`,
        { fix: `Match one of ${values.join(", ")}, or leave the matcher out to run on every ${reg.event}.` },
      ),
    ];
  return named.map((name) =>
    finding(
      matcherMatchesNothingRule,
      reg.file,
      reg.matcherRange,
      `Matcher "${matcher}" names the hook event "${name}", but ${reg.event} compares its matcher with \`${subject}\`, ` +
        `which is never an event's name: ${named.length === exactEntries(reg, matcher).length ? "the hook never runs" : `"${name}" never matches`}.`,
      {
        fix:
          `Match a value of \`${subject}\`${subject === "agent_type" ? " (the subagent's name, such as general-purpose)" : ""}, ` +
          `or leave the matcher out to run on every ${reg.event}; a hook for ${name} goes under "${name}".`,
      },
    ),
  );
}
