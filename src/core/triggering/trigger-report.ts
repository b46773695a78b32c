/**
 * The trigger-rate report (plain JSON) and `assertTriggerRate`, the free gate that reads it.
 * Written by `paid_measureTriggerRate` (vigiles/eval), read on the free root.
 */
import { AssertionFailedError, InvalidOptionError, VacuousAssertionError } from "../errors.js";
import type { ArmUsage } from "../eval-report.js";

/** Which set a prompt belongs to: `relevant` prompts should fire the skill, `irrelevant` ones should not. */
export type TriggerPromptSet = "relevant" | "irrelevant";

/** One run: one prompt, one trial. */
export interface TriggerTrialRow {
  readonly set: TriggerPromptSet;
  readonly prompt: string;
  readonly trial: number;
  /** The `fired` predicate held. Undefined when the run failed (see `error`). */
  readonly fired?: boolean;
  /** The first skill the run resolved (`plugin:name`), when any. */
  readonly selected?: string;
  /** Why the run could not execute (a failed call is not a failed trial). */
  readonly error?: string;
  /** What the run cost when it ran (a replayed run keeps its recorded usage). */
  readonly usage: ArmUsage;
  /** Replayed from the cache (`cache: "readwrite"` or `"read"`): no model was called. */
  readonly cached?: true;
}

/** One prompt across its trials. */
export interface TriggerPromptSummary {
  readonly set: TriggerPromptSet;
  readonly prompt: string;
  /** Runs that executed. */
  readonly n: number;
  readonly fired: number;
  /** fired / n (0 when n = 0). */
  readonly rate: number;
}

/** What `paid_measureTriggerRate` returns. */
export interface TriggerRateReport {
  readonly version: 1;
  readonly name?: string;
  /** The skill the default `fired` predicate looked for, when one was named or implied. */
  readonly skill?: string;
  /** Every skill installed for the runs (the plugin's and the install set's), as `plugin:name`. */
  readonly installedSkills: readonly string[];
  /** The pool the skill competed in: installed skills other than the one measured (0 = isolated). */
  readonly competitors: number;
  readonly model: string;
  readonly effort?: string | number;
  readonly trials: number;
  readonly stubSkillBodies: boolean;
  /**
   * The slice of the prompts x trials grid this report ran (`vigiles eval --shard i/n`); absent on a
   * whole run and on shards merged by `vigiles merge-reports`.
   */
  readonly shard?: { readonly index: number; readonly total: number };
  /** Relevant runs that executed. */
  readonly n: number;
  /** Relevant runs where `fired` held. */
  readonly fired: number;
  /** fired / n: recall of the skill on its own prompts. */
  readonly rate: number;
  /** 95% Wilson interval of `rate`. */
  readonly rateInterval: readonly [number, number];
  /** Irrelevant runs that executed (0 when no `irrelevantPrompts` were given). */
  readonly nIrrelevant: number;
  /** Irrelevant runs where `fired` held. */
  readonly falsePositives: number;
  /** falsePositives / nIrrelevant; null when no irrelevant run executed. */
  readonly falsePositiveRate: number | null;
  readonly falsePositiveInterval: readonly [number, number] | null;
  /** fired / (fired + falsePositives); null without irrelevant runs or when nothing fired. */
  readonly precision: number | null;
  /** Runs that failed to execute (not counted in any rate). */
  readonly errors: number;
  readonly prompts: readonly TriggerPromptSummary[];
  readonly rows: readonly TriggerTrialRow[];
  /** Usage of every executed run, replayed runs included (what the measurement cost when measured). */
  readonly usage: ArmUsage;
  /** What this call spent: runs replayed from the cache cost nothing. */
  readonly totalCostUsd: number;
  /** Runs replayed from the cache (absent when none was). */
  readonly cached?: number;
  /** The smallest pairwise NCD of each prompt set, as the diversity gate measured it. */
  readonly diversity: { readonly prompts: number; readonly irrelevantPrompts?: number };
  /**
   * The hash of the eval file's inputs (set by `vigiles eval`): shards of one eval share it, and
   * `merge-reports` and `--gate` refuse a report of other inputs.
   */
  readonly inputsHash?: string;
}

