/**
 * GitHub Copilot CLI's hook registrations in a repository: every `.github/hooks/*.json` (the pinned
 * 1.0.102 loads them all from the working directory, in name order here), flat entries
 * `{"type": "command", "bash": "…", "timeoutSec": N}` or Claude-style nested groups. Light to
 * import: no CLI, no package cache.
 */
import { globSync } from "tinyglobby";
import type { RegistrationReading } from "../../core/hook-config/registration.js";
import { readRegistrationFiles } from "../shared/read-registration-files.js";

/** Every Copilot command hook registered under `root`. */
export function copilotRegistrations(root: string): RegistrationReading {
  const files = globSync(".github/hooks/*.json", { cwd: root, dot: true }).sort();
  return readRegistrationFiles(
    root,
    files.map((path) => ({ harness: "copilot", source: "repository hooks", path })),
  );
}
