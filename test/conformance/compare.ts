/**
 * Whether a prediction agrees with the real CLI: fired or not, and for a decision case whether the
 * call (or prompt) was blocked and whether its context reached the model. Each predictor (runHook,
 * explain) is compared on its own; a case agrees when every one does.
 */
import type { ConformanceCase } from "./corpus.js";
import type { Observation } from "./observation.js";
import type { Prediction } from "./predict.js";

export type Predictor = keyof Prediction;
export const PREDICTORS: readonly Predictor[] = ["runHook", "explain"];

export interface Mismatch {
  readonly predictor: Predictor;
  /** fired, blocked, context, or error. */
  readonly field: keyof Observation;
  readonly predicted: string;
  readonly real: string;
}

export interface CaseResult {
  readonly case: ConformanceCase;
  readonly predicted: Prediction;
  readonly real: Observation;
  readonly mismatches: readonly Mismatch[];
  readonly agrees: boolean;
}

const show = (v: unknown) => (v === undefined ? "—" : String(v));

function compareOne(predictor: Predictor, p: Observation, real: Observation): Mismatch[] {
  if (p.error !== undefined || real.error !== undefined)
    return [{ predictor, field: "error", predicted: show(p.error ?? "ok"), real: show(real.error ?? "ok") }];
  const out: Mismatch[] = [];
  for (const field of ["fired", "blocked", "context"] as const) {
    // A field the real side does not observe (blocked after a post-tool hook) is not compared.
    if (real[field] === undefined) continue;
    // explain without --run says nothing of decisions; only a decision run compares them.
    if (p[field] === undefined && field !== "fired") continue;
    if (p[field] !== real[field])
      out.push({ predictor, field, predicted: show(p[field]), real: show(real[field]) });
  }
  return out;
}

export function compareCase(c: ConformanceCase, predicted: Prediction, real: Observation): CaseResult {
  const mismatches = PREDICTORS.flatMap((p) => compareOne(p, predicted[p], real));
  return { case: c, predicted, real, mismatches, agrees: mismatches.length === 0 };
}
