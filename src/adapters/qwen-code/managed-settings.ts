/**
 * Qwen Code 0.24.4's machine-wide folder on Linux, `/etc/qwen-code` (system settings and system
 * defaults). vigiles points both paths elsewhere (QWEN_CODE_SYSTEM_SETTINGS_PATH), and a confined
 * run masks the folder too; an unconfined run refuses to start while it holds any file, as for
 * the other harnesses, in case another file there is read by a path vigiles cannot redirect.
 */
import { findManagedFiles } from "../../runtime/managed-files.js";

/** The environment variable naming the folder vigiles reads instead (tests); default /etc/qwen-code. */
export const QWEN_MANAGED_DIR_ENV = "VIGILES_QWEN_MANAGED_DIR";
export const QWEN_MANAGED_DIR = "/etc/qwen-code";

/** The machine-wide settings files present, one line each; empty when there are none. */
export function findQwenManagedSettings(
  dir: string = process.env[QWEN_MANAGED_DIR_ENV] ?? QWEN_MANAGED_DIR,
): string[] {
  return findManagedFiles(dir);
}
