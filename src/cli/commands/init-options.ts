/** The flags of `vigiles init`, shared by its declaration (./init.ts) and its run (./init-run.ts). */
import type { CommandArgs } from "../command.js";

export const INIT_OPTIONS = {
  out: { type: "string", default: "tests/vigiles" },
  runner: { type: "string" },
  ci: { type: "string" },
  shards: { type: "string", default: "4" },
  force: { type: "boolean", default: false },
} as const;

/** The parsed arguments of `vigiles init`. */
export type InitCommandArgs = CommandArgs<typeof INIT_OPTIONS>;
