// Pins issue 28's bound: outside src/adapters/, at most 3 non-test source files name any one harness in
// code (ids, aliases, display names, its own files and paths); today only its public entry does.
// scripts/harness-names.mjs lists the files; a new list or switch over harness ids fails here.
import { spawnSync } from "node:child_process";
import { expect, test } from "vitest";

test("no harness is named in code in more than 3 files outside src/adapters/", () => {
  const run = spawnSync(process.execPath, ["scripts/harness-names.mjs", "--max", "3"], { encoding: "utf8" });
  expect(run.status, run.stdout + run.stderr).toBe(0);
  // Not vacuous: the counter sees the public entries.
  expect(run.stdout).toMatch(/^gemini: [1-3] file\(s\)$/m);
  expect(run.stdout).toContain("src/entries/gemini.ts");
}, 60_000);
