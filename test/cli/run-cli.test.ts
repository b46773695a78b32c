// Pins the dispatcher (src/cli/run-cli.ts): `help <command>`, "did you mean" for a mistyped command
// or flag (instead of node's parseArgs advice to use `--`), the lazily loaded registry whose
// summaries match the modules, and the closest-name rule itself.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { commands } from "../../dist/cli/commands.js";
import { closestName, editDistance } from "../../src/core/did-you-mean.js";

const main = join(process.cwd(), "dist/cli/main.js");
const vigiles = (args: string[]) => spawnSync(process.execPath, [main, ...args], { encoding: "utf8" });

describe("did you mean", () => {
  test("edit distance counts inserts, deletes and substitutions", () => {
    expect(editDistance("test", "test")).toBe(0);
    expect(editDistance("tset", "test")).toBe(2);
    expect(editDistance("audi", "audit")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
  });

  test("the closest name within a third of the length, a unique prefix, or nothing", () => {
    const names = ["test", "doctor", "init", "explain", "audit", "merge-reports"];
    expect(closestName("tset", names)).toBe("test");
    expect(closestName("expalin", names)).toBe("explain");
    expect(closestName("merge", names)).toBe("merge-reports");
    expect(closestName("deploy", names)).toBeUndefined();
  });

  test("an unknown command names the closest one, exit 2", () => {
    const r = vigiles(["tset"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'vigiles: unknown command "tset". Did you mean "test"? Run `vigiles --help` for the list.\n',
    );
  });

  test("an unknown flag names the closest flag, not node's `--` advice", () => {
    const r = vigiles(["test", "--reportr", "junit"]);
    expect(r.status).toBe(2);
    expect(r.stderr.split("\n")[0]).toBe(
      "vigiles test: Unknown option '--reportr'. Did you mean '--reporter'?",
    );
    expect(r.stderr).not.toContain("positional argument");
  });
});

describe("help", () => {
  test("`vigiles help <command>` prints that command's usage, exit 0", () => {
    const viaHelp = vigiles(["help", "audit"]);
    expect(viaHelp.status).toBe(0);
    expect(viaHelp.stdout).toBe(vigiles(["audit", "--help"]).stdout);
    expect(viaHelp.stdout).toMatch(/^Usage: vigiles audit/);
  });

  test("`vigiles help <unknown>` is the unknown-command error", () => {
    const r = vigiles(["help", "tset"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/Did you mean "test"/);
  });

  test("`vigiles --help` lists every command with the summary its module declares", async () => {
    const r = vigiles(["--help"]);
    expect(r.status).toBe(0);
    for (const entry of commands) {
      const command = await entry.load();
      expect(command.name).toBe(entry.name);
      expect(command.summary).toBe(entry.summary);
      expect(r.stdout).toContain(`${entry.name}`);
      expect(r.stdout).toContain(entry.summary);
    }
  });
});
