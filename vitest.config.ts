import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts", "examples/**/*.test.ts"],
    exclude: ["**/node_modules/**", "dist/**", ".vigiles/**", "test/runners/jest/**"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Most tests wait on real processes (hooks, the agent CLIs), not on the CPU: on 2 cores three
    // files at a time finish sooner than vitest's default of cores - 1.
    maxWorkers: 3,
  },
});
