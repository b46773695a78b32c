/**
 * What a hook's verdict means on one event of its harness, in words, from the harness's dialect, so
 * `explain` tells a team porting a guard what its exit codes and answers do there.
 */
import { dialectOf } from "../../adapters/registry.js";
import type { RegisteredHook } from "../../core/hook-config/registration.js";

/** What the registration's verdicts mean in its harness. */
export function verdictMeaning(r: RegisteredHook): string {
  return dialectOf(r.harness).verdictMeaning(r.event, r.timeout);
}
