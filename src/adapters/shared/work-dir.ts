/** Writing a run's files: every path a spec names stays inside the directory it is written to. */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, normalize, sep } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";

/**
 * `root/rel`, refusing a `rel` that is absolute or climbs out of `root` (`what` names it in the
 * error: "fixture", "skill", "agent").
 */
export function joinInside(root: string, rel: string, what = "fixture"): string {
  const norm = normalize(rel);
  if (isAbsolute(rel) || norm === ".." || norm.startsWith(`..${sep}`)) {
    throw new InvalidOptionError(
      `${what} path ${JSON.stringify(rel)} leaves the work dir; use a relative path inside it`,
    );
  }
  return join(root, norm);
}

/** Writes `text` to `path`, making its parent directories first. */
export async function writeFileMakingDirs(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}
