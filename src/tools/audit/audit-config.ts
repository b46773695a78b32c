/**
 * The `audit` section of `vigiles.config.*`: per-rule severity, as a linter's config gives it
 * (`"off"`, `"warn"`, `"error"`), and the default baseline file.
 */
import { z } from "zod";

/** What a rule can be set to: dropped, reported without failing, or failing the audit. */
export type AuditRuleSetting = "off" | "warn" | "error";

/** The audit section's schema; config.ts validates the whole file with it. */
export const auditConfigSchema = z
  .object({
    /** Per-rule severity, by rule id (`vigiles audit --rules` lists them). */
    rules: z.record(z.string(), z.enum(["off", "warn", "error"])).optional(),
    /** The baseline file `--baseline` reads and `--update-baseline` writes, relative to the config file. */
    baseline: z.string().min(1).optional(),
  })
  .strict();

/** What the audit section of a config file gives `vigiles audit`. */
export type VigilesAuditConfig = z.infer<typeof auditConfigSchema>;
