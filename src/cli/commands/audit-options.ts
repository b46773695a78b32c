/** The flags of `vigiles audit`, shared by its declaration (./audit.ts) and its run (./audit-run.ts). */
import type { CommandArgs } from "../command.js";

export const AUDIT_OPTIONS = {
  format: { type: "string", default: "human" },
  fix: { type: "boolean", default: false },
  run: { type: "boolean", default: false },
  // Kept for old scripts: confinement is the default of --run now.
  confine: { type: "boolean", default: false },
  "no-sandbox": { type: "boolean", default: false },
  probes: { type: "string" },
  "max-run-ms": { type: "string" },
  coverage: { type: "boolean", default: false },
  "coverage-dir": { type: "string" },
  rules: { type: "boolean", default: false },
  "harness-version": { type: "string" },
  config: { type: "string" },
  baseline: { type: "string" },
  "update-baseline": { type: "boolean", default: false },
} as const;

/** The parsed arguments of `vigiles audit`. */
export type AuditCommandArgs = CommandArgs<typeof AUDIT_OPTIONS>;
