/**
 * The adapter a runner uses when the caller passes none: the registry's default (Claude Code),
 * unless the run was started by `vigiles test` in a repository it detected as set up for another
 * harness (VIGILES_HARNESS=<id>). The CLI cannot take an import, so the choice travels in the
 * environment; a library caller picks with `{ adapter }`. Adapters load only when chosen, so an
 * unused one stays out of the module graph.
 */
import { DEFAULT_HARNESS, HARNESS_IDS, harnessEntry } from "../../adapters/registry.js";
import type { HarnessAdapter } from "../../adapters/port.js";

export const HARNESS_ENV = "VIGILES_HARNESS";

export { HARNESS_IDS };

/** The adapter of a harness id or alias; `what` names the source in the error (UnknownHarnessError, with a did-you-mean). */
export async function adapterById(id: string, what = "harness"): Promise<HarnessAdapter> {
  return harnessEntry(id, what).loadAdapter();
}

export async function defaultAdapter(env: NodeJS.ProcessEnv = process.env): Promise<HarnessAdapter> {
  const chosen = env[HARNESS_ENV];
  if (chosen === undefined || chosen === "") return DEFAULT_HARNESS.loadAdapter();
  return adapterById(chosen, `${HARNESS_ENV}=`);
}
