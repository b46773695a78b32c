// vigiles/vitest and vigiles/jest add the matchers to their runner's TypeScript types: a real tsc
// compiles calls that must type-check and `@ts-expect-error` lines that must not.
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { runProcess } from "../../src/runtime/process.js";

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));

it("the matcher augmentations type-check under vitest and jest", async () => {
  const result = await runProcess({
    argv: [
      process.execPath,
      join(root, "node_modules/typescript/bin/tsc"),
      "-p",
      "test/runners/types/tsconfig.json",
    ],
    cwd: root,
    env: { PATH: process.env.PATH },
    timeoutMs: 120_000,
  });
  expect(result.stdout + result.stderr).toBe("");
  expect(result.exitCode).toBe(0);
});
