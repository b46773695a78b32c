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
import type { HarnessAdapter } from "../../src/adapters/port.js";
import type { HarnessEntry } from "../../src/adapters/harness-entry.js";

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

/**
 * Why a hook attack cannot run on this harness, or undefined when it can: its hooks are not shell
 * commands (the dialect names no command field: OpenCode's plugin functions).
 */
export function noCommandHooks(entry: HarnessEntry): string | undefined {
  return entry.dialect.handlers.commandFields.length === 0
    ? "its hooks are not shell commands (dialect: no command field)"
    : undefined;
}

/** One command hook: its event as the harness writes it, an optional matcher, the command. */
export interface AttackHook {
  readonly event: string;
  readonly matcher?: string;
  readonly command: string;
}

/**
 * The project files registering `hooks` for this harness, written by its own conformance form (the
 * writer its registry entry declares and registry.test.ts reads back with the harness's reader).
 */
export function hookFiles(entry: HarnessEntry, hooks: readonly AttackHook[]): Record<string, string> {
  const shape = entry.conformance.shapes[0]!;
  return entry.conformance.configFiles(
    hooks.map((h) => ({ event: h.event, matcher: h.matcher, command: h.command, shape })),
  );
}
