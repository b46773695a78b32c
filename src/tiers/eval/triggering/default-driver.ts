/**
 * The driver a triggering run uses when none is injected: the eval tier's real Claude Code driver
 * (`paid_claudeEvalDriver`), which fails in its preflight, before any spend, when credentials are missing.
 */
import { InvalidOptionError } from "../../../core/errors.js";
import { paid_claudeEvalDriver } from "../claude-driver.js";
import type { EvalDriver } from "../driver.js";

/** The injected driver under either name: `driver` (as runEval takes it) or `evalDriver` (the spec's word). */
export function pickDriver(options: { driver?: EvalDriver; evalDriver?: EvalDriver }): EvalDriver {
  if (
    options.driver !== undefined &&
    options.evalDriver !== undefined &&
    options.driver !== options.evalDriver
  ) {
    throw new InvalidOptionError("Pass the driver once: `driver` and `evalDriver` name the same option.");
  }
  return options.driver ?? options.evalDriver ?? paid_claudeEvalDriver();
}
