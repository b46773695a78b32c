/**
 * A STAND-IN "CLI" for unit tests of vigiles' reading of a run that is no run (allowed there, and
 * each test using it says so): a shell script that answers `--version` (and `--binary-version`) with `version`, runs `body`
 * and exits 0 without asking the model anything, as a wrapper or a wrong binary would.
 */
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Writes the stand-in as `dir/name` (executable) and returns its path. */
export function standInCli(dir: string, name: string, version: string, body = ":"): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    // `--binary-version`: how Copilot CLI's own version is read (its `--version` loads a package).
    `#!/bin/sh\ncase "$1" in --version|--binary-version) echo "${version}"; exit 0;; esac\n${body}\nexit 0\n`,
  );
  chmodSync(path, 0o755);
  return path;
}
