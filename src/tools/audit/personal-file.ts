/**
 * Whether a hook file is the user's own rather than shared by committing it: local settings
 * (`settings.local.json`, which the harness keeps out of version control), or a harness folder in
 * the user's home directory (user-level settings). Rules about what breaks on another machine
 * (`home-path-in-shared-hook`) leave such files alone.
 */
import { homedir } from "node:os";
import { dirname, resolve } from "node:path";
import type { AuditHookFile } from "../../adapters/harness-entry.js";

export function isPersonalHookFile(file: AuditHookFile, home: string = homedir()): boolean {
  if (file.source === "local settings") return true;
  // A user-level file: the harness's marker folder sits in HOME itself (`~/.<harness>/…`).
  return resolve(dirname(dirname(file.path))) === resolve(home);
}
