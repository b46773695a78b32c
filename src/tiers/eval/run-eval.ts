/**
 * `paid_runEval`, `paid_measure`, `paid_measureArms`: the public runners. Each validates its spec
 * (unknown keys rejected by name), resolves arms, checks the model floor, and hands the grid to the
 * engine. Only the default driver spends money; pass `{ driver }` to run against anything else.
 */
import { InvalidOptionError } from "../../core/errors.js";
import {
  describeIssues,
  measureArmsSchema,
  measureSchema,
  runEvalSchema,
} from "../../core/eval/eval-file.js";
import type { MeasureArmsSpec, MeasureSpec, RunEvalSpec, ScoredCheck } from "../../core/eval/spec.js";
import type { EvalReport } from "../../core/eval-report.js";
import type { Trace } from "../../core/trace.js";
import { paid_claudeEvalDriver } from "./claude-driver.js";
import type { EvalDriver } from "./driver.js";
import { runEngine, type EvalRunOptions, type TrialScore } from "./engine.js";
import { evalInputsHash } from "./inputs-hash.js";
import { DEFAULT_TRIALS, resolveArms } from "./resolve-arms.js";
import type { z } from "zod";

function validate(schema: z.ZodType, spec: unknown, where: string): void {
  const parsed = schema.safeParse(spec);
  if (!parsed.success) throw new InvalidOptionError(describeIssues(where, parsed.error));
}

/**
 * Runs arms x trials against a model and aggregates what `measure` returns per trial: booleans as
 * rates, numbers as scores, each with std, se, n and pass^k, plus per-arm usage and the run's cost.
 *
 * @example
 * const report = await paid_runEval({
 *   arms: { off: {}, on: { files: { ".claude/skills/x/SKILL.md": skill } } },
 *   task: "write DONE when finished",
 *   measure: (ctx) => ({ done: ctx.file("DONE") !== null }),
 *   trials: 10,
 * }, { driver });
 */
export async function paid_runEval(spec: RunEvalSpec, options: EvalRunOptions = {}): Promise<EvalReport> {
  validate(runEvalSchema, spec, "runEval");
  const arms = resolveArms(spec, spec.arms, "runEval");
  const driver = options.driver ?? paid_claudeEvalDriver();
  const trials = options.trials ?? spec.trials ?? DEFAULT_TRIALS;
  return runEngine(
    {
      ...(spec.name !== undefined ? { name: spec.name } : {}),
      arms,
      trials,
      common: spec,
      driver,
      score: (trace) => ({ metrics: spec.measure(trace) }),
      inputsHash: (driverIdentity) =>
        evalInputsHash({ runner: "runEval", arms, trials, driverIdentity, measure: spec.measure }),
    },
    options,
  );
}

/**
 * Scores checks as rates across trials: one rate metric per check, keyed by its label, and the
 * serialised check in `report.checks[label]`. One arm, named "default".
 *
 * @example
 * const report = await paid_measure({ task: "greet me", checks: [skill("demo:greet")], trials: 10 }, { driver });
 */
export async function paid_measure(
  spec: MeasureSpec & InjectedDriver,
  options: EvalRunOptions = {},
): Promise<EvalReport> {
  const [rest, evalDriver] = splitDriver(spec);
  validate(measureSchema, rest, "measure");
  return measureChecks(rest, undefined, "measure", withSpecDriver(options, evalDriver));
}

/**
 * The same checks scored per arm (a hook or skill on vs off, a model or effort as an arm).
 *
 * @example
 * const report = await paid_measureArms(
 *   { arms: { cheap: { effort: "low" }, rich: { effort: "high" } }, task, checks: [tool("Edit")], trials: 10 },
 *   { driver },
 * );
 */
export async function paid_measureArms(
  spec: MeasureArmsSpec & InjectedDriver,
  options: EvalRunOptions = {},
): Promise<EvalReport> {
  const [rest, evalDriver] = splitDriver(spec);
  validate(measureArmsSchema, rest, "measureArms");
  return measureChecks(rest, rest.arms, "measureArms", withSpecDriver(options, evalDriver));
}

/**
 * The measure* family's driver named in the spec (`evalDriver`, as paid_measureTriggerRate takes it);
 * the same option as `{ driver }` in the second argument. Not part of an eval file: a declared spec
 * cannot carry a driver.
 */
