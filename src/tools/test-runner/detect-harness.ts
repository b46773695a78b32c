/**
 * Which harness a repository is set up for, read from its layout by the registry's markers: the CLI
 * cannot take an adapter import, so `vigiles test` infers it and passes it to harness files as
 * VIGILES_HARNESS.
 */
import { detectHarness as detectEntry } from "../../adapters/registry.js";

export interface HarnessDetection {
  /** The harness's registry id. */
  readonly harness: string;
  /** The files that decided, for the run's header line. */
  readonly evidence: readonly string[];
}

/** The registry's default harness unless the repository shows only another harness's markers. */
export function detectHarness(root: string): HarnessDetection {
  const found = detectEntry(root);
  return { harness: found.harness.id, evidence: found.evidence };
}
