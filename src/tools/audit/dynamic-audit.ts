/**
 * `vigiles audit --run`: every registered command hook is run on probes (audit/probes.ts: a guard's
 * branches driven over the strings its source compares against, the disaster corpus and its benign
 * twins; every other hook on its synthetic events), confined by default, in a scratch copy of the
 * tree with a private HOME and TMPDIR. Every way a hook would fail open or block harmless work is
 * reported once per hook with the probe that showed it. Findings do not depend on the machine's
 * load: a budget only a loaded machine misses is a note ("slow here"), and only a hook still running
 * well past its registered timeout is `hook-timeout`.
 */
import { availableParallelism } from "node:os";
import pLimit from "p-limit";
import type { LintFinding } from "../../core/audit/types.js";
import { bwrapSelfTest, ConfinementUnavailableError } from "../../runtime/confine.js";
import type { AuditReport } from "./static-audit.js";
import { makeAuditScratch } from "./audit-scratch.js";
import { auditRegistration, type DynamicRun } from "./audit-registration.js";
import { neverRunReason } from "./harness-runs.js";

export * from "./dynamic-rules.js";
export { observe, runBudget, type RunBudget } from "./observe-run.js";
export type { DynamicRun } from "./audit-registration.js";

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
  // Only what the harness would run: a hook under an event it never fires is the static rules' to
  // report (unknown-event and its twins); a run of it would report what no session sees.
  const regs = report.registrations.filter(
    (r) =>
      r.type === "command" &&
      (r.command !== undefined || r.args !== undefined) &&
      neverRunReason(r) === undefined,
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
