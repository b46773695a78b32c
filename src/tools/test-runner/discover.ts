/**
 * Finds harness test files: `*.harness.{mjs,js,mts,ts}` under the given paths, the way `vigiles test`
 * sees them. A path that names a file is taken as it is.
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { globSync } from "tinyglobby";
import { VigilesError } from "../../core/errors.js";

export const HARNESS_FILE_PATTERN = "**/*.harness.{mjs,js,mts,ts}";
const IGNORED = ["**/node_modules/**", "**/dist/**", "**/.git/**"];

export class TestPathNotFoundError extends VigilesError {
  constructor(path: string) {
    super(
      "VIGILES_TEST_PATH_NOT_FOUND",
      `No file or folder at "${path}". Pass paths that exist, or none to search the current folder.`,
    );
  }
}

/** Absolute paths of the harness files under `paths` (default: the current folder), sorted, without duplicates. */
export function discoverHarnessFiles(paths: readonly string[], cwd: string = process.cwd()): string[] {
  const found = new Set<string>();
  for (const path of paths.length > 0 ? paths : ["."]) {
    const absolute = resolve(cwd, path);
    let isDirectory: boolean;
    try {
      isDirectory = statSync(absolute).isDirectory();
    } catch {
      throw new TestPathNotFoundError(path);
    }
    if (!isDirectory) {
      found.add(absolute);
      continue;
    }
    for (const file of globSync(HARNESS_FILE_PATTERN, { cwd: absolute, absolute: true, ignore: IGNORED })) {
      found.add(file);
    }
  }
  return [...found].sort();
}
