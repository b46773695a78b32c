// Pins what harnessFiles() (vigiles/vitest) adds to a Vitest config: the harness files beside the
// user's include (or Vitest's default include when there is none), its setup file and runner, and a
// long timeout only where the user set none; a config with its own runner is refused, not overridden.
import { describe, expect, test } from "vitest";
import { configDefaults } from "vitest/config";
import { HARNESS_INCLUDE, harnessFiles } from "../../src/tools/vitest-preset/plugin.js";

describe("harnessFiles() config", () => {
  test("without an include: Vitest's default include and the harness files", async () => {
    const { test: added } = await harnessFiles().config({});
    expect(added["include"]).toEqual([...configDefaults.include, HARNESS_INCLUDE]);
    expect(String(added["runner"])).toMatch(/vitest-preset[/\\]runner\.(js|ts)$/);
    expect(added["setupFiles"]).toEqual([expect.stringMatching(/vitest-preset[/\\]setup\.(js|ts)$/)]);
    expect(added["testTimeout"]).toBe(600_000);
  });

  test("with an include and timeouts of the user's: only the harness files are added, the timeouts kept", async () => {
    const { test: added } = await harnessFiles().config({
      test: { include: ["spec/**/*.ts"], testTimeout: 1000, hookTimeout: 2000 },
    });
    expect(added["include"]).toEqual([HARNESS_INCLUDE]);
    expect(added).not.toHaveProperty("testTimeout");
    expect(added).not.toHaveProperty("hookTimeout");
  });

  test("a config with its own runner is refused, naming it", async () => {
    await expect(harnessFiles().config({ test: { runner: "./my-runner.ts" } })).rejects.toThrow(
      /sets Vitest's test\.runner, and this config sets one already \(\.\/my-runner\.ts\)/,
    );
  });
});