export interface InjectedDriver {
  readonly evalDriver?: EvalDriver;
}

/** The spec without `evalDriver` (what is validated and hashed) and the driver; a non-object passes through to validation. */
function splitDriver<T extends object>(spec: T & InjectedDriver): [T, EvalDriver | undefined] {
  if (typeof spec !== "object" || spec === null) return [spec, undefined];
  const { evalDriver, ...rest } = spec;
  return [rest as T, evalDriver];
}

function withSpecDriver(options: EvalRunOptions, evalDriver: EvalDriver | undefined): EvalRunOptions {
  if (evalDriver === undefined) return options;
  if (options.driver !== undefined && options.driver !== evalDriver) {
    throw new InvalidOptionError(
      "Pass the driver once: the spec's `evalDriver` and the options' `driver` name the same option.",
    );
  }
  return { ...options, driver: evalDriver };
}

async function measureChecks(
  spec: MeasureSpec | MeasureArmsSpec,
  armSpecs: MeasureArmsSpec["arms"] | undefined,
  runner: string,
  options: EvalRunOptions,
): Promise<EvalReport> {
  const arms = resolveArms(spec, armSpecs, runner);
  const labelled = labelChecks(spec.checks);
  const driver = options.driver ?? paid_claudeEvalDriver();
  const trials = options.trials ?? spec.trials ?? DEFAULT_TRIALS;
  const checks: Record<string, unknown> = {};
  for (const [label, check] of labelled) checks[label] = check.toJSON();
  const score = (trace: Trace): TrialScore => {
    const metrics: Record<string, number | boolean> = spec.measure ? { ...spec.measure(trace) } : {};
    const messages: Record<string, string> = {};
    for (const [label, check] of labelled) {
      const verdict = check.evaluate(trace);
      metrics[label] = verdict.pass;
      if (!verdict.pass && verdict.message) messages[label] = verdict.message;
    }
    return { metrics, messages };
  };
  return runEngine(
    {
      ...(spec.name !== undefined ? { name: spec.name } : {}),
      arms,
      trials,
      common: spec,
      driver,
      score,
      checks,
      inputsHash: (driverIdentity) =>
        evalInputsHash({
          runner,
          arms,
          trials,
          driverIdentity,
          checks: Object.values(checks),
          ...(spec.measure ? { measure: spec.measure } : {}),
        }),
    },
    options,
  );
}

/** Each check's metric name: its label, else its JSON `label`, else `String(check)`; duplicates get `#2`. */
export function labelChecks(checks: readonly ScoredCheck[]): [string, ScoredCheck][] {
  const seen = new Map<string, number>();
  return checks.map((check, index) => {
    if (typeof check?.evaluate !== "function" || typeof check.toJSON !== "function") {
      throw new InvalidOptionError(
        `checks[${index}] is not a check (it needs evaluate(trace) and toJSON()); use the checks of "vigiles" (tool, skill, output …).`,
      );
    }
    const base = baseLabel(check, index);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return [count === 1 ? base : `${base}#${count}`, check];
  });
}

function baseLabel(check: ScoredCheck, index: number): string {
  if (typeof check.label === "string" && check.label !== "") return check.label;
  const json = check.toJSON() as { label?: unknown } | null;
  if (json && typeof json.label === "string" && json.label !== "") return json.label;
  const text = String(check);
  return text !== "[object Object]" ? text : `check${index + 1}`;
}

/** The inputs hash a run of this spec would record, computed without running (the lock check). */
export function inputsHashOf(
  runner: "runEval" | "measure" | "measureArms",
  spec: RunEvalSpec | MeasureSpec | MeasureArmsSpec,
  driverIdentity: string,
  trialsOverride?: number,
): string {
  const arms = resolveArms(spec, "arms" in spec ? spec.arms : undefined, runner);
  const trials = trialsOverride ?? spec.trials ?? DEFAULT_TRIALS;
  if (runner === "runEval") {
    return evalInputsHash({ runner, arms, trials, driverIdentity, measure: (spec as RunEvalSpec).measure });
  }
  const m = spec as MeasureSpec | MeasureArmsSpec;
  const checks = labelChecks(m.checks).map(([, check]) => check.toJSON());
  return evalInputsHash({
    runner,
    arms,
    trials,
    driverIdentity,
    checks,
    ...(m.measure ? { measure: m.measure } : {}),
  });
}
