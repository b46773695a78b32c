/**
 * What a confined run binds to start a harness CLI: the CLI's own package, never the folder a link
 * to it sits in. `harnessPath: "~/gemini"` (a link to the bundle) once bound `~` back over the HOME
 * mask, and the agent's Bash read `~/.ssh`.
 */
import { existsSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";

export interface ConfinedCli {
  /** The CLI's real path (links followed): the path to run it by inside, where a link in HOME is hidden. */
  readonly program: string;
  /** What to bind read-only: the package that holds the CLI, or the file alone. */
  readonly readOnly: string;
}

const within = (path: string, root: string): boolean =>
  root === "/" || path === root || path.startsWith(`${root}/`);

/**
 * The CLI at `path` as a confined run starts it: its real path, and the nearest folder above it
 * with a package.json (its package: a node CLI loads its siblings) unless that folder is, or holds,
 * one of `homes`; then the file alone (a single binary runs from it; a script whose siblings stay
 * hidden fails inside, and reads nothing of HOME).
 *
 * @example
 * const cli = confinedCli(harness.path, hostHomes()); // { program: ".../bundle/gemini.js", readOnly: ".../gemini-cli" }
 */
export function confinedCli(path: string, homes: readonly string[]): ConfinedCli {
  const program = realpathSync(path);
  const realHomes = homes.flatMap((h) => {
    try {
      return [realpathSync(h)];
    } catch {
      return [];
    }
  });
  const holdsHome = (dir: string): boolean => realHomes.some((h) => within(h, dir));
  for (let dir = dirname(program); dir !== dirname(dir); dir = dirname(dir)) {
    if (holdsHome(dir)) break;
    if (existsSync(join(dir, "package.json"))) return { program, readOnly: dir };
  }
  return { program, readOnly: program };
}
