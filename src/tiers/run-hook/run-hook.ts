/**
 * runHook: a hook run through the hook protocol as the real harness runs it. The event JSON on
 * stdin, CLAUDE_PROJECT_DIR / CLAUDE_PLUGIN_ROOT in the env, `sh -c` or exec form, the registered
 * timeout; the exit code and output folded into one decision with the event's own rules.
 * Synchronous (the spec calls it without `await`); {@link runHookAsync} is the same for async callers.
 */
import { combineHookDecisions, strongestDecisionIndex } from "../../core/hook-decision/combine.js";
import { foldHookDecision } from "./fold.js";
import { DEFAULT_HARNESS, harnessEntry } from "../../adapters/registry.js";
import type { HookRunResult } from "../../core/hook-decision/types.js";
import { runProcess, type ProcessResult } from "../../runtime/process.js";
import { runProcessesSync } from "../../runtime/process-sync.js";
import { discardTempDir } from "../../runtime/temp-dir.js";
import { prepareScriptRun, type PreparedRun } from "../run-script/prepare.js";
import type { ScriptRunResult } from "../run-script/types.js";
import { diagnoseHookFailure } from "./diagnose.js";
import { recordHookRunCoverage } from "../../runtime/coverage-record.js";
import { planHookRun, type HookPlan } from "./plan.js";
import type { HookEventInput, HookSpec, RunHookOptions } from "./types.js";
import { NO_PROCESS } from "../../core/hook-decision/no-process.js";

function releaseWorkDir(plan: HookPlan): void {
  if (plan.ownedWorkDir) discardTempDir(plan.ownedWorkDir);
}

function prepareAll(plan: HookPlan, options: RunHookOptions): PreparedRun[] {
  const prepared: PreparedRun[] = [];
  try {
    for (const p of plan.processes) {
      prepared.push(
        prepareScriptRun(p.argv, {
          cwd: plan.cwd,
          stdin: JSON.stringify(plan.payload),
          env: { ...plan.env, ...options.env },
          ...(options.inheritEnv !== undefined ? { inheritEnv: options.inheritEnv } : {}),
          ...(p.timeoutMs !== undefined ? { timeoutMs: p.timeoutMs } : {}),
          ...(options.killGraceMs !== undefined ? { killGraceMs: options.killGraceMs } : {}),
          ...(options.maxBufferBytes !== undefined ? { maxBufferBytes: options.maxBufferBytes } : {}),
          ...(options.confine !== undefined ? { confine: options.confine } : {}),
        }),
      );
    }
  } catch (error) {
    for (const p of prepared) p.abandon();
    releaseWorkDir(plan);
    throw error;
  }
  return prepared;
}

function oneResult(plan: HookPlan, run: ScriptRunResult, options: RunHookOptions): HookRunResult {
  const folded = foldHookDecision({
    event: plan.event,
    exitCode: run.exitCode,
    stdout: run.stdout,
    stderr: run.stderr,
    timedOut: run.timedOut,
    signal: run.signal,
    harness: options.harness ?? DEFAULT_HARNESS.id,
  });
  const diagnosis = diagnoseHookFailure(run.command, plan.cwd, run.exitCode, run.spawnError);
  return {
    ...folded,
    ...(diagnosis ? { hookError: diagnosis } : {}),
    exitCode: run.exitCode,
    signal: run.signal,
    stdout: run.stdout,
    stderr: run.stderr,
    timedOut: run.timedOut,
    truncated: run.truncated,
    durationMs: run.durationMs,
    input: plan.payload,
    command: run.command,
    ...(run.filesWritten ? { filesWritten: run.filesWritten } : {}),
  };
}

