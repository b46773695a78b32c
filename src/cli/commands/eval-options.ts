/** The flags of `vigiles eval`, shared by its declaration (./eval.ts) and its run (./eval-run.ts). */
import type { CommandArgs } from "../command.js";

export const EVAL_OPTIONS = {
  trials: { type: "string" },
  shard: { type: "string" },
  out: { type: "string" },
  check: { type: "boolean", default: false },
  update: { type: "boolean", default: false },
  "lock-dir": { type: "string" },
  driver: { type: "string" },
  cache: { type: "string" },
  gate: { type: "string" },
  "harness-version": { type: "string" },
  judge: { type: "string" },
  threshold: { type: "string" },
  "require-effect": { type: "boolean", default: false },
  harness: { type: "string" },
  baseline: { type: "string" },
  "update-baseline": { type: "boolean", default: false },
  scaffold: { type: "boolean", default: false },
} as const;

/** The parsed arguments of `vigiles eval`. */
export type EvalCommandArgs = CommandArgs<typeof EVAL_OPTIONS>;
