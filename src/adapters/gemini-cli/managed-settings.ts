/**
 * Gemini CLI 0.61.0's machine-wide folder on Linux, `/etc/gemini-cli`: system settings
 * (`settings.json`), system defaults and admin policies (`policies/*.toml`). vigiles points the
 * settings paths elsewhere (GEMINI_CLI_SYSTEM_SETTINGS_PATH), but the policies folder is fixed
 * (`Storage.getSystemPoliciesDir()` joins the hard-coded folder): a policy denying `run_shell_command`
 * makes a guard test pass with no hook. So an unconfined run refuses to start while the folder holds
 * any file (a confined run masks it, runtime/confine-mounts.ts). What they contain is not parsed.
 */
import { findManagedFiles } from "../../runtime/managed-files.js";

/** The environment variable naming the folder vigiles reads instead (tests); default /etc/gemini-cli. */
export const GEMINI_MANAGED_DIR_ENV = "VIGILES_GEMINI_MANAGED_DIR";
export const GEMINI_MANAGED_DIR = "/etc/gemini-cli";

/** The machine-wide settings and policy files present, one line each; empty when there are none. */
export function findGeminiManagedSettings(
  dir: string = process.env[GEMINI_MANAGED_DIR_ENV] ?? GEMINI_MANAGED_DIR,
): string[] {
  return findManagedFiles(dir);
}
