/** The flags of `vigiles facts`, shared by its declaration (./facts.ts) and its run (./facts-run.ts). */
import type { CommandArgs } from "../command.js";

export const FACTS_OPTIONS = {
  harness: { type: "string" },
  version: { type: "string" },
  format: { type: "string", default: "text" },
  only: { type: "string" },
  concurrency: { type: "string" },
  compare: { type: "string" },
} as const;

/** The parsed arguments of `vigiles facts`. */
export type FactsCommandArgs = CommandArgs<typeof FACTS_OPTIONS>;
