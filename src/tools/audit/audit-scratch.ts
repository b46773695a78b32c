/**
 * Where `vigiles audit --run` runs hooks: a copy of the audited tree, a private HOME and TMPDIR, all
 * under one temp dir removed at the end. A hook that writes into its plugin dir, `~/.claude` or
 * `/tmp` (one official plugin pip-installs a venv into `~/.claude`) changes the copy and the
 * private dirs, never the audited tree or the invoking user's home.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { HARNESSES } from "../../adapters/registry.js";
import { makeTempDir, removeTempDir } from "../../runtime/temp-dir.js";

/** The scratch area of one dynamic audit. */
export interface AuditScratch {
  /** The copy of the audited tree: the hooks' cwd and `CLAUDE_PROJECT_DIR`. */
  readonly tree: string;
  /**
   * A private HOME and TMPDIR for one hook, kept across its probes (state it writes on one call, a
   * venv, a marker file, is there on the next, as in a session) and apart from every other hook's,
   * so hooks run at once never race on one file.
   */
  privateDirs(): { readonly home: string; readonly tmp: string };
  /** A path under the audited root, moved to the copy (a path outside it is returned as is). */
  toCopy(path: string): string;
  /** Text with every mention of the copy's paths put back as the audited root's (stable messages). */
  fromCopy(text: string): string;
  /** Removes everything. */
  dispose(): void;
}

/**
 * What a user's HOME holds when a hook runs: every harness's own dirs (the registry's `homeDirs`:
 * `~/.claude/projects` …) and the XDG dirs, so a hook that logs under them does not fail on a
 * missing parent as it never would on a real machine.
 */
const HOME_DIRS: readonly string[] = [
  ...HARNESSES.flatMap((h) => h.homeDirs ?? []),
  ".config",
  ".cache",
  ".local/share",
  ".local/state",
];

/** Directories not copied: a VCS store is large and no hook needs its history (a fresh `git init` stands in). */
const SKIPPED = new Set([".git", ".hg", ".svn"]);

/** A confined run's own HOME, TMPDIR or work dir (random names): masked so messages are the same on every run. */
const PRIVATE_DIR = /[^\s'"]*\/vigiles-(home|tmp|work)-[A-Za-z0-9]+/g;

/** Copies `root` into a fresh scratch area. */
export function makeAuditScratch(root: string): AuditScratch {
  const base = makeTempDir("vigiles-audit-");
  try {
    const tree = join(base, "tree");

    cpSync(root, tree, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (src) => !SKIPPED.has(basename(src)) || src === root,
    });
    // Hooks that ask git about the project (`git diff`, the branch) see a repository, as in a session.
    if (existsSync(join(root, ".git"))) {
      spawnSync("git", ["init", "-q"], { cwd: tree, stdio: "ignore", timeout: 10_000 });
    }
    const toCopy = (path: string): string => {
      const rel = relative(root, path);
      return rel === "" ? tree : rel.startsWith("..") || rel.startsWith("/") ? path : join(tree, rel);
    };
    let hooks = 0;
    return {
      tree,
      privateDirs: () => {
        const n = hooks++;
        const home = join(base, `home-${n}`);
        const tmp = join(base, `tmp-${n}`);
        mkdirSync(home);
        mkdirSync(tmp);
        for (const dir of HOME_DIRS) mkdirSync(join(home, dir), { recursive: true });
        return { home, tmp };
      },
      toCopy,
      fromCopy: (text) =>
        text.split(tree).join(root).split(base).join("<audit-temp>").replace(PRIVATE_DIR, "<private-$1>"),
      dispose: () => removeTempDir(base),
    };
  } catch (error) {
    removeTempDir(base);
    throw error;
  }
}
