// Attack class 9 (issue 29 §9): a `--harness-version` round runs the release it names, or the run is
// refused. Before, `--harness-version codex@0.169.0,gemini@0.61.0` in a Claude Code repository
// labelled both rounds with those releases while every file ran Claude Code. Here each registered
// harness gets a round of its own (VIGILES_HARNESS_VERSION, as `vigiles test` sets it per round):
// its pinned release resolves to that release; another harness's adapter, another harnessVersion, a
// harnessPath answering another release, and a release missing from the cache are each refused,
// never replaced by the pinned install. Free: resolveRunHarness only (the stand-in binary answers
// --version and nothing else; a unit-level fixture, allowed here).
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { HarnessRoundMismatchError, resolveRunHarness } from "../../src/tiers/harness/harness-version.js";
import { REGISTERED, scratchDir } from "./registered.js";

const dir = scratchDir("harness-version");
/** A release no cache holds. */
const ABSENT = "0.0.1";

beforeAll(async () => {
  // A harness whose resolve unpacks its pinned package from vigiles' cache (Copilot) needs it once.
  await Promise.all(REGISTERED.map(({ adapter }) => adapter.resolve()));
}, 240_000);

describe.concurrent("a round runs the release it names", () => {
  for (const [i, { entry, adapter }] of REGISTERED.entries()) {
    const round = (version: string) => ({
      VIGILES_HARNESS_VERSION: `${entry.id}@${version}`,
      VIGILES_HARNESS: entry.id,
    });
    const pinned = entry.package.version;

    test(`${entry.displayName}: its own round resolves to ${pinned}`, async () => {
      const found = await resolveRunHarness(adapter, {}, round(pinned));
      expect([found.adapterId, found.version]).toEqual([adapter.id, pinned]);
    });

    test(`${entry.displayName}: another harness's adapter, or another harnessVersion, is refused`, async () => {
      const other = REGISTERED[(i + 1) % REGISTERED.length]!.adapter;
      if (other.id !== adapter.id) {
        await expect(resolveRunHarness(other, {}, round(pinned))).rejects.toThrow(HarnessRoundMismatchError);
      }
      await expect(resolveRunHarness(adapter, { harnessVersion: ABSENT }, round(pinned))).rejects.toThrow(
        HarnessRoundMismatchError,
      );
    });

    test(`${entry.displayName}: a harnessPath answering ${pinned} in a round of ${ABSENT} is refused`, async () => {
      const path = join(dir, entry.id);
      writeFileSync(path, `#!/bin/sh\necho "${pinned}"\n`);
      chmodSync(path, 0o755);
      await expect(resolveRunHarness(adapter, { harnessPath: path }, round(ABSENT))).rejects.toThrow(
        HarnessRoundMismatchError,
      );
    });

    test(`${entry.displayName}: a round of ${ABSENT}, absent from the cache, never falls back to the pinned CLI`, async () => {
      await expect(resolveRunHarness(adapter, {}, round(ABSENT))).rejects.toMatchObject({
        code: "VIGILES_HARNESS_VERSION_MISSING",
      });
    });
  }
});
