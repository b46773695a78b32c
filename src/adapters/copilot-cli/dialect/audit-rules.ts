/**
 * Rules over a GitHub Copilot CLI hooks file (`.github/hooks/*.json`): the silent failures of a
 * hook that reads right and does nothing under Copilot, each measured on the pinned 1.0.102
 * (test/copilot) or taken from Copilot's hook table (core/hook-decision/copilot-rules.ts).
 */
import { isRecord } from "../../../core/is-record.js";
import { dialectEvent, type HookDialect } from "../../../core/dialect.js";
import type { ClaudeUse } from "../../harness-entry.js";
import { copilotEventRules, copilotUsesSnakeCase } from "./rules.js";
import { finding } from "../../../core/audit/finding.js";
import { unpinnedEventRule } from "../../../core/audit/rules/hook-registration.js";
import { surfaceNames } from "../../../core/surface.js";
import { PINNED_SURFACE } from "./surface.js";
import type { LintFinding, LintRuleMeta, SourceRange } from "../../../core/audit/types.js";

export type { ClaudeUse } from "../../harness-entry.js";

export const copilotUnknownEventRule: LintRuleMeta = {
  id: "copilot-unknown-event",
  severity: "error",
  behaviour:
    "Copilot CLI fires hooks only for its own events (camelCase: preToolUse, agentStop …, or their PascalCase " +
    "aliases); a hook under any other name, such as a Claude Code event Copilot lacks, never runs.",
  fix: "Use one of Copilot's event names (`vigiles/copilot` exports the list as copilotHookEvents()).",
  autofix: false,
  source:
    "GitHub Copilot CLI hooks reference (docs.github.com), its event list; core/hook-decision/copilot-rules.ts",
};

export const copilotClaudeShapedAnswerRule: LintRuleMeta = {
  id: "copilot-claude-shaped-answer",
  severity: "error",
  behaviour:
    "Under a camelCase event Copilot reads top-level answer fields (`permissionDecision`); a Claude-style " +
    "`hookSpecificOutput` answer is ignored, so a ported deny lets the call run (measured on 1.0.102).",
  fix: 'Print `{"permissionDecision":"deny","permissionDecisionReason":"…"}`, or register the hook under the PascalCase name (PreToolUse), which reads Claude\'s shape.',
  autofix: false,
  source:
    "test/copilot/copilot-harness.test.ts (a hookSpecificOutput deny on preToolUse let the call run on 1.0.102; under PreToolUse it was honoured)",
};

export const copilotExit2IgnoredRule: LintRuleMeta = {
  id: "copilot-exit2-ignored",
  severity: "warning",
  behaviour:
    "Outside preToolUse and permissionRequest, Copilot logs a non-zero exit and goes on: a Claude-style guard " +
    "that blocks a prompt or a stop with `exit 2` never blocks under Copilot.",
  fix: 'Answer with JSON on stdout and exit 0 (agentStop: `{"decision":"block","reason":"…"}`), or move the check to preToolUse.',
  autofix: false,
  source:
    "test/copilot/copilot-harness.test.ts (exit 2 on userPromptSubmitted, postToolUse and agentStop blocked nothing on 1.0.102)",
};

export const copilotTimeoutFailsOpenRule: LintRuleMeta = {
  id: "copilot-timeout-fails-open",
  severity: "warning",
  behaviour:
    "A preToolUse hook that runs past `timeoutSec` (default 30) is cancelled and the call goes ahead (measured on " +
    "1.0.102), while an error denies it; a guard that waits on the network or a package manager fails open when slow.",
  fix: "Keep network and package-manager calls out of the guard, or set a `timeoutSec` that covers their worst case.",
  autofix: false,
  source:
    "test/copilot/copilot-harness.test.ts (a preToolUse hook past timeoutSec let the call run on 1.0.102; exit 1 and 2 denied)",
};

export const copilotPortabilityRule: LintRuleMeta = {
  id: "copilot-portability",
  severity: "warning",
  behaviour:
    "One guard registered for Claude Code and for Copilot CLI gives verdicts that mean different things: an " +
    "error exit lets a call through under Claude Code and denies it under Copilot's preToolUse; exit 2 blocks " +
    "a Claude Stop or UserPromptSubmit and nothing under Copilot; each harness ignores the other's JSON shape.",
  fix: "Give each harness the answer it reads (Copilot: top-level permissionDecision; Claude Code: hookSpecificOutput), and make errors mean the same on both (exit 2 with a reason to deny, exit 0 to allow).",
  autofix: false,
  source:
    "test/copilot/copilot-harness.test.ts (exit 1 denied on Copilot's preToolUse; exit 2 blocked nothing on its agentStop); docs/hook-contract.md for Claude Code's side",
};

