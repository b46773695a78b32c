/**
 * Money words only where money is spent. A report's dollar figures are the harness CLI's own
 * token-based estimate (Claude Code's `total_cost_usd`, computed from its token counts at list
 * prices: not the bill). A run whose driver cannot spend money (the local mock model, an injected
 * driver) says `$0 (mock)`, and a trial replayed from the cache says "cached": neither called a model.
 */
import type { CostBasis, EvalReport } from "../eval-report.js";

/** The basis of a report's figures; a report written before `costBasis` existed is an estimate. */
export function costBasisOf(report: Pick<EvalReport, "costBasis">): CostBasis {
  return report.costBasis ?? "estimate";
}

/** How a figure's number is written (the terminal: 4 decimals; the HTML page: 2 significant digits). */
export type DollarFormat = (usd: number) => string;

export const fourDecimals: DollarFormat = (usd) => `$${usd.toFixed(4)}`;

/**
 * A cost as a person reads it: `$0 (mock)` on a mock run, "cached" when every trial it covers was a
 * replay, else `est. $…` (the CLI's estimate).
 */
export function costText(
  costUsd: number,
  basis: CostBasis,
  options: { readonly allCached?: boolean; readonly format?: DollarFormat } = {},
): string {
  switch (basis) {
    case "mock":
      return "$0 (mock)";
    case "estimate":
      return options.allCached === true ? "cached" : `est. ${(options.format ?? fourDecimals)(costUsd)}`;
  }
}
