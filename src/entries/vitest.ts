/**
 * `vigiles/vitest`: registers vigiles' matchers on vitest's `expect` and adds their types.
 * Use as `setupFiles: ["vigiles/vitest"]` or `import "vigiles/vitest"`. Its `harnessFiles()` preset
 * makes Vitest run harness files (`*.harness.*`) unchanged: `plugins: [harnessFiles()]`.
 */
export { harnessFiles, HARNESS_INCLUDE } from "../tools/vitest-preset/plugin.js";
export type { HarnessFilesPlugin } from "../tools/vitest-preset/plugin.js";

// --- matcher registration for vitest ---
import { expect } from "vitest";
import { vigilesMatchers } from "../core/matchers/vigiles-matchers.js";
import type { VigilesMatchers } from "../core/matchers/vigiles-matchers.js";

expect.extend(vigilesMatchers);

declare module "vitest" {
  // The type parameter must repeat vitest's own declaration, default included, for the merge.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface Matchers<T = any> extends VigilesMatchers<void> {}
}
