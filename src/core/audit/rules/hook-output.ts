/**
 * Rules over what a hook's source prints and how it exits: Stop hooks that loop or do not block,
 * and JSON printed before an exit 2 (which the harness does not read).
 */
import { claudeEventName } from "../../dialect.js";
import type { FoldedHookDecision } from "../../hook-decision/types.js";
import { finding } from "../finding.js";
import type { LintFinding, LintRuleMeta } from "../types.js";
import type { HookScriptInput } from "./hook-script.js";

export const stopHookActiveRule: LintRuleMeta = {
  id: "stop-hook-active",
  severity: "warning",
  behaviour:
    "A Stop or SubagentStop hook that blocks makes the model go on, and the next stop fires it again with " +
    "`stop_hook_active: true`. A hook that never reads it blocks again and again until Claude Code 2.1.328's block " +
    'cap ("A hook blocked the turn from ending N consecutive times — overriding and ending turn").',
  fix: "Read stop_hook_active from the stdin payload and exit 0 without blocking while it is true.",
  autofix: false,
};

export const stopNoopBlockRule: LintRuleMeta = {
  id: "stop-noop-block",
  severity: "warning",
  behaviour:
    'On Stop and SubagentStop only `{"decision": "block", "reason": "..."}` (or exit 2) keeps the model going; ' +
    '`"continue": true` is the default and a reason beside it is never fed back: the turn ends as if the hook ' +
    "were silent.",
  fix: 'Print {"decision": "block", "reason": "<what is left to do>"} to keep the model going.',
  autofix: false,
};

export const exit2JsonRule: LintRuleMeta = {
  id: "exit2-json-ignored",
  severity: "warning",
  behaviour:
    "JSON printed just before a non-zero exit (a permissionDecision, a reason, additionalContext) is read only " +
    "where the harness's fold reads stdout on that exit; most read only stderr on exit 2 and no stdout on exit 1, " +
    "some read JSON on any exit. Where it is not read the answer is lost: the action goes on, or, where the " +
    "harness denies on any error, the call is denied even when the JSON allows it (a guard under `set -e` that " +
    "prints and then fails).",
  fix: "Either print the JSON and exit 0, or write the reason to stderr and exit 2; not both.",
  autofix: false,
};

export const hookOutputRules: readonly LintRuleMeta[] = [
  stopHookActiveRule,
  stopNoopBlockRule,
  exit2JsonRule,
];

