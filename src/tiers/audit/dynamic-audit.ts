/**
 * `vigiles audit --run`: every registered command hook is run through `runHook` on a synthetic
 * event for each event and matcher it is registered on, and every way it would fail open is
 * reported: a crash, a run past its budget, text printed before its JSON, an answer outside the
 * contract.
 */
import type { HookRunResult } from "../../core/hook-decision/types.js";
import type { HookRegistration } from "../../core/lint/hooks-config.js";
import { DEFAULT_COMMAND_TIMEOUT_SECONDS } from "../../core/lint/hook-events.js";
import { finding } from "../../core/lint/finding.js";
import type { LintFinding, LintRuleMeta } from "../../core/lint/types.js";
import { runHook } from "../run-hook/run-hook.js";
import type { AuditReport } from "./static-audit.js";
import { syntheticEvents } from "./synthetic-events.js";

export const hookCrashRule: LintRuleMeta = {
  id: "hook-crash",
  severity: "error",
  behaviour:
    "A hook that exits with anything but 0 or 2 (a crash, a missing interpreter, an unreadable payload) is a " +
    "non-blocking error: the action it guards proceeds.",
  fix: "Run the hook by hand on the event shown and fix what its stderr says; fail closed where the hook guards.",
  autofix: false,
};
export const hookTimeoutRule: LintRuleMeta = {
  id: "hook-timeout",
  severity: "error",
  behaviour: "A hook still running at its budget is killed and counts as no decision: the action proceeds.",
  fix: "Make the hook finish well inside its registered `timeout`, or raise the budget.",
  autofix: false,
};
export const hookStdoutNoiseRule: LintRuleMeta = {
  id: "hook-stdout-noise",
  severity: "error",
  behaviour:
    "Stdout is read as JSON only when its first non-blank character is `{`; a hook that prints anything before " +
    "its JSON has its decision read as plain text and ignored.",
  fix: "Print diagnostics to stderr; keep stdout for the one JSON object.",
  autofix: false,
};
export const hookOutputContractRule: LintRuleMeta = {
  id: "hook-output-contract",
  severity: "error",
  behaviour:
    "JSON outside the hook contract fails validation; the harness ignores it and the action proceeds.",
  fix: "Answer with a value the contract names (see the reason given).",
  autofix: false,
};
/** The rules of `vigiles audit --run`: hooks that crash, time out, print before their JSON, or answer outside the contract. */
export const dynamicAuditRules: readonly LintRuleMeta[] = [
  hookCrashRule,
  hookTimeoutRule,
  hookStdoutNoiseRule,
  hookOutputContractRule,
];

/** Options of `runDynamicAudit`. */
export interface DynamicAuditOptions {
  /** Upper bound on any one run, in ms, whatever the registered budget (default 30 s). */
  readonly maxRunMs?: number;
  /** Run each hook under bubblewrap. */
  readonly confine?: boolean;
}

/** One hook run of the dynamic audit. */
export interface DynamicRun {
  readonly registration: HookRegistration;
  readonly target?: string;
  readonly event: Record<string, unknown>;
  readonly result: HookRunResult;
}

/** What `runDynamicAudit` returns: each synthetic run and the findings. */
export interface DynamicAuditResult {
  readonly runs: DynamicRun[];
  readonly findings: LintFinding[];
}

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

/** Classifies one run; undefined when the hook behaved. */
export function classifyRun(run: DynamicRun, budgetSeconds: number): LintFinding | undefined {
  const reg = run.registration;
  const at = reg.commandRange ?? reg.handlerRange;
  const what = `${reg.event}${run.target !== undefined ? ` (${run.target})` : ""} hook \`${reg.command ?? reg.args?.join(" ") ?? ""}\``;
  const r = run.result;
  if (r.timedOut) {
    return finding(
      hookTimeoutRule,
      reg.file,
      at,
      `The ${what} was still running after ${Math.round(r.durationMs / 1000)} s (budget ${budgetSeconds} s) and was killed.`,
    );
  }
  if (r.exitCode === null || (r.exitCode !== 0 && r.exitCode !== 2)) {
    const detail = r.hookError ?? (r.stderr.trim() !== "" ? `stderr: ${excerpt(r.stderr)}` : "no stderr");
    return finding(
      hookCrashRule,
      reg.file,
      at,
      `The ${what} exited ${r.exitCode ?? `by signal ${r.signal ?? "?"}`} on a synthetic event: ${detail}.`,
    );
  }
  if (r.exitCode === 0) {
    const noise = noiseBeforeJson(r.stdout);
    if (noise !== undefined) {
      return finding(
        hookStdoutNoiseRule,
        reg.file,
        at,
        `The ${what} printed "${excerpt(noise)}" before its JSON: the harness reads the whole stdout as text and ignores the decision.`,
      );
    }
  }
  if (r.decision === "invalid") {
    return finding(
      hookOutputContractRule,
      reg.file,
      at,
      `The ${what} answered outside the contract: ${r.invalidReason ?? "invalid output"}`,
    );
  }
  return undefined;
}

/** Runs every command hook of the audited harness on its synthetic events. */
export function runDynamicAudit(report: AuditReport, options: DynamicAuditOptions = {}): DynamicAuditResult {
  const maxRunMs = options.maxRunMs ?? 30_000;
  const runs: DynamicRun[] = [];
  const findings: LintFinding[] = [];
  for (const reg of report.registrations) {
    if (reg.type !== "command") continue;
    const spec = reg.command ?? reg.args;
    if (spec === undefined) continue;
    const budgetSeconds = reg.timeoutSeconds ?? DEFAULT_COMMAND_TIMEOUT_SECONDS;
    for (const { target, event } of syntheticEvents(reg, report.root)) {
      const result = runHook(spec, event, {
        cwd: report.root,
        projectDir: report.root,
        ...(reg.pluginRoot !== undefined && { pluginRoot: reg.pluginRoot }),
        timeoutMs: Math.min(budgetSeconds * 1000, maxRunMs),
        harness: reg.harness,
        ...(options.confine === true && { confine: true }),
      });
      const run: DynamicRun = { registration: reg, ...(target !== undefined && { target }), event, result };
      runs.push(run);
      const f = classifyRun(run, budgetSeconds);
      if (f) findings.push(f);
    }
  }
  return { runs, findings };
}
