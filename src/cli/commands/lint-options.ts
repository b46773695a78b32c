/** The flags of `vigiles lint`, shared by its declaration (./lint.ts) and its run (./lint-run.ts). */
import type { CommandArgs } from "../command.js";

export const LINT_OPTIONS = {
  format: { type: "string", default: "human" },
} as const;

/** The parsed arguments of `vigiles lint`. */
export type LintCommandArgs = CommandArgs<typeof LINT_OPTIONS>;
