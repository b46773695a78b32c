/**
 * Every registered harness with its adapter, for the attack tests: each attack file iterates this
 * list, so a harness is attacked the day its registry line lands. A harness an attack does not apply
 * to is skipped with a reason read from its registry entry (capabilities, dialect), never by id.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { HARNESSES } from "../../src/adapters/registry.js";
import type { HarnessAdapter, HarnessEntry } from "../../src/adapters/port.js";

export interface RegisteredHarness {
  readonly entry: HarnessEntry;
  readonly adapter: HarnessAdapter;
}

/** Each registered harness and its adapter, in registry order. */
export const REGISTERED: readonly RegisteredHarness[] = await Promise.all(
  HARNESSES.map(async (entry) => ({ entry, adapter: await entry.loadAdapter() })),
);

/** A temp dir removed after the file's tests (under /var/tmp: a confined run's /tmp is its own). */
export function scratchDir(prefix: string, base = tmpdir()): string {
  const dir = mkdtempSync(join(base, `vigiles-attack-${prefix}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Real CLI runs are slow under load: generous, never flaky. */
export const REAL_RUN_TIMEOUT = 300_000;