export const copilotHooksFileShapeRule: LintRuleMeta = {
  id: "copilot-hooks-file-shape",
  severity: "error",
  behaviour:
    "Copilot CLI runs the hooks of a `.github/hooks/*.json` file only when its `hooks` is an object keyed by " +
    "event name; a list of `{event, command}` entries, or events written at the top level with no `hooks` " +
    "object, is skipped without a word, so none of its hooks ever run (measured on 1.0.102).",
  fix: 'Key the hooks by event: `{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "…"}]}}`.',
  autofix: false,
  source:
    "test/audit/copilot-hooks-file-shape.test.ts (a list-shaped file's hooks, and a file's top-level events with no `hooks` object, never ran on 1.0.102 while an object-shaped control in the same run did)",
};

export const copilotPowershellOnlyRule: LintRuleMeta = {
  id: "copilot-powershell-only",
  severity: "error",
  behaviour:
    "Copilot CLI runs a handler's `bash` (or `command`) on Linux and macOS and its `powershell` on Windows; a " +
    "handler with only `powershell` has nothing to run there: on preToolUse 1.0.102 reports the hook as errored " +
    "and denies every tool call (measured), and on other events the hook does nothing.",
  fix: 'Give the handler a `"bash"` command beside its `"powershell"` one (or leave the file out of Linux and macOS installs).',
  autofix: false,
  source:
    'test/copilot/copilot-hook-files.test.ts (a powershell-only preToolUse handler on Linux: every tool call "Denied by preToolUse hook … (hook errored)" on 1.0.102)',
};

export const copilotHookRules: readonly LintRuleMeta[] = [
  copilotHooksFileShapeRule,
  copilotPowershellOnlyRule,
  copilotUnknownEventRule,
  copilotClaudeShapedAnswerRule,
  copilotExit2IgnoredRule,
  copilotTimeoutFailsOpenRule,
  copilotPortabilityRule,
];

/**
 * How one script's verdicts differ between its Claude Code event and its Copilot event, read from
 * its source. Empty when nothing differs that a static reading can see.
 */
export function portabilityDifferences(source: string, claudeEvent: string, copilotEvent: string): string[] {
  const rules = copilotEventRules(copilotEvent);
  if (!rules) return [];
  const out: string[] = [];
  const claudeBlocksOnExit2 = [
    "PreToolUse",
    "UserPromptSubmit",
    "Stop",
    "SubagentStop",
    "PreCompact",
  ].includes(claudeEvent);
  if (
    rules.exit === "nonzero-denies" &&
    // Copilot's permissionRequest denies on exit 1 too (measured on 1.0.102); Claude Code's does not.
    (claudeEvent === "PreToolUse" || claudeEvent === "PermissionRequest") &&
    /\bexit\s+1\b|\bset\s+-e/.test(source)
  ) {
    out.push(
      "an error exit (exit 1, set -e) lets the call through under Claude Code and denies it under Copilot",
    );
  }
  if (rules.exit === "ignored" && claudeBlocksOnExit2 && /\bexit\s+2\b/.test(source)) {
    out.push(`exit 2 blocks on Claude Code's ${claudeEvent} and blocks nothing on Copilot's ${copilotEvent}`);
  }
  if (source.includes("hookSpecificOutput") && !copilotUsesSnakeCase(copilotEvent)) {
    out.push(
      `its hookSpecificOutput answer decides under Claude Code and is ignored on Copilot's ${copilotEvent}`,
    );
  }
  if (/"permissionDecision"\s*:/.test(source) && !source.includes("hookSpecificOutput")) {
    out.push("its top-level permissionDecision decides under Copilot and is ignored by Claude Code");
  }
  return out;
}

/** One Copilot hooks file, with a reader for the scripts its commands run. */
export interface CopilotHooksFileInput {
  readonly file: string;
  readonly text: string;
  /** The script a command runs (its first word, resolved against the project): path and text, if readable. */
  readonly resolveScript?: (
    command: string,
  ) => { readonly path: string; readonly source?: string } | undefined;
  /** The Claude Code registrations of the script at `path` (for the portability rule). */
  readonly claudeUsesOf?: (path: string) => readonly ClaudeUse[];
  /**
   * The dialect of the release audited (the registry binds the installed one): which events it has,
   * and which its binary carries unmodelled. Absent: the pinned release's.
   */
  readonly dialect?: HookDialect;
}

type Json = Record<string, unknown>;