/** Bounds for {@link assertTriggerRate}. */
export interface TriggerRateBounds {
  /** The trigger rate on relevant prompts must be at least this. */
  readonly min?: number;
  /** The false-positive rate on irrelevant prompts must be at most this. */
  readonly maxFalsePositive?: number;
}

const pct = (x: number): string => x.toFixed(2);
const interval = (i: readonly [number, number]): string => `95% CI ${pct(i[0])}-${pct(i[1])}`;

function checkBound(name: string, value: number | undefined): void {
  if (value !== undefined && !(value >= 0 && value <= 1)) {
    throw new InvalidOptionError(`${name} must be a rate in [0, 1], got ${String(value)}.`);
  }
}

/**
 * Throws unless the report's trigger rate is at least `min` and its false-positive rate at most
 * `maxFalsePositive`. A report with zero runs throws (never a vacuous pass), and so does
 * `maxFalsePositive` on a report that ran no irrelevant prompt.
 *
 * @example
 * assertTriggerRate(report, { min: 0.8, maxFalsePositive: 0.1 });
 */
export function assertTriggerRate(report: TriggerRateReport, bounds: TriggerRateBounds): void {
  checkBound("min", bounds.min);
  checkBound("maxFalsePositive", bounds.maxFalsePositive);
  if (bounds.min === undefined && bounds.maxFalsePositive === undefined) {
    throw new InvalidOptionError(
      "assertTriggerRate needs a bound: pass { min } and/or { maxFalsePositive }.",
    );
  }
  if (report.n === 0) {
    throw new VacuousAssertionError(
      `The trigger-rate report${report.name ? ` "${report.name}"` : ""} holds no executed run ` +
        `(${report.errors} failed to execute): there is no rate to check.`,
    );
  }
  const failures: string[] = [];
  if (bounds.min !== undefined && report.rate < bounds.min) {
    const missed = report.prompts.filter((p) => p.set === "relevant" && p.n > 0 && p.fired < p.n);
    failures.push(
      `trigger rate ${pct(report.rate)} (${report.fired}/${report.n} runs, ${interval(report.rateInterval)}) is below min ${bounds.min}; ` +
        `prompts that missed: ${missed
          .slice(0, 5)
          .map((p) => `${JSON.stringify(p.prompt)} ${p.fired}/${p.n}`)
          .join(", ")}${missed.length > 5 ? ` and ${missed.length - 5} more` : ""}`,
    );
  }
  if (bounds.maxFalsePositive !== undefined) {
    if (
      report.falsePositiveRate === null ||
      report.falsePositiveInterval === null ||
      report.nIrrelevant === 0
    ) {
      throw new VacuousAssertionError(
        "maxFalsePositive was given but the report ran no irrelevant prompt: pass irrelevantPrompts to measure false positives.",
      );
    }
    if (report.falsePositiveRate > bounds.maxFalsePositive) {
      const wrong = report.prompts.filter((p) => p.set === "irrelevant" && p.fired > 0);
      failures.push(
        `false-positive rate ${pct(report.falsePositiveRate)} (${report.falsePositives}/${report.nIrrelevant} runs, ` +
          `${interval(report.falsePositiveInterval)}) is above maxFalsePositive ${bounds.maxFalsePositive}; ` +
          `fired on: ${wrong
            .slice(0, 5)
            .map((p) => JSON.stringify(p.prompt))
            .join(", ")}`,
      );
    }
  }
  if (failures.length > 0) {
    throw new AssertionFailedError(`${report.skill ? `Skill ${report.skill}: ` : ""}${failures.join("; ")}.`);
  }
}
