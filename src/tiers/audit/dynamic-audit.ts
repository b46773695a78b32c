/**
 * `vigiles audit --run`: every registered command hook is run on probes (audit/probes.ts: a guard's
 * branches driven over the strings its source compares against, the disaster corpus and its benign
 * twins; every other hook on its synthetic events), confined by default, in a scratch copy of the
 * tree with a private HOME and TMPDIR. Every way a hook would fail open or block harmless work is
 * reported once per hook with the probe that showed it. Findings do not depend on the machine's
 * load: a budget only a loaded machine misses is a note ("slow here"), and only a hook still running
 * well past its registered timeout is `hook-timeout`.
 */
import { readFileSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import pLimit from "p-limit";
import type { HookRunResult } from "../../core/hook-decision/types.js";
import type { HookRegistration } from "../../core/lint/hooks-config.js";
import { DEFAULT_COMMAND_TIMEOUT_SECONDS } from "../../core/lint/hook-events.js";
import { findScriptWord, resolveScriptPath } from "../../core/lint/command-words.js";
import { finding } from "../../core/lint/finding.js";
import type { LintFinding, LintRuleMeta } from "../../core/lint/types.js";
import { bwrapSelfTest, ConfinementUnavailableError } from "../../runtime/confine.js";
import type { AuditReport } from "./static-audit.js";
import { makeAuditScratch, type AuditScratch } from "./audit-scratch.js";
import { fetchedPackage, missingPrerequisite } from "./cannot-run.js";
import { auditProbes, GUARD_EVENTS, type AuditProbe } from "./probes.js";
import { runProbe } from "./run-probe.js";
import { sourceLiterals, type SourceLiteral } from "./source-literals.js";

const rule = (
  id: string,
  severity: LintRuleMeta["severity"],
  behaviour: string,
  fix: string,
): LintRuleMeta => ({ id, severity, behaviour, fix, autofix: false });

export const hookCrashRule = rule(
  "hook-crash",
  "error",
  "A hook that exits with anything but 0 or 2 (a crash, an unreadable payload) is a non-blocking error: the action it guards proceeds.",
  "Run the hook by hand on the event shown and fix what its stderr says; fail closed where the hook guards.",
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
  hookCannotRunRule,
  hookSlowRule,
  hookCutShortRule,
];

/** Options of `runDynamicAudit`. */
export interface DynamicAuditOptions {
  /** The audit's cap on any one run, in ms, whatever the registered budget (default 30 s). */
  readonly maxRunMs?: number;
  /**
   * Run each hook under bubblewrap (default true). Where bwrap cannot run the audit refuses; `false`
   * runs the hooks unconfined (still in a scratch copy with a private HOME and TMPDIR).
   */
  readonly sandbox?: boolean;
  /** Most probes per registration (default 24; the bland calls always run). */
  readonly probesPerHook?: number;
  /** Hooks audited at once (default: the machine's cores, at most 4). */
  readonly concurrency?: number;
}

/** One probe run of the dynamic audit. */
export interface DynamicRun {
  readonly registration: HookRegistration;
  readonly target?: string;
  readonly event: Record<string, unknown>;
  readonly probe: AuditProbe;
  readonly result: HookRunResult;
}

/** Figures of one dynamic audit. */
export interface DynamicAuditStats {
  /** Command hooks run. */
  readonly hooks: number;
  /** Probes run. */
  readonly probes: number;
  /** Probes not run because an earlier one settled the hook (a timeout, a missing program, a crash on the bland call). */
  readonly skipped: number;
  readonly durationMs: number;
  readonly sandbox: boolean;
  readonly concurrency: number;
}

/** What `runDynamicAudit` returns: each probe run, the findings, and the figures. */
export interface DynamicAuditResult {
  readonly runs: DynamicRun[];
  readonly findings: LintFinding[];
  readonly stats: DynamicAuditStats;
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
interface Observation {
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
  context: { readonly tree: string; readonly pluginRoot?: string },
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
    out.push({
      rule: hookCrashRule,
      text: `exited ${r.exitCode ?? `by signal ${r.signal ?? "?"}`} ${on}: ${detail}.`,
      stop: probe.kind === "bland",
    });
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
  if (r.blocked && !r.halted && GUARD_EVENTS.has(String(r.event))) {
    const why = r.reason !== undefined ? ` ("${excerpt(r.reason)}")` : "";
    if (probe.kind === "bland") {
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

/** The source of the script a registration runs, when it names one in the tree. */
function scriptSource(
  reg: HookRegistration,
  scratch: AuditScratch,
  pluginRoot: string | undefined,
): string | undefined {
  const command = reg.command ?? reg.args?.join(" ");
  if (command === undefined) return undefined;
  const word = findScriptWord(command);
  const path =
    word &&
    resolveScriptPath(word.word.value, {
      ...(pluginRoot !== undefined && { pluginRoot }),
      projectDir: scratch.tree,
    });
  if (path === undefined) return command;
  try {
    if (statSync(path).size > 1_000_000) return undefined;
    return `${command}\n${readFileSync(path, "utf8")}`;
  } catch {
    return command;
  }
}

interface RegistrationAudit {
  readonly runs: DynamicRun[];
  readonly findings: LintFinding[];
  readonly skipped: number;
}

async function auditRegistration(
  reg: HookRegistration,
  scratch: AuditScratch,
  options: { maxRunMs: number; budget: number; sandbox: boolean },
): Promise<RegistrationAudit> {
  const spec = (reg.command ?? reg.args) as string | readonly string[];
  const pluginRoot = reg.pluginRoot !== undefined ? scratch.toCopy(reg.pluginRoot) : undefined;
  const source = scriptSource(reg, scratch, pluginRoot);
  const literals: SourceLiteral[] = source !== undefined ? sourceLiterals(source) : [];
  const probes = auditProbes(reg, scratch.tree, { budget: options.budget, literals });
  const budget = runBudget(reg.timeoutSeconds ?? DEFAULT_COMMAND_TIMEOUT_SECONDS, options.maxRunMs);
  const runs: DynamicRun[] = [];
  const seen = new Map<string, { text: string; count: number; rule: LintRuleMeta }>();
  let ran = 0;
  // A package fetched at run time (`npx pkg@1.2`) cannot be fetched without a network: say so
  // instead of waiting out the audit's cap on every probe.
  const fetched =
    options.sandbox && reg.command !== undefined ? fetchedPackage(reg.command, scratch.tree) : undefined;
  if (fetched)
    seen.set(hookCannotRunRule.id, {
      rule: hookCannotRunRule,
      text: `cannot run here: ${fetched.what}.`,
      count: 1,
    });
  const dirs = scratch.privateDirs();
  for (const probe of fetched ? [] : probes) {
    const result = await runProbe(spec, probe.event, {
      scratch,
      dirs,
      ...(pluginRoot !== undefined && { pluginRoot }),
      timeoutMs: budget.runMs,
      harness: reg.harness,
      sandbox: options.sandbox,
    });
    ran++;
    runs.push({
      registration: reg,
      ...(probe.target !== undefined && { target: probe.target }),
      event: probe.event,
      probe,
      result,
    });
    const observations = observe(probe, result, budget, {
      tree: scratch.tree,
      ...(pluginRoot !== undefined && { pluginRoot }),
    });
    for (const o of observations) {
      const prior = seen.get(o.rule.id);
      if (prior) prior.count++;
      else seen.set(o.rule.id, { text: o.text, count: 1, rule: o.rule });
    }
    if (observations.some((o) => o.stop)) break;
  }
  const what = `${reg.event}${reg.matcher !== undefined && reg.matcher !== "" ? ` (${reg.matcher})` : ""} hook \`${reg.command ?? reg.args?.join(" ") ?? ""}\``;
  const at = reg.commandRange ?? reg.handlerRange;
  // A guard that blocks a bland call blocks the benign twins too: one finding says it.
  if (seen.has(hookBlocksHarmlessRule.id)) seen.delete(hookDeniesBenignRule.id);
  const findings = [...seen.values()].map(({ rule: r, text, count }) =>
    finding(
      r,
      reg.file,
      at,
      scratch.fromCopy(`The ${what} ${text}${count > 1 ? ` (${count} of ${ran} probes)` : ""}`),
    ),
  );
  return { runs, findings, skipped: probes.length - ran };
}

/** Hooks audited at once by default: the machine's cores, at most 4. */
function defaultConcurrency(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/**
 * Runs every command hook of the audited harness on its probes. Throws
 * {@link ConfinementUnavailableError} before anything runs when `sandbox` is on (the default) and
 * bubblewrap cannot run here.
 */
export async function runDynamicAudit(
  report: AuditReport,
  options: DynamicAuditOptions = {},
): Promise<DynamicAuditResult> {
  const started = performance.now();
  const sandbox = options.sandbox ?? true;
  const maxRunMs = options.maxRunMs ?? 30_000;
  const budget = options.probesPerHook ?? 24;
  const concurrency = options.concurrency ?? defaultConcurrency();
  if (sandbox) {
    const check = bwrapSelfTest();
    if (!check.ok)
      throw new ConfinementUnavailableError(
        `${check.detail}; to run the hooks unconfined anyway, pass --no-sandbox (sandbox: false)`,
      );
  }
  const regs = report.registrations.filter(
    (r) => r.type === "command" && (r.command !== undefined || r.args !== undefined),
  );
  if (regs.length === 0) {
    return {
      runs: [],
      findings: [],
      stats: { hooks: 0, probes: 0, skipped: 0, durationMs: 0, sandbox, concurrency },
    };
  }
  const scratch = makeAuditScratch(report.root);
  try {
    const limit = pLimit(concurrency);
    const audits = await Promise.all(
      regs.map((reg) => limit(() => auditRegistration(reg, scratch, { maxRunMs, budget, sandbox }))),
    );
    const runs = audits.flatMap((a) => a.runs);
    return {
      runs,
      findings: audits.flatMap((a) => a.findings),
      stats: {
        hooks: regs.length,
        probes: runs.length,
        skipped: audits.reduce((n, a) => n + a.skipped, 0),
        durationMs: Math.round(performance.now() - started),
        sandbox,
        concurrency,
      },
    };
  } finally {
    scratch.dispose();
  }
}
