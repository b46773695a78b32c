/** Turning a check's verdict into an assertion's throw. */
import { AssertionFailedError, VacuousAssertionError } from "../errors.js";
import { HOOKS_NOT_RECORDED } from "../checks/describe.js";
import type { Check, CheckSubject } from "../checks/types.js";
import { isTrace } from "../predicates/subject.js";

/** Evaluates the check and throws its message when it fails. */
export function assertCheck(subject: CheckSubject, check: Check): void {
  const result = check.evaluate(subject);
  if (!result.pass) throw new AssertionFailedError(result.message);
}

/** Throws VacuousAssertionError when the subject is a Trace whose hook fires were not recorded. */
export function requireHooksRecorded(subject: unknown, what: string): void {
  if (isTrace(subject) && subject.hooks === undefined) {
    throw new VacuousAssertionError(`${what}: ${HOOKS_NOT_RECORDED}, so there is nothing to assert on.`);
  }
}
