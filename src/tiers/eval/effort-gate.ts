/**
 * Effort is refused, before any trial, on a harness whose adapter has no measured effort mapping,
 * whatever path the effort came in by (a spec's or an arm's `effort`, a trigger rate, a selection
 * matrix) and whoever built the driver. A driver's own preflight does the same check, but an injected
 * driver need not have one: `paid_measureTriggerRate` with a driver declaring `harness: "codex"`
 * once ran ten trials and recorded `effort: "low"`, a budget the runs never used. A harness vigiles
 * has no adapter for is left to its driver.
 */
import { findHarness } from "../../adapters/registry.js";
import { assertEffortPinnable } from "./claude-driver.js";
import type { Effort, EvalDriver } from "./driver.js";

/** Throws EffortNotPinnedError when the driver's harness cannot pin one of `efforts`. */
export async function assertDriverPinsEffort(
  driver: Pick<EvalDriver, "harness">,
  efforts: readonly (Effort | undefined)[],
): Promise<void> {
  if (efforts.every((effort) => effort === undefined)) return;
  const entry = findHarness(driver.harness);
  if (entry === undefined) return;
  const adapter = await entry.loadAdapter();
  for (const effort of efforts) assertEffortPinnable(adapter, effort);
}