/** Commands that wait on the network or a package manager. */
const SLOW = /\b(curl|wget|npm|npx|pnpm|yarn|pip3?|docker|gh|git\s+(fetch|clone|pull|push))\b/;

/**
 * A script's text without what it only compares against: comments, single-quoted strings and
 * double-quoted strings with no command substitution (`grep -q "npm publish"` names npm, never runs it).
 */
function runnableText(source: string): string {
  return source
    .replace(/'[^'\n]*'/g, "''")
    .replace(/"(?:[^"\\$\n]|\\.|\$(?!\())*"/g, '""')
    .replace(/(^|\s)#.*$/gm, "$1");
}

/** A script in a programming language, where a command runs only through a spawning call. */
const PROGRAM = /\.(?:[cm]?[jt]s|py)$/;
/** A call that runs a command (Node's child_process, Python's subprocess and os.system). */
const SPAWN =
  /\b(?:execSync|execFileSync|spawnSync|execFile|exec|spawn|os\.system|subprocess\.(?:run|call|check_output|check_call|Popen))\s*\(/;
/** A network call made by the language itself. */
const NETWORK_API =
  /\bfetch\s*\(|\bhttps?\.(?:get|request)\s*\(|\brequests\.(?:get|post|put|patch|delete|head|request)\s*\(|\burllib\.request\b|\baxios\b/;

/**
 * Whether the command, or the script it runs, waits on the network or a package manager. In a
 * JavaScript or Python script only what it runs counts (a spawning call's line, or a network API):
 * `npx sticky-note resume` in a message it prints is text, not a command (a false warning measured
 * on a public hook).
 */
function waitsOnNetwork(command: string, script: { path: string; source?: string } | undefined): boolean {
  if (SLOW.test(runnableText(command))) return true;
  const source = script?.source;
  if (source === undefined) return false;
  if (!PROGRAM.test(script?.path ?? "")) return SLOW.test(runnableText(source));
  const code = source
    .split("\n")
    .filter((l) => !/^\s*(?:\/\/|#|\*)/.test(l))
    .join("\n");
  if (NETWORK_API.test(code)) return true;
  return code.split("\n").some((line) => {
    const call = SPAWN.exec(line);
    return call !== null && SLOW.test(line.slice(call.index));
  });
}

function rangeOf(text: string, needle: string): SourceRange | undefined {
  const at = text.indexOf(needle);
  if (at < 0) return undefined;
  const before = text.slice(0, at).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/**
 * Where `event` stands in the audited release: modelled, carried by its binary but not modelled, or
 * unknown. The bound dialect answers when given (a newer release adds events, an older one lacks
 * some); else the pinned release's rules and surface.
 */
function eventStandingIn(
  dialect: HookDialect | undefined,
  event: string,
): { readonly standing: "known" | "unpinned" | "unknown"; readonly name: string } {
  if (dialect !== undefined) {
    const name = /\d/.test(dialect.displayName)
      ? dialect.displayName
      : `${dialect.displayName} ${PINNED_SURFACE.version}`;
    if (dialect.unpinnedEvents?.includes(event) === true) return { standing: "unpinned", name };
    return { standing: dialectEvent(dialect, event) === undefined ? "unknown" : "known", name };
  }
  const name = `Copilot CLI ${PINNED_SURFACE.version}`;
  if (copilotEventRules(event) !== undefined) return { standing: "known", name };
  const carried = surfaceNames(PINNED_SURFACE, "hook-event").includes(event);
  return { standing: carried ? "unpinned" : "unknown", name };
}

/** The finding on a handler with only a `powershell` command, in the words of what its event does on an error. */
function powershellOnly(
  file: string,
  at: SourceRange | undefined,
  event: string,
  rules: NonNullable<ReturnType<typeof copilotEventRules>>,
): LintFinding {
  return finding(
    copilotPowershellOnlyRule,
    file,
    at,
    rules.exit === "nonzero-denies"
      ? `A ${event} handler has only a "powershell" command: on Linux and macOS Copilot CLI has nothing to run and reports the hook as errored, and an errored ${event} hook denies: every call it sees is denied`
      : `A ${event} handler has only a "powershell" command: on Linux and macOS Copilot CLI has nothing to run, so the hook does nothing there`,
  );
}

function handlersOf(entry: unknown): Json[] {
  if (isRecord(entry) && Array.isArray(entry["hooks"])) return entry["hooks"].filter(isRecord);
  return isRecord(entry) ? [entry] : [];
}

/** Findings of one Copilot hooks file; a file that is not JSON gets none (`json-syntax` is Claude's). */
export function checkCopilotHooksFile(input: CopilotHooksFileInput): LintFinding[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.text);
  } catch {
    return [];
  }
  if (isRecord(parsed) && parsed["hooks"] !== undefined && !isRecord(parsed["hooks"])) {
    const kind = Array.isArray(parsed["hooks"]) ? "a list" : typeof parsed["hooks"];
    return [
      finding(
        copilotHooksFileShapeRule,
        input.file,
        rangeOf(input.text, '"hooks"'),
        `"hooks" is ${kind}, not an object keyed by event name: Copilot CLI skips this file and none of its hooks run`,
      ),
    ];
  }
  if (isRecord(parsed) && parsed["hooks"] === undefined) {
    // Events at the top level, with no `hooks` object: Copilot reads none of them (measured on 1.0.102).
    const events = Object.keys(parsed).filter(
      (k) => eventStandingIn(input.dialect, k).standing !== "unknown",
    );
    if (events.length === 0) return [];
    return [
      finding(
        copilotHooksFileShapeRule,
        input.file,
        rangeOf(input.text, JSON.stringify(events[0])),
        `${events.join(", ")} ${events.length === 1 ? "sits" : "sit"} at the top level with no "hooks" object: Copilot CLI reads hooks only from "hooks", so none of this file's hooks run`,
        {
          fix: `Put the events under "hooks": {"version": 1, "hooks": {${events.map((e) => JSON.stringify(e)).join(": […], ")}: […]}}.`,
        },
      ),
    ];
  }
  if (!isRecord(parsed) || !isRecord(parsed["hooks"])) return [];
  const out: LintFinding[] = [];
  for (const [event, entries] of Object.entries(parsed["hooks"])) {
    const at = rangeOf(input.text, JSON.stringify(event));
    const release = eventStandingIn(input.dialect, event);
    // A binary can carry events the dialect does not model: a warning, not "never runs".
    if (release.standing === "unpinned") {
      out.push(
        finding(
          unpinnedEventRule,
          input.file,
          at,
          `"${event}" is in ${release.name}, but vigiles has not pinned what a hook on it receives or can do; the audit cannot judge these hooks.`,
        ),
      );
      continue;
    }
    if (release.standing === "unknown") {
      out.push(
        finding(
          copilotUnknownEventRule,
          input.file,
          at,
          `${release.name} has no hook event ${JSON.stringify(event)}: the hooks under it never run`,
        ),
      );
      continue;
    }
    // An event new in the audited release has no pinned rules: nothing more to check on it.
    const rules = copilotEventRules(event);
    if (!rules) continue;
    for (const handler of (Array.isArray(entries) ? entries : []).flatMap(handlersOf)) {
      const command = typeof handler["bash"] === "string" ? handler["bash"] : handler["command"];
      if (typeof command !== "string") {
        if (typeof handler["powershell"] === "string") out.push(powershellOnly(input.file, at, event, rules));
        continue;
      }
      const script = input.resolveScript?.(command);
      const source = `${command}\n${script?.source ?? ""}`;
      if (!copilotUsesSnakeCase(event) && source.includes("hookSpecificOutput")) {
        out.push(
          finding(
            copilotClaudeShapedAnswerRule,
            input.file,
            at,
            `${JSON.stringify(command)} on ${event} answers with Claude's hookSpecificOutput, which Copilot ignores on a camelCase event: its decision has no effect`,
          ),
        );
      }
      if (rules.exit === "ignored" && /\bexit\s+2\b/.test(source)) {
        out.push(
          finding(
            copilotExit2IgnoredRule,
            input.file,
            at,
            `${JSON.stringify(command)} on ${event} blocks with exit 2, which Copilot logs and ignores on ${event}: it never blocks`,
          ),
        );
      }
      for (const use of script ? (input.claudeUsesOf?.(script.path) ?? []) : []) {
        const differences = portabilityDifferences(source, use.event, event);
        if (differences.length === 0) continue;
        out.push(
          finding(
            copilotPortabilityRule,
            input.file,
            at,
            `${JSON.stringify(command)} is also registered for Claude Code (${use.event} in ${use.file}), and its verdicts differ: ${differences.join("; ")}`,
          ),
        );
      }
      const timeout = handler["timeoutSec"] ?? handler["timeout"];
      if (rules.exit === "nonzero-denies" && waitsOnNetwork(command, script)) {
        out.push(
          finding(
            copilotTimeoutFailsOpenRule,
            input.file,
            at,
            `${JSON.stringify(command)} on ${event} waits on the network or a package manager; past its timeoutSec (${typeof timeout === "number" ? timeout : "30, the default"}) Copilot lets the call through`,
          ),
        );
      }
    }
  }
  return out;
}