function assemble(plan: HookPlan, runs: readonly ScriptRunResult[], options: RunHookOptions): HookRunResult {
  runs.forEach((r, i) => {
    const registered = plan.processes[i]?.registered;
    // Copilot's camelCase payload has no `hook_event_name`: the record keeps the event as the caller named it.
    recordHookRunCoverage(r.command, { ...plan.payload, hook_event_name: plan.event }, process.env, {
      via: plan.selection ? "registration" : "command",
      ...(registered !== undefined ? { registered } : {}),
      cwd: plan.cwd,
      harness: harnessEntry(options.harness ?? DEFAULT_HARNESS.id).id,
      ...(plan.selection && options.timeoutMs !== undefined ? { ownTimeout: true } : {}),
      vars: Object.fromEntries(
        Object.entries({ ...plan.env, ...options.env }).filter(
          (e): e is [string, string] => e[1] !== undefined,
        ),
      ),
    });
  });
  const selection = plan.selection ? { selection: plan.selection } : {};
  if (runs.length === 0) {
    return {
      event: plan.event,
      decision: "none",
      blocked: false,
      halted: false,
      decidedBy: "no-decision",
      hookError: `not selected: ${plan.notSelectedReason ?? "nothing to run"}`,
      ...NO_PROCESS,
      selected: false,
      ...selection,
      input: plan.payload,
    };
  }
  const results = runs.map((r) => oneResult(plan, r, options));
  const registration = plan.selection ? { selected: true, ...selection } : {};
  if (results.length === 1) return { ...(results[0] as HookRunResult), ...registration };
  const winner = results[strongestDecisionIndex(results)] ?? (results[0] as HookRunResult);
  const combined = combineHookDecisions(results, plan.event);
  return {
    ...winner,
    ...combined,
    durationMs: Math.max(...results.map((r) => r.durationMs)),
    truncated: results.some((r) => r.truncated),
    ...registration,
    runs: results,
  };
}

/**
 * Runs a hook for one event and folds its answer. `hook` is a command string (run under `sh -c`),
 * an argv (exec form), or `{ registration }` (a settings / hooks.json entry): a registration is
 * first selected by its matcher and `if:`; when nothing is selected the result says
 * `selected: false` and why, and nothing runs. Several selected handlers run in parallel and their
 * decisions combine (deny > defer > ask > allow), each kept in `runs`.
 *
 * @example
 * const r = runHook("./hooks/guard.sh", { tool_name: "Bash", tool_input: { command: "git push -f" } });
 * r.blocked; r.decision; r.decidedBy; r.stderr;
 */
export function runHook(hook: HookSpec, event: HookEventInput, options: RunHookOptions = {}): HookRunResult {
  return runHooksSync([{ hook, event, options }], 0)[0] as HookRunResult;
}

/** One call of {@link runHooksSync}. */
export interface HookCall {
  readonly hook: HookSpec;
  readonly event: HookEventInput;
  readonly options?: RunHookOptions;
}

/**
 * Several {@link runHook} calls in one blocking step, their processes run concurrently (at most
 * `concurrency` at once; 0: all at once). Results are in the order of the calls.
 */
export function runHooksSync(calls: readonly HookCall[], concurrency = 4): HookRunResult[] {
  const plans: HookPlan[] = [];
  const prepared: PreparedRun[][] = [];
  try {
    for (const call of calls) {
      const plan = planHookRun(call.hook, call.event, call.options);
      plans.push(plan);
      prepared.push(prepareAll(plan, call.options ?? {}));
    }
  } catch (error) {
    prepared.flat().forEach((p) => p.abandon());
    plans.forEach(releaseWorkDir);
    throw error;
  }
  const flat = prepared.flat();
  let results: ProcessResult[];
  try {
    results = runProcessesSync(
      flat.map((p) => p.process),
      concurrency > 0 ? concurrency : Math.max(1, flat.length),
    );
  } catch (error) {
    flat.forEach((p) => p.abandon());
    plans.forEach(releaseWorkDir);
    throw error;
  }
  let next = 0;
  try {
    return plans.map((plan, i) => {
      const runs = (prepared[i] ?? []).map((p) => p.finish(results[next++] as ProcessResult));
      return assemble(plan, runs, calls[i]?.options ?? {});
    });
  } finally {
    plans.forEach(releaseWorkDir);
  }
}

/** {@link runHook} without blocking: the same run, awaited. */
export async function runHookAsync(
  hook: HookSpec,
  event: HookEventInput,
  options: RunHookOptions = {},
): Promise<HookRunResult> {
  const plan = planHookRun(hook, event, options);
  const prepared = prepareAll(plan, options);
  let results: ProcessResult[];
  try {
    results = await Promise.all(prepared.map((p) => runProcess(p.process)));
  } catch (error) {
    for (const p of prepared) p.abandon();
    releaseWorkDir(plan);
    throw error;
  }
  try {
    return assemble(
      plan,
      prepared.map((p, i) => p.finish(results[i] as ProcessResult)),
      options,
    );
  } finally {
    releaseWorkDir(plan);
  }
}
