/**
 * What one probe run of `vigiles audit --run` showed: each rule it trips, judged against the budget
 * the audit gave the run (a kill past the registered timeout is a finding; the audit's own cap is not).
 */
import type { HookRunResult } from "../../core/hook-decision/types.js";
import type { LintRuleMeta } from "../../core/audit/types.js";
import { missingPrerequisite } from "./cannot-run.js";
import { bashSyntaxUnderShRule } from "../../core/audit/rules/hook-dialect-source.js";
import {
  hookAsyncDecisionRule,
  hookBlocksHarmlessRule,
  hookCannotRunRule,
  hookCrashRule,
  hookCutShortRule,
  hookDeniesBenignRule,
  hookAllowsDisasterRule,
  hookBlockNotEnforcedRule,
  hookOutputContractRule,
  hookSlowRule,
  hookStdoutNoiseRule,
  hookTimeoutRule,
} from "./dynamic-rules.js";
import type { AuditProbe } from "./probes.js";
import { hookWarningUnheardRule, unheardWarning } from "./unheard-warning.js";
import type { HookDialect } from "../../core/dialect.js";

/**
 * Stderr of a hook that broke rather than one that chose its exit: an interpreter's trace, a shell
 * that could not run something. Such a crash is told as one, not as a gate's unheard message.
 */
