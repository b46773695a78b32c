/**
 * The preset's setup file, run by Vitest before each test file: registers vigiles' matchers and makes
 * Vitest the host of the file's `test`/`describe`/hooks from "vigiles" (../test-runner/test-host.ts).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { vigilesMatchers } from "../../core/matchers/vigiles-matchers.js";
import { setTestHost, type HostDescribeFn, type HostTestFn } from "../test-runner/test-host.js";

expect.extend(vigilesMatchers);

setTestHost({
  // Vitest's own functions; their full types are wider than the seam's.
  test: test as unknown as HostTestFn,
  describe: describe as unknown as HostDescribeFn,
  beforeAll: (fn) => beforeAll(fn as () => unknown),
  afterAll: (fn) => afterAll(fn as () => unknown),
  beforeEach: (fn) => beforeEach(fn as () => unknown),
  afterEach: (fn) => afterEach(fn as () => unknown),
  declared: 0,
});
