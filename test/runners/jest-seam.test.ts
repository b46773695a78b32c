// `npm test` runs vitest only; this test runs the same seam cases under jest 30 (ESM, against the
// built package) in a real jest process and reads its JSON report.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runProcess } from "../../src/runtime/process.js";
import { SEAM_CASE_COUNT } from "./seam-cases.mjs";

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const dist = process.env.VIGILES_DIST ? resolve(process.env.VIGILES_DIST) : join(root, "dist");

interface JestJson {
  readonly success: boolean;
  readonly numTotalTests: number;
  readonly numPassedTests: number;
  readonly numFailedTests: number;
  readonly testResults: readonly { readonly message: string }[];
}

describe("the runner seam under jest", () => {
  it("passes every seam case with vigiles/jest as setupFilesAfterEnv", async () => {
    if (!existsSync(join(dist, "entries/jest.js"))) {
      throw new Error(
        `${dist}/entries/jest.js is missing: run \`npm run build\` before this test (npm test does).`,
      );
    }
    const result = await runProcess({
      argv: [
        process.execPath,
        "--experimental-vm-modules",
        join(root, "node_modules/jest/bin/jest.js"),
        "--config",
        join(root, "test/runners/jest/jest.config.mjs"),
        "--json",
        "--ci",
      ],
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, VIGILES_DIST: dist, NODE_NO_WARNINGS: "1" },
      timeoutMs: 120_000,
    });
    expect(result.spawnError).toBeUndefined();
    const report = JSON.parse(result.stdout) as JestJson;
    const failures = report.testResults.map((r) => r.message).join("\n");
    expect(failures, result.stderr).toBe("");
    expect(report.numFailedTests).toBe(0);
    expect(report.numPassedTests).toBe(SEAM_CASE_COUNT);
    expect(report.success).toBe(true);
    expect(result.exitCode).toBe(0);
  });
});
