/**
 * Effort is refused, before any trial, on a harness whose adapter has no measured effort mapping,
 * whatever path the effort came in by (a spec's or an arm's `effort`, a trigger rate, a selection
 * matrix) and whoever built the driver. A driver's own preflight does the same check, but an injected
 * driver need not have one: `paid_measureTriggerRate` with a driver declaring `harness: "codex"`
 * once ran ten trials and recorded `effort: "low"`, a budget the runs never used. A harness vigiles
 * has no adapter for is left to its driver.
 */
import type { HarnessAdapter } from "../../adapters/port.js";
import { claudeCodeAdapter } from "../../adapters/claude-code/adapter.js";
import { assertEffortPinnable } from "./claude-driver.js";
import type { Effort, EvalDriver } from "./driver.js";

async function knownAdapter(harness: string): Promise<HarnessAdapter | undefined> {
  switch (harness) {
    case claudeCodeAdapter.id:
      return claudeCodeAdapter;
    case "codex":
      // Imported only when named, as default-adapter.ts does, to keep it out of other runs' graph.
      return (await import("../../adapters/codex/adapter.js")).codexAdapter;
    default:
      return undefined;
  }
}

/** Throws EffortNotPinnedError when the driver's harness cannot pin one of `efforts`. */
export async function assertDriverPinsEffort(
  driver: Pick<EvalDriver, "harness">,
  efforts: readonly (Effort | undefined)[],
): Promise<void> {
  if (efforts.every((effort) => effort === undefined)) return;
  const adapter = await knownAdapter(driver.harness);
  if (adapter === undefined) return;
  for (const effort of efforts) assertEffortPinnable(adapter, effort);
}
