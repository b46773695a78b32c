// Pins issue 29 §4: a mutant's copy links the user's node_modules entry by entry, so what a run
// writes into node_modules (a hook's cache under .cache, a new entry) stays in the copy, where a
// symlink to the whole folder let 9 runs' lines into the user's node_modules/.cache. The linked
// packages still resolve from the copy, and removing the copy leaves the user's folder as it was.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { makeMutantCopy, removeCopy } from "../../src/tools/mutate/copy.js";

const user = mkdtempSync(join(tmpdir(), "vigiles-copy-user-"));
afterAll(() => rmSync(user, { recursive: true, force: true }));

function userTree(): void {
  mkdirSync(join(user, "node_modules", "pkg"), { recursive: true });
  writeFileSync(join(user, "node_modules", "pkg", "index.js"), "module.exports = 1;\n");
  mkdirSync(join(user, "node_modules", ".cache", "hook"), { recursive: true });
  writeFileSync(join(user, "node_modules", ".cache", "hook", "runs.log"), "the user's own line\n");
  mkdirSync(join(user, "packages", "a", "node_modules", "dep"), { recursive: true });
  writeFileSync(join(user, "packages", "a", "node_modules", "dep", "index.js"), "");
  writeFileSync(join(user, "package.json"), '{"name": "user"}\n');
}

describe("a mutant's copy and the user's node_modules", () => {
  test("writes under the copy's node_modules (.cache, a new entry, a nested node_modules) never reach the user's", () => {
    userTree();
    for (let run = 1; run <= 3; run++) {
      const copy = makeMutantCopy(user);
      try {
        const cache = join(copy.root, "node_modules", ".cache", "hook");
        // A fresh cache per copy: the user's own .cache is not shown to the mutant either.
        expect(existsSync(cache)).toBe(false);
        mkdirSync(cache, { recursive: true });
        writeFileSync(join(cache, "runs.log"), `run ${run}\n`, { flag: "a" });
        writeFileSync(join(copy.root, "node_modules", "new-entry"), "x");
        mkdirSync(join(copy.root, "packages", "a", "node_modules", ".cache"));
        // The packages are still there, through the links.
        expect(readFileSync(join(copy.root, "node_modules", "pkg", "index.js"), "utf8")).toBe(
          "module.exports = 1;\n",
        );
        expect(existsSync(join(copy.root, "packages", "a", "node_modules", "dep", "index.js"))).toBe(true);
      } finally {
        removeCopy(copy);
      }
    }
    expect(readFileSync(join(user, "node_modules", ".cache", "hook", "runs.log"), "utf8")).toBe(
      "the user's own line\n",
    );
    expect(readdirSync(join(user, "node_modules")).sort()).toEqual([".cache", "pkg"]);
    expect(readdirSync(join(user, "packages", "a", "node_modules"))).toEqual(["dep"]);
  });
});

// Issue 29 §4: a run that found nothing to mutate exited 0 as a pass. It says so and exits 1; with
// --since, nothing changed since the revision is the documented pass (exit 0), still said.
describe("vigiles mutate with nothing to mutate", () => {
  const main = join(process.cwd(), "dist", "cli", "main.js");
  test("no hook, program, skill or agent: exit 1, said on stderr; with --since and nothing changed: exit 0, said", () => {
    const empty = mkdtempSync(join(tmpdir(), "vigiles-mutate-empty-"));
    try {
      writeFileSync(join(empty, "README.md"), "nothing here\n");
      const r = spawnSync(process.execPath, [main, "mutate", "--root", empty], { encoding: "utf8" });
      expect(r.stderr).toMatch(
        /vigiles mutate: nothing to mutate \(no hook, program, skill or agent found\); no mutant was tested\./,
      );
      expect(r.status).toBe(1);
      const git = (...args: string[]) =>
        spawnSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", ...args], { cwd: empty });
      git("init", "-q");
      git("add", "-A");
      git("commit", "-q", "-m", "empty");
      const since = spawnSync(process.execPath, [main, "mutate", "--root", empty, "--since", "HEAD"], {
        encoding: "utf8",
      });
      expect(since.stderr).toMatch(
        /nothing to mutate \(no hook, program, skill or agent file changed since HEAD\)/,
      );
      expect(since.status).toBe(0);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);
});
