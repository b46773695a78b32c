/** The flags of `vigiles test`, shared by its declaration (./test.ts) and its run (./test-run.ts). */
import type { CommandArgs } from "../command.js";

export const TEST_OPTIONS = {
  reporter: { type: "string", multiple: true },
  "output-file": { type: "string" },
  concurrency: { type: "string" },
  timeout: { type: "string" },
  "coverage-dir": { type: "string" },
  grep: { type: "string", short: "t" },
  shard: { type: "string" },
  bail: { type: "boolean", default: false },
  config: { type: "string" },
  "harness-version": { type: "string" },
  watch: { type: "boolean", default: false },
  verbose: { type: "boolean", default: false },
} as const;

/** The parsed arguments of `vigiles test`. */
export type TestCommandArgs = CommandArgs<typeof TEST_OPTIONS>;
