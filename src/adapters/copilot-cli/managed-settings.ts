/**
 * Copilot CLI 1.0.102 reads machine-wide managed settings on Linux from
 * `/etc/github-copilot/managed-settings.json` and the policy files under `/etc/github-copilot/policy.d`
 * (strings of its runtime). They outrank every layer vigiles writes and can register hooks vigiles
 * would never record or fix the model and provider, so an unconfined run refuses to start while any
 * exist (a confined run masks the folder, runtime/confine-mounts.ts). What they contain is not
 * parsed: any file there counts.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The environment variable naming the folder of Copilot's managed settings vigiles reads (default /etc/github-copilot). */
export const COPILOT_MANAGED_DIR_ENV = "VIGILES_COPILOT_MANAGED_DIR";
export const COPILOT_MANAGED_DIR = "/etc/github-copilot";

/** The managed settings files present, as `<file> is managed policy` lines; empty when there are none. */
export function findCopilotManagedSettings(
  dir: string = process.env[COPILOT_MANAGED_DIR_ENV] ?? COPILOT_MANAGED_DIR,
): string[] {
  const found: string[] = [];
  const file = join(dir, "managed-settings.json");
  if (existsSync(file))
    found.push(`${file} is managed policy (it outranks vigiles' settings and may register hooks)`);
  const policyDir = join(dir, "policy.d");
  let entries: string[] = [];
  try {
    entries = statSync(policyDir).isDirectory() ? readdirSync(policyDir) : [];
  } catch {
    entries = [];
  }
  for (const name of entries.sort()) {
    found.push(
      `${join(policyDir, name)} is managed policy (it outranks vigiles' settings and may register hooks)`,
    );
  }
  return found;
}
