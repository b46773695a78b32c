// A throwaway project for compile tests: vigiles "installed" as node_modules/vigiles (a link to this
// repository, so the programs' `import "vigiles/hook"` resolves to its dist/), programs copied in.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const programsDir = fileURLToPath(new URL("./programs", import.meta.url));
export const distRuntime = join(repoRoot, "dist/tiers/hook-program/runtime.js");
export const distCli = join(repoRoot, "dist/cli/main.js");

export function requireDist(): void {
  if (!existsSync(distRuntime) || !existsSync(join(repoRoot, "dist/entries/hook.js"))) {
    throw new Error(
      `these tests run the built runtime: ${distRuntime} is missing; run \`npm run build\` first (npm test does).`,
    );
  }
}

export interface Project {
  readonly dir: string;
  /** The runtime as an installed copy would have it, under the project's node_modules. */
  readonly runtime: string;
  cleanup(): void;
}

export function makeProject(programs: readonly string[], hooksDir = ".vigiles/hooks"): Project {
  const dir = mkdtempSync(join(tmpdir(), "vigiles-compile-"));
  mkdirSync(join(dir, "node_modules"), { recursive: true });
  symlinkSync(repoRoot, join(dir, "node_modules/vigiles"), "dir");
  mkdirSync(join(dir, hooksDir), { recursive: true });
  for (const p of programs) cpSync(join(programsDir, p), join(dir, hooksDir, p));
  return {
    dir,
    runtime: join(dir, "node_modules/vigiles/dist/tiers/hook-program/runtime.js"),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
