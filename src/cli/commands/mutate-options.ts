/** The flags of `vigiles mutate`, shared by its declaration (./mutate.ts) and its run (./mutate-run.ts). */
import type { CommandArgs } from "../command.js";

export const MUTATE_OPTIONS = {
  root: { type: "string" },
  command: { type: "string" },
  concurrency: { type: "string" },
  since: { type: "string" },
  "min-score": { type: "string" },
  format: { type: "string", default: "text" },
  out: { type: "string" },
  timeout: { type: "string" },
  "no-speculate": { type: "boolean" },
} as const;

/** The parsed arguments of `vigiles mutate`. */
export type MutateCommandArgs = CommandArgs<typeof MUTATE_OPTIONS>;
