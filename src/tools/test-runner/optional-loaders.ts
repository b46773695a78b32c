/**
 * tsx, loaded only when a TypeScript file must run (a `.harness.ts`, a `vigiles.config.ts`): it is
 * an optional peer, so a project of JavaScript harness files installs without it. Resolved from
 * the project first, then from vigiles' own install.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { OptionalDependencyMissingError } from "../../runtime/optional-package.js";

export { OptionalDependencyMissingError } from "../../runtime/optional-package.js";

/** The URL of tsx's ESM loader (`node --import <it>`), or an OptionalDependencyMissingError. */
export async function loadTsxLoader(cwd: string = process.cwd()): Promise<string> {
  for (const from of [pathToFileURL(join(cwd, "package.json")).href, import.meta.url]) {
    try {
      return pathToFileURL(createRequire(from).resolve("tsx")).href;
    } catch {
      // Not resolvable from there; try the next place.
    }
  }
  throw new OptionalDependencyMissingError("tsx", "Running a TypeScript harness file (.harness.ts)");
}
