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
  hookOutputContractRule,
  hookSlowRule,
  hookStdoutNoiseRule,
  hookTimeoutRule,
} from "./dynamic-rules.js";
import type { AuditProbe } from "./probes.js";

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
