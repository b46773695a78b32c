// Pins the one argument handling of every `vigiles` command (src/cli/command.ts, run by run-cli):
// --help and -h print the usage on stdout and exit 0; an unknown flag exits 2 with a message naming
// it on stderr and nothing on stdout. Runs the built CLI (dist) as a real process.
import { describe, expect, test } from "vitest";
import { runVigiles } from "../support/run-vigiles.js";
import { commands } from "../../dist/cli/commands.js";

const vigiles = (args: string[]) => runVigiles(args);

describe.concurrent("every registered command parses its arguments the same way", () => {
  const names = commands.map((c) => c.name);

  test("covers compile and eval too, which still parse their own flags", () => {
    expect(names).toEqual(expect.arrayContaining(["audit", "test", "doctor", "compile", "eval"]));
  });

  test.each(names)("vigiles %s --help and -h: the usage on stdout, exit 0", async (name) => {
    const [long, short] = await Promise.all([vigiles([name, "--help"]), vigiles([name, "-h"])]);
    for (const r of [long, short]) {
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage:\\s+vigiles ${name}\\b`));
      expect(r.stderr).toBe("");
    }
    expect(short.stdout).toBe(long.stdout);
  });

  test.each(names)("vigiles %s --no-such-flag: exit 2, the flag named on stderr", async (name) => {
    const r = await vigiles([name, "--no-such-flag"]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(new RegExp(`^vigiles ${name}: .*'--no-such-flag'`));
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  test.each([
    ["audit", "--format", "xml", "human, json, sarif"],
    ["lint", "--format", "xml", "human, json, sarif"],
    ["mutate", "--format", "xml", "text, json, html"],
    ["test", "--reporter", "xml", "default, list, junit, json, github-actions"],
  ])("vigiles %s %s %s: exit 2 naming the flag and its choices", async (name, flag, value, choices) => {
    const r = await vigiles([name, flag, value]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(`vigiles ${name}: ${flag} must be one of ${choices}, got "${value}".\n`);
  });

  test("a bad flag gets one hint line, not the whole usage", async () => {
    const bad = await vigiles(["audit", "--no-such-flag"]);
    expect(bad.stderr).toBe(
      `vigiles audit: ${bad.stderr.slice("vigiles audit: ".length).split("\n")[0]}\nRun \`vigiles audit --help\` for its options.\n`,
    );
  });
});
