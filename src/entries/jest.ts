/**
 * `vigiles/jest`: registers vigiles' matchers on jest's `expect` and adds their types.
 * Use as `setupFilesAfterEnv: ["vigiles/jest"]` or `import "vigiles/jest"`.
 */
export {};

// --- matcher registration for jest ---
import { expect } from "@jest/globals";
import { vigilesMatchers } from "../core/matchers/vigiles-matchers.js";
import type { VigilesMatchers } from "../core/matchers/vigiles-matchers.js";

expect.extend(vigilesMatchers);

// @jest/expect re-exports its Matchers from the `expect` package, so the merge targets that module.
declare module "expect" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface Matchers<R extends void | Promise<void>, T = unknown> extends VigilesMatchers<R> {}
}
