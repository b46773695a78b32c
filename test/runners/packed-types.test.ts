// The built package's declarations, imported by name as a user would: the matcher augmentations of
// vigiles/vitest and vigiles/jest and the contract types must survive the build.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { runProcess } from "../../src/runtime/process.js";

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));

it("a consumer file type-checks against dist/*.d.ts", async () => {
  if (!existsSync(join(root, "dist/entries/vitest.d.ts"))) {
    throw new Error(
      "dist/entries/vitest.d.ts is missing: run `npm run build` before this test (npm test does).",
    );
  }
  const result = await runProcess({
    argv: [
      process.execPath,
      join(root, "node_modules/typescript/bin/tsc"),
      "-p",
      "test/runners/types-packed/tsconfig.json",
    ],
    cwd: root,
    env: { PATH: process.env.PATH },
    timeoutMs: 120_000,
  });
  expect(result.stdout + result.stderr).toBe("");
  expect(result.exitCode).toBe(0);
});
