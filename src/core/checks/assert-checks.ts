/** Strict evaluation: every check runs, every failure is collected, then one throw. */
import { AssertionFailedError, InvalidOptionError, VacuousAssertionError } from "../errors.js";
import type { Check, CheckResult, CheckSubject } from "./types.js";

/** One check's verdict, with the check that produced it. */
export interface CheckOutcome extends CheckResult {
  readonly check: Check;
}

function requireChecks(checks: readonly Check[], where: string): void {
  if (!Array.isArray(checks))
    throw new InvalidOptionError(`${where} takes an array of checks, got ${typeof checks}.`);
  checks.forEach((check, i) => {
    if (typeof (check as Partial<Check> | null)?.evaluate !== "function") {
      throw new InvalidOptionError(
        `${where}: item ${i} is not a check (no evaluate()); build checks with tool(), output(), blocked() …`,
      );
    }
  });
}

/** Evaluates every check against the subject, never throwing for a failing one. */
export function evaluateChecks(subject: CheckSubject, checks: readonly Check[]): readonly CheckOutcome[] {
  requireChecks(checks, "evaluateChecks");
  return checks.map((check) => ({ check, ...check.evaluate(subject) }));
}

/**
 * Throws unless every check holds, listing every failure with its message. An empty list throws
 * too: asserting nothing is never a pass.
 *
 * @example
 * ```ts
 * assertChecks(trace, [tool("Bash"), output(/done/)]);
 * assertChecks(hookResult, [blocked()]);
 * ```
 */
export function assertChecks(subject: CheckSubject, checks: readonly Check[]): void {
  requireChecks(checks, "assertChecks");
  if (checks.length === 0)
    throw new VacuousAssertionError("assertChecks was given no checks: it would assert nothing.");
  const failed = evaluateChecks(subject, checks).filter((outcome) => !outcome.pass);
  if (failed.length === 0) return;
  const lines = failed.map((outcome) => `  ✗ ${outcome.check.label}: ${outcome.message}`);
  throw new AssertionFailedError(`${failed.length} of ${checks.length} checks failed:\n${lines.join("\n")}`);
}
