/**
 * vigiles' matchers for any runner with a jest-style `expect.extend` (vitest, jest). Each fronts a
 * check or a report reader, so a matcher fails with the same message the check would.
 */
import { evaluateChecks } from "../checks/assert-checks.js";
import { blocked } from "../checks/hook-checks.js";
import { wrote } from "../checks/run-checks.js";
import type { Check, CheckSubject } from "../checks/types.js";
import { InvalidOptionError, VacuousAssertionError } from "../errors.js";
import type { EvalReport } from "../eval-report.js";
import { describeValue } from "../predicates/subject.js";
import { compareArms, describeComparison, significantlyBeats } from "../stats/compare-arms.js";

/** The part of a runner's matcher context these matchers read. */
export interface VigilesMatcherContext {
  readonly isNot?: boolean;
}

/** What a matcher returns to the runner. */
export interface VigilesMatcherResult {
  readonly pass: boolean;
  readonly message: () => string;
}

/**
 * The matchers' signatures as seen on `expect(x)`; `vigiles/vitest` and `vigiles/jest` merge them
 * into their runner's types. `R` is the runner's return type for a matcher.
 */
export interface VigilesMatchers<R = void> {
  /** The check holds for the received run, hook result or report (`toPass(tool("Bash"))`). */
  toPass(check: Check): R;
  /** Every check holds; the message lists every one that failed. */
  toPassAll(checks: readonly Check[]): R;
  /** The run created (or changed) the file, relative to its work dir. */
  toHaveCreated(path: string): R;
  /** The hook blocked (a runHook result, or a Trace with a recorded blocking fire). */
  toBlock(): R;
  /** In the received eval report, `arm` significantly beats `baseline` on `metric` (Welch, alpha 0.05). */
  toBeatBaseline(baseline: string, arm: string, metric: string): R;
}

function requireCheck(value: unknown, where: string): Check {
  if (typeof (value as Partial<Check> | null)?.evaluate !== "function") {
    throw new InvalidOptionError(
      `${where} takes a check such as tool("Bash") or blocked(), got ${describeValue(value)}.`,
    );
  }
  return value as Check;
}

function fromCheck(check: Check, received: unknown): VigilesMatcherResult {
  const result = check.evaluate(received as CheckSubject);
  return {
    pass: result.pass,
    message: () =>
      result.pass ? `expected ${check.label} not to hold, but it did: ${result.message}` : result.message,
  };
}

function isEvalReport(value: unknown): value is EvalReport {
  return (
    typeof value === "object" && value !== null && typeof (value as { arms?: unknown }).arms === "object"
  );
}

/**
 * The matchers to hand to `expect.extend`: `toPass`, `toPassAll`, `toHaveCreated`, `toBlock`, `toBeatBaseline`.
 *
 * @example
 * ```ts
 * import { expect } from "vitest";
 * import { vigilesMatchers, tool } from "vigiles";
 * expect.extend(vigilesMatchers);
 * expect(trace).toPass(tool("Bash"));
 * ```
 */
export const vigilesMatchers = {
  toPass(this: VigilesMatcherContext, received: unknown, check: Check): VigilesMatcherResult {
    return fromCheck(requireCheck(check, "toPass(check)"), received);
  },

  toPassAll(this: VigilesMatcherContext, received: unknown, checks: readonly Check[]): VigilesMatcherResult {
    if (!Array.isArray(checks))
      throw new InvalidOptionError(
        `toPassAll(checks) takes an array of checks, got ${describeValue(checks)}.`,
      );
    if (checks.length === 0)
      throw new VacuousAssertionError("toPassAll was given no checks: it would assert nothing.");
    checks.forEach((check, i) => requireCheck(check, `toPassAll(checks): item ${i}`));
    const outcomes = evaluateChecks(received as CheckSubject, checks);
    const failed = outcomes.filter((outcome) => !outcome.pass);
    return {
      pass: failed.length === 0,
      message: () =>
        failed.length === 0
          ? `expected some of [${checks.map((c) => c.label).join(", ")}] to fail, but all ${checks.length} held`
          : `${failed.length} of ${checks.length} checks failed:\n${failed.map((o) => `  ✗ ${o.check.label}: ${o.message}`).join("\n")}`,
    };
  },

  toHaveCreated(this: VigilesMatcherContext, received: unknown, path: string): VigilesMatcherResult {
    return fromCheck(wrote(path), received);
  },

  toBlock(this: VigilesMatcherContext, received: unknown): VigilesMatcherResult {
    return fromCheck(blocked(), received);
  },

  toBeatBaseline(
    this: VigilesMatcherContext,
    received: unknown,
    baseline: string,
    arm: string,
    metric: string,
  ): VigilesMatcherResult {
    if (!isEvalReport(received)) {
      return {
        pass: false,
        message: () => `toBeatBaseline reads an eval report, but got ${describeValue(received)}`,
      };
    }
    const beats = significantlyBeats(received, baseline, arm, metric);
    const detail = describeComparison(compareArms(received, baseline, arm, metric));
    return {
      pass: beats,
      message: () =>
        beats
          ? `expected "${arm}" not to beat "${baseline}" significantly on "${metric}", but it did: ${detail}`
          : `expected "${arm}" to beat "${baseline}" significantly on "${metric}" (alpha 0.05), but ${detail}`,
    };
  },
} as const;
