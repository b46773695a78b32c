/**
 * Whether a hook file is the user's own rather than shared by committing it: local settings
 * (`settings.local.json`, which the harness keeps out of version control), a harness folder in the
 * user's home directory (user-level settings), or a file the repository's git ignores (written on
 * this machine by an install step, never committed). Rules about what breaks on another machine
 * (`home-path-in-shared-hook`) leave such files alone.
 */
import { spawnSync } from "node:child_process";
import { homedir } from "node:os";
import { dirname, resolve } from "node:path";
import type { AuditHookFile } from "../../adapters/harness-entry.js";

/** Git ignores the file (exit 0 of `git check-ignore`); false outside a repository or without git. */
function gitIgnores(path: string): boolean {
  const r = spawnSync("git", ["check-ignore", "-q", path], {
    cwd: dirname(path),
    stdio: "ignore",
    timeout: 10_000,
  });
  return r.status === 0;
}

export function isPersonalHookFile(
  file: AuditHookFile,
  home: string = homedir(),
  ignored: (path: string) => boolean = gitIgnores,
): boolean {
  if (file.source === "local settings") return true;
  // A user-level file: the harness's marker folder sits in HOME itself (`~/.<harness>/…`).
  if (resolve(dirname(dirname(file.path))) === resolve(home)) return true;
  return ignored(file.path);
}