const CRASH_TRACE =
  /Traceback|^\s+at .+:\d+|(?:Syntax|Type|Reference|Key|Attribute|Import|ModuleNotFound|Name|Value)Error|: (?:command )?not found|No such file|[Ss]yntax error|can(?:'|no)t open|Cannot find module|[Pp]ermission denied/m;

/** What dash prints for bash-only syntax: `[[` as a command, or a here-string. */
const BASH_ONLY_ON_SH = /\[\[: (?:command )?not found|Syntax error: redirection unexpected/;

function excerpt(text: string): string {
  const t = text.trim().replace(/\s+/g, " ");
  return t.length > 160 ? `${t.slice(0, 157)}...` : t;
}

/** Text before the first line that opens a JSON object, when stdout holds such a line later. */
function noiseBeforeJson(stdout: string): string | undefined {
  const trimmed = stdout.trimStart();
  if (trimmed === "" || trimmed.startsWith("{")) return undefined;
  const lines = stdout.split("\n");
  const at = lines.findIndex((l) => l.trimStart().startsWith("{"));
  if (at <= 0) return undefined;
  const candidate = lines.slice(at).join("\n").trim();
  try {
    JSON.parse(candidate);
  } catch {
    return undefined;
  }
  return lines.slice(0, at).join("\n");
}

/**
 * Words that say a call was stopped, and the wordings that keep them from meaning it: a negation
 * ("not blocked"), a flag set off ("blocked=false"), a warning or a dry run ("would be blocked").
 * Conservative: a message with any of the latter is not read as a block.
 */
const BLOCK_WORDS =
  /\b(?:blocked|denied|refused|rejected|forbidden|prohibited|disallowed|not (?:allowed|permitted))\b/i;
const NOT_A_BLOCK =
  /\b(?:not|n't|never|no longer|nothing|without)\s+(?:been\s+|be\s+)?(?:blocked|denied|refused|rejected|forbidden)|(?:blocked|denied)\s*[=:]\s*(?:false|0|no|none)\b|\b(?:warn(?:ing|s)?|caution|careful|consider|note|notice|tip|hint|advis(?:ory|e)|recommend\w*|would(?:\s+have)?(?:\s+been|\s+be)?\s+(?:blocked|denied)|dry[- ]?run|audit[- ](?:only|mode)|monitor(?:ing)? mode|log(?:ged)?[- ]only|allowing|proceeding|continuing|anyway)\b/i;

/** The text of a guard's answer on exit 0 that says the call is blocked, and where it was printed. */
function blockMessage(r: HookRunResult): { text: string; stream: "stderr" | "stdout" } | undefined {
  const stdout = r.stdout.trim();
  // A JSON answer speaks for itself (a deny is a decision; an allow or nothing is read by other rules).
  const candidates: { text: string; stream: "stderr" | "stdout" }[] = [
    { text: r.stderr.trim(), stream: "stderr" },
    ...(stdout.startsWith("{") ? [] : [{ text: stdout, stream: "stdout" as const }]),
  ];
  return candidates.find((c) => c.text !== "" && BLOCK_WORDS.test(c.text) && !NOT_A_BLOCK.test(c.text));
}

/** The budget a registration gets from the audit. */
export interface RunBudget {
  /** Registered timeout (or the harness default), ms. */
  readonly registeredMs: number;
  /** How long the audit lets one run go. */
  readonly runMs: number;
  /** Whether `runMs` leaves the margin that makes a kill a judgement (else the audit's cap cut it short). */
  readonly judged: boolean;
}

/** Twice the registered budget, at least 2 s more, capped by the audit's cap. */
export function runBudget(registeredSeconds: number, maxRunMs: number): RunBudget {
  const registeredMs = registeredSeconds * 1000;
  const runMs = Math.min(registeredMs + Math.max(registeredMs, 2000), maxRunMs);
  return { registeredMs, runMs, judged: runMs >= registeredMs * 1.5 && runMs >= registeredMs + 1000 };
}

/** One rule seen on one probe, with the text of its finding. */
export interface Observation {
  readonly rule: LintRuleMeta;
  readonly text: string;
  /** Ends the probing of this hook: nothing more is learnt from more probes. */
  readonly stop?: boolean;
}

/** What one probe run showed. */
export function observe(
  probe: AuditProbe,
  r: HookRunResult,
  budget: RunBudget,
  context: {
    readonly tree: string;
    readonly pluginRoot?: string;
    /** The one tool the guard's matcher names, when it names exactly one. */
    readonly onlyTool?: string;
    /** The harness, when an explicit allow from a hook skips its permission prompt (the dialect's `allowSkipsPrompt`). */
    readonly allowSkipsPromptIn?: string;
    /**
     * The harness, when the model hears a hook on this event only through its blocking answer (exit 2's
     * stderr: the dialect's `blockingAnswerReachesModel`), and whether the action already ran then.
     */
    readonly gate?: { readonly harness: string; readonly afterAction: boolean };
    /** The hook's dialect and event, for what its harness does with stderr at exit 0 (unheard-warning.ts). */
    readonly registered?: { readonly dialect: HookDialect; readonly event: string };
  },
): Observation[] {
  const on = `on ${probe.label}`;
  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
  if (r.backgrounded) {
    // The harness did not wait: timing and the later answer's exit do not touch the action.
    if (r.ignoredDecision === "deny" || r.ignoredDecision === "ask") {
      return [
        {
          rule: hookAsyncDecisionRule,
          text: `answered {"async": true} ${on} and later "${r.ignoredDecision}": the action had already run.`,
        },
      ];
    }
    return [];
  }
  if (r.timedOut) {
    if (budget.judged) {
      return [
        {
          rule: hookTimeoutRule,
          text: `was still running ${seconds(budget.runMs)} ${on}, past its registered ${seconds(budget.registeredMs)}, and was killed: the harness kills it at ${seconds(budget.registeredMs)} and the action proceeds.`,
          stop: true,
        },
      ];
    }
    return [
      {
        rule: hookCutShortRule,
        text: `was stopped by the audit's ${seconds(budget.runMs)} cap ${on}; its registered budget is ${seconds(budget.registeredMs)}, so it was not judged.`,
        stop: true,
      },
    ];
  }
  const out: Observation[] = [];
  if (r.durationMs > budget.registeredMs) {
    out.push({
      rule: hookSlowRule,
      text: `is slow here (${Math.round(r.durationMs)} ms of a ${seconds(budget.registeredMs)} budget) ${on}.`,
    });
  }
  if (r.exitCode === null || (r.exitCode !== 0 && r.exitCode !== 2)) {
    const missing = missingPrerequisite(r, context.tree, context.pluginRoot);
    if (missing) {
      out.push({ rule: hookCannotRunRule, text: `cannot run here: ${missing.what}.`, stop: true });
      return out;
    }
    const detail = r.hookError ?? (r.stderr.trim() !== "" ? `stderr: ${excerpt(r.stderr)}` : "no stderr");
    // No exit code and no signal: the process never started (its cwd does not exist).
    const started = r.exitCode !== null || r.signal !== null;
    const exited = started
      ? `exited ${r.exitCode ?? `by signal ${r.signal ?? "?"}`} ${on}`
      : `never started ${on}`;
    if (r.blocked && !r.halted) {
      // A harness that denies on any non-zero exit (Copilot CLI's preToolUse) blocks the call: a
      // crash on a harmless call blocks every such call.
      const plain = detail.replace(
        / \(the harness treats this as a non-blocking error and the action proceeds\)/,
        "",
      );
      const every = probe.kind === "bland" ? ", so every such call is blocked" : "";
      out.push({
        rule: hookCrashRule,
        text: `${exited}: ${plain}; the harness denies the call ${started ? "on this exit" : "when a hook cannot start"}${every}.`,
        stop: probe.kind === "bland",
      });
      return out;
    }
    const message = r.stderr.trim() !== "" ? r.stderr : r.stdout;
    if (
      context.gate !== undefined &&
      r.exitCode !== null &&
      message.trim() !== "" &&
      !CRASH_TRACE.test(message)
    ) {
      // A gate that explains itself on exit 1 (`echo "lint failed" >&2; exit 1`) explains it to nobody:
      // Claude Code 2.1.328 puts a PostToolUse hook's stderr in the model's next request on exit 2
      // only (test/harness/post-tool-exit-feedback.test.ts).
      const then = context.gate.afterAction
        ? "the tool already ran, and the agent goes on as if the check passed"
        : "the action proceeds";
      out.push({
        rule: hookCrashRule,
        text: `${exited} with "${excerpt(message)}": ${context.gate.harness} treats exit ${r.exitCode} as a non-blocking error, so the model never sees that message (${then}); exit 2 feeds stderr back to the model.`,
        stop: probe.kind === "bland",
      });
      return out;
    }
    out.push({ rule: hookCrashRule, text: `${exited}: ${detail}.`, stop: probe.kind === "bland" });
    return out;
  }
  if (r.exitCode === 2) {
    // Exit 2 from a missing program or package is a crash that blocks: report what is missing.
    const missing = missingPrerequisite(r, context.tree, context.pluginRoot);
    if (missing) {
      out.push({ rule: hookCannotRunRule, text: `cannot run here: ${missing.what}.`, stop: true });
      return out;
    }
  }
  const bashOnly = BASH_ONLY_ON_SH.exec(r.stderr);
  if (bashOnly !== null) {
    // dash says "[[: not found" and goes on: the test is false and the hook skipped its check.
    out.push({
      rule: bashSyntaxUnderShRule,
      text: `ran under sh, which said "${excerpt(bashOnly[0])}" ${on}: a bash-only test was skipped, so the hook did not check what it means to.`,
    });
  }
  if (r.exitCode === 0) {
    const noise = noiseBeforeJson(r.stdout);
    if (noise !== undefined) {
      out.push({
        rule: hookStdoutNoiseRule,
        text: `printed "${excerpt(noise)}" before its JSON ${on}: the harness reads the whole stdout as text and ignores the decision.`,
      });
    }
  }
  if (r.decision === "invalid") {
    out.push({
      rule: hookOutputContractRule,
      text: `answered outside the contract ${on}: ${r.invalidReason ?? "invalid output"}`,
    });
  }
  // A disaster answered with an explicit allow runs without the prompt the user would have had.
  if (
    probe.kind === "disaster" &&
    r.decision === "allow" &&
    context.allowSkipsPromptIn !== undefined &&
    (r.decidedBy === "permission-decision" || r.decidedBy === "legacy-decision")
  ) {
    const how =
      r.decidedBy === "legacy-decision" ? 'the legacy {"decision": "approve"}' : 'permissionDecision "allow"';
    out.push({
      rule: hookAllowsDisasterRule,
      text: `answered ${how} to the disaster ${probe.label}: ${context.allowSkipsPromptIn} runs it without the permission prompt.`,
    });
  }
  const said = r.exitCode === 0 ? blockMessage(r) : undefined;
  if (
    said !== undefined &&
    (probe.kind === "disaster" || probe.kind === "source") &&
    r.decision === "none" &&
    !r.blocked &&
    !r.halted
  ) {
    out.push({
      rule: hookBlockNotEnforcedRule,
      text: `printed "${excerpt(said.text)}" on ${said.stream} ${on} but exited 0 with no decision: the guard did not block it, and the call goes on as if the guard had no objection.`,
    });
  }
  // A warning on stderr at exit 0 where no model reads it (a note; a block-worded message is not read here).
  const unheard =
    context.registered !== undefined
      ? unheardWarning(r, context.registered.dialect, context.registered.event)
      : undefined;
  if (unheard !== undefined && said === undefined) {
    out.push({
      rule: hookWarningUnheardRule,
      text: `wrote "${unheard.text}" to stderr ${on} and exited 0 with no answer: ${context.registered?.dialect.displayName ?? "the harness"} puts that in no model request, so the call runs and the model never reads the warning.`,
    });
  }
  // Bland and benign probes are a guard's (probes.ts), in whatever harness.
  if (r.blocked && !r.halted && (probe.kind === "bland" || probe.kind === "benign")) {
    const why = r.reason !== undefined ? ` ("${excerpt(r.reason)}")` : "";
    const decided = r.decidedBy === "permission-decision" || r.decidedBy === "legacy-decision";
    if (probe.kind === "bland" && context.onlyTool === probe.target && decided && r.reason) {
      // A guard registered for one tool that answers every call with a reasoned deny is a ban of
      // that tool ("WebSearch is disabled, use X instead"): policy, unless it was not meant.
      out.push({
        rule: hookDeniesBenignRule,
        text: `denies every ${probe.target} call${why}: a ban of the tool, if that is the policy.`,
        stop: true,
      });
    } else if (probe.kind === "bland") {
      out.push({
        rule: hookBlocksHarmlessRule,
        text: `denied the harmless ${probe.label}${why}.`,
        stop: true,
      });
    } else if (probe.kind === "benign") {
      out.push({ rule: hookDeniesBenignRule, text: `denied the benign ${probe.label}${why}.` });
    }
  }
  return out;
}
