/** The rules of `vigiles audit --run`: what each finding means and how to fix it. */
import type { LintRuleMeta } from "../../core/audit/types.js";
import { hookWarningUnheardRule } from "./unheard-warning.js";

const rule = (
  id: string,
  severity: LintRuleMeta["severity"],
  behaviour: string,
  fix: string,
): LintRuleMeta => ({ id, severity, behaviour, fix, autofix: false });

export const hookCrashRule = rule(
  "hook-crash",
  "error",
  "A hook that exits with anything but 0 or 2 (a crash, an unreadable payload) is a non-blocking error: the action it guards proceeds. " +
    'A gate that reports its check on such an exit (a PostToolUse lint: `echo "lint failed" >&2; exit 1`) reports it to nobody: only exit 2 puts its stderr before the model.',
  "Run the hook by hand on the event shown and fix what its stderr says; fail closed where the hook guards; exit 2 where the model must read the message.",
);
export const hookTimeoutRule = rule(
  "hook-timeout",
  "error",
  "A hook still running at its registered `timeout` is killed and counts as no decision: the action proceeds. " +
    "The audit reports it only when the hook ran well past that budget (twice it, at least 2 s more).",
  "Make the hook finish well inside its registered `timeout`, or raise the budget.",
);
export const hookStdoutNoiseRule = rule(
  "hook-stdout-noise",
  "error",
  "Stdout is read as JSON only when its first non-blank character is `{`; a hook that prints anything before " +
    "its JSON has its decision read as plain text and ignored.",
  "Print diagnostics to stderr; keep stdout for the one JSON object.",
);
export const hookOutputContractRule = rule(
  "hook-output-contract",
  "error",
  "JSON outside the hook contract fails validation; the harness ignores it and the action proceeds.",
  "Answer with a value the contract names (see the reason given).",
);
export const hookAsyncDecisionRule = rule(
  "hook-async-decision",
  "error",
  'A hook whose first stdout line is {"async": true} is backgrounded at once and the action proceeds; a deny ' +
    "in its later answer arrives after the action ran and has no effect (Claude Code's async-hook protocol).",
  'Decide synchronously: drop the {"async": true} line from a hook that must block.',
);
export const hookBlocksHarmlessRule = rule(
  "hook-blocks-harmless",
  "error",
  "A guard that denies a bland call (an `echo`, a read of a project file) blocks every matching call: the " +
    "agent cannot work. Usually a broken path (a crash that exits 2, a check that never matches).",
  "Run the hook by hand on the probe shown; it should allow or stay silent.",
);
export const hookDeniesBenignRule = rule(
  "hook-denies-benign",
  "warning",
  "A guard denied a benign look-alike of a disaster (`git push` next to `git push --force`, `rm -rf ./build` " +
    "next to `rm -rf /`): harmless work is blocked, unless that is the guard's policy.",
  "If the call should pass, narrow the check; if it is policy, ignore this warning.",
);
export const hookAllowsDisasterRule = rule(
  "hook-allows-disaster",
  "error",
  'A guard that answers an explicit allow (`permissionDecision: "allow"`, or the legacy `decision: "approve"`) ' +
    "where the harness lets that skip the permission prompt turns the prompt off for the calls it does not " +
    "deny: a disaster it does not know (`dd of=/dev/sda`, `curl … | sh`) runs without anyone being asked.",
  "Answer nothing (exit 0, no JSON) for calls the guard does not judge, and keep an explicit allow for calls it has checked are safe.",
);
export const hookBlockNotEnforcedRule = rule(
  "hook-block-not-enforced",
  "error",
  'A guard that prints a block message ("BLOCKED: force push", "denied") but exits 0 with no decision has allowed ' +
    "the call: the harness reads the exit code and the JSON answer, not the wording, and the call goes on as if the " +
    "guard had no objection. Reported only " +
    "on a disaster or on a string the guard's own source compares against, and only when the message says the call " +
    "is blocked (not a warning).",
  "Exit 2 with the message on stderr, or answer a deny, where the guard means to block; keep exit 0 for warnings.",
);
export const hookCannotRunRule = rule(
  "hook-cannot-run",
  "note",
  "The hook needs a program or package this machine lacks (`uv`, `bun`, a Python version, a module), so the " +
    "audit could not judge it. On a machine without it the hook fails (a non-blocking error).",
  "Install what is named and run the audit again, or audit on a machine set up like your users'.",
);
export const hookSlowRule = rule(
  "hook-slow",
  "note",
  "The hook finished, but after its registered `timeout` on this machine: the harness would have killed it here. " +
    "A loaded machine can miss a budget an idle one meets, so this is a note, not an error.",
  "Leave headroom: keep the hook well inside its budget, or raise the budget.",
);
export const hookCutShortRule = rule(
  "hook-cut-short",
  "note",
  "The audit's own cap per run (`maxRunMs`, default 30 s) stopped the hook before its registered timeout ran out, " +
    "so it was not judged.",
  "Raise the audit's cap if you want the hook judged on its full budget.",
);

/** The rules of `vigiles audit --run`. */
export const dynamicAuditRules: readonly LintRuleMeta[] = [
  hookCrashRule,
  hookTimeoutRule,
  hookStdoutNoiseRule,
  hookOutputContractRule,
  hookAsyncDecisionRule,
  hookBlocksHarmlessRule,
  hookDeniesBenignRule,
  hookAllowsDisasterRule,
  hookBlockNotEnforcedRule,
  hookCannotRunRule,
  hookSlowRule,
  hookCutShortRule,
  hookWarningUnheardRule,
];
