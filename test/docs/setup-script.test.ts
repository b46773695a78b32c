// Pins the README's first command (`sh scripts/setup.sh`) where it cannot install bubblewrap: no
// bwrap, no apt-get, no sudo on PATH. It says in one line what to run and stops before npm (the
// quick start would fail confined runs). Its install branch is what .ci/run does on every CI run.
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, expect, test } from "vitest";
import { commandsUnder } from "../support/readme-commands.js";

const bin = mkdtempSync(join(tmpdir(), "vigiles-setup-bin-"));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

test("no bubblewrap and no way to install it: one line saying what to run, exit 1, npm not run", () => {
  // sh, id and dirname only; a fake npm that would say it ran (it must not).
  for (const p of ["/bin/sh", "/usr/bin/id", "/usr/bin/dirname"])
    symlinkSync(p, join(bin, p.split("/").at(-1) ?? p));
  symlinkSync("/bin/echo", join(bin, "npm"));
  const r = spawnSync("/bin/sh", ["scripts/setup.sh"], { encoding: "utf8", env: { PATH: bin } });
  expect(r.status).toBe(1);
  expect(r.stdout).toBe("");
  expect(r.stderr.trim().split("\n")).toEqual([
    "setup: confinement needs bubblewrap, and it cannot be installed from here: run `sudo apt-get install -y bubblewrap` (Fedora: `sudo dnf install bubblewrap`), then `sh scripts/setup.sh` again.",
  ]);
});

test("the README's contributor setup is this script, then the tests", () => {
  const commands = commandsUnder("## Working on vigiles");
  expect(commands).toEqual(["sh scripts/setup.sh", "npm test"]);
});
