/**
 * A STAND-IN "CLI" for unit tests of vigiles' reading of a run that is no run (allowed there, and
 * each test using it says so): a shell script that answers `--version` with `version`, runs `body`
 * and exits 0 without asking the model anything, as a wrapper or a wrong binary would.
 */
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Writes the stand-in as `dir/name` (executable) and returns its path. */
export function standInCli(dir: string, name: string, version: string, body = ":"): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    `#!/bin/sh\nif [ "$1" = "--version" ]; then echo "${version}"; exit 0; fi\n${body}\nexit 0\n`,
  );
  chmodSync(path, 0o755);
  return path;
}
