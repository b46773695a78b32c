/** The flags of `vigiles explain`, shared by its declaration (./explain.ts) and its run (./explain-run.ts). */
import type { CommandArgs } from "../command.js";

export const EXPLAIN_OPTIONS = {
  tool: { type: "string" },
  command: { type: "string" },
  "file-path": { type: "string" },
  event: { type: "string" },
  prompt: { type: "string" },
  source: { type: "string" },
  trigger: { type: "string" },
  "notification-type": { type: "string" },
  "plugin-dir": { type: "string", multiple: true },
  "managed-dir": { type: "string" },
  run: { type: "boolean", default: false },
  "no-sandbox": { type: "boolean", default: false },
  format: { type: "string", default: "text" },
  harness: { type: "string" },
  "harness-version": { type: "string" },
} as const;

/** The parsed arguments of `vigiles explain`. */
export type ExplainCommandArgs = CommandArgs<typeof EXPLAIN_OPTIONS>;