const EXIT_NONZERO =
  /(?:^|[\s;&|(])(?:exit\s+([1-9]\d*)\b|sys\.exit\(\s*([1-9]\d*)\s*\)|os\._exit\(\s*([1-9]\d*)\s*\)|process\.exit\(\s*([1-9]\d*)\s*\))/;
const EXIT_2 =
  /(?:^|[\s;&|(])(?:exit\s+2\b|sys\.exit\(\s*2\s*\)|os\._exit\(\s*2\s*\)|process\.exit\(\s*2\s*\))/;
const BLOCKS = /["']?decision["']?\s*[:=]\s*\\?["']block\\?["']|\bDecision\.BLOCK\b/;
const CONTINUE_TRUE = /["']?continue["']?\s*:\s*(?:true|True)\b/;
const STOP_REASON = /["']?(?:reason|stopReason)["']?\s*:/;
// A loop that counts its own rounds, or walks a finite task list (current task of total tasks),
// ends itself; it needs no stop_hook_active.
const OWN_CAP =
  /max[_-]?iterations|iteration|max[_-]?(?:attempts|retries|blocks)|block[_-]?count|total[_-]?tasks|tasks?[_-]?(?:remaining|left)/i;
const JSON_VERDICT =
  /permissionDecision|hookSpecificOutput|["']decision["']|\\"decision\\"|additionalContext/;
const PRINTS_STDOUT =
  /^\s*(?:echo|printf|cat\b|jq\b|print\(|json\.dump\(|sys\.stdout\.write|console\.log\(|process\.stdout\.write)/;
/** A print started at the line's start or after `;`, `&&` or a case arm's `)`, on the line of the exit. */
const PRINTS_BEFORE =
  /(?:^|[;)&]\s*)(?:echo|printf|cat\b|jq\b|print\(|json\.dump\(|sys\.stdout\.write|console\.log\(|process\.stdout\.write)[^;]*?(?:;|&&)\s*$/;
const TO_STDERR = />&2|1>&2|file\s*=\s*sys\.stderr|console\.error|process\.stderr/;

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function comment(line: string): boolean {
  const t = line.trimStart();
  return t.startsWith("#") || t.startsWith("//");
}

/** The line (1-based) of each stdout JSON print in the same block just before a non-zero exit. */
function jsonBeforeExit(lines: readonly string[]): { print: number; exit: number; code: number }[] {
  const out: { print: number; exit: number; code: number }[] = [];
  lines.forEach((text, i) => {
    const m = comment(text) ? null : EXIT_NONZERO.exec(text);
    if (m === null) return;
    const code = Number(m.slice(1).find((g) => g !== undefined));
    // On the same line: `echo '{...}'; exit 1` (a case arm, a one-line guard).
    const before = text.slice(0, m.index + 1);
    if (PRINTS_BEFORE.test(before) && JSON_VERDICT.test(before) && !TO_STDERR.test(before)) {
      out.push({ print: i + 1, exit: i + 1, code });
      return;
    }
    const indent = indentOf(text);
    for (let j = i - 1; j >= 0 && j >= i - 8; j--) {
      const prev = lines[j] as string;
      if (prev.trim() === "" || comment(prev)) continue;
      if (indentOf(prev) < indent) break; // left the block
      if (indentOf(prev) > indent) continue; // a nested statement
      if (PRINTS_STDOUT.test(prev) && JSON_VERDICT.test(prev) && !TO_STDERR.test(prev)) {
        out.push({ print: j + 1, exit: i + 1, code });
        break;
      }
    }
  });
  return out;
}

const PROBE = "vigiles-probe";

/**
 * Answers in every harness's shape (top-level, Claude's hookSpecificOutput, the legacy decision):
 * whichever the dialect reads, one of them changes its fold when it reads stdout at all.
 */
function probeAnswers(claudeEvent: string): readonly string[] {
  return [
    { systemMessage: PROBE },
    { additionalContext: PROBE },
    { permissionDecision: "deny", permissionDecisionReason: PROBE },
    { decision: "block", reason: PROBE },
    { decision: "deny", reason: PROBE },
    {
      hookSpecificOutput: {
        hookEventName: claudeEvent,
        permissionDecision: "deny",
        permissionDecisionReason: PROBE,
        additionalContext: PROBE,
      },
    },
  ].map((a) => JSON.stringify(a));
}

/** How the harness folds a hook that printed `stdout` and exited `code` (its dialect's fold). */
function foldExit(input: HookScriptInput, code: number, stdout: string): FoldedHookDecision {
  const reg = input.registration;
  return reg.dialect.fold({
    event: reg.event,
    exitCode: code,
    stdout,
    stderr: "",
    timedOut: false,
    harness: reg.harness,
  });
}

/** What of a fold an answer on stdout can change. */
function heard(d: FoldedHookDecision): string {
  return JSON.stringify([d.decision, d.reason, d.additionalContext, d.systemMessage]);
}

/** Whether the harness reads a JSON answer printed before exiting `code`: some answer changes its fold. */
function jsonReadOnExit(input: HookScriptInput, code: number): boolean {
  const silent = heard(foldExit(input, code, ""));
  const claudeEvent = claudeEventName(input.registration.dialect, input.registration.event);
  return probeAnswers(claudeEvent).some((a) => heard(foldExit(input, code, a)) !== silent);
}

/** What the harness does instead of reading the JSON, in words. */
function unreadConsequence(input: HookScriptInput, code: number): string {
  const name = input.registration.dialect.displayName;
  const folded = foldExit(input, code, "");
  if (!folded.blocked)
    return `on exit ${code} ${name} ignores stdout, so the answer is lost and the action goes on.`;
  return code === 2
    ? `on exit ${code} ${name} ignores stdout and reads only stderr: it blocks with stderr as the reason, whatever the JSON answers.`
    : `on exit ${code} ${name} ignores stdout and denies the call as a hook error: the JSON's answer is lost (an allow still blocks, a deny loses its reason).`;
}

export function checkHookOutput(input: HookScriptInput): LintFinding[] {
  const source = input.source;
  if (source === undefined || input.language === "other") return [];
  const reg = input.registration;
  const lines = source.split("\n");
  const code = lines.filter((l) => !comment(l)).join("\n");
  const out: LintFinding[] = [];
  const isStop = reg.event === "Stop" || reg.event === "SubagentStop";
  const canBlock = EXIT_2.test(code) || BLOCKS.test(code);
  if (isStop && canBlock && !code.includes("stop_hook_active") && !OWN_CAP.test(code)) {
    out.push(
      finding(
        stopHookActiveRule,
        input.file,
        undefined,
        `This ${reg.event} hook can block but never reads stop_hook_active: once it blocks, it blocks every ` +
          "following stop until the harness's block cap overrides it.",
      ),
    );
  }
  if (isStop && !canBlock && CONTINUE_TRUE.test(code) && STOP_REASON.test(code)) {
    const line = lines.findIndex((l) => CONTINUE_TRUE.test(l)) + 1;
    out.push(
      finding(
        stopNoopBlockRule,
        input.file,
        line > 0 ? { line, column: 1 } : undefined,
        `This ${reg.event} hook answers "continue": true with a reason: that does not block the stop, the turn ends and the reason is never fed back.`,
      ),
    );
  }
  for (const { print, exit, code } of jsonBeforeExit(lines)) {
    if (jsonReadOnExit(input, code)) continue;
    out.push(
      finding(
        exit2JsonRule,
        input.file,
        { line: print, column: 1 },
        `JSON printed on line ${print} is followed by exit ${code} on line ${exit}: ${unreadConsequence(input, code)}`,
      ),
    );
  }
  return out;
}
