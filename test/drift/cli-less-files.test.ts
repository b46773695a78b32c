// Pins that a harness file which never starts a CLI (a runHook or runScript file) runs once under
// `vigiles test --harness-version a,b`, not once per release, and is left out of the "changed outcome"
// list (issue 32: it was run and credited once per release). Stand-in files, no real CLI: the
// "CLI-starting" one creates the file VIGILES_CLI_STARTED_FILE names, as resolveRunHarness does when a
// run starts a CLI; each appends to a counter so the runs are counted. The two releases are the pinned
// ones, resolved from node_modules (no registry).
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, test } from "vitest";
import { findHarness } from "../../src/adapters/registry.js";

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "vigiles-cli-less-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test(
  "a file that starts no CLI runs once across two releases; one that does runs in each",
  { timeout: 180_000 },
  async () => {
    const project = join(dir, "project");
    mkdirSync(project, { recursive: true });
    const count = (name: string) =>
      `import { appendFileSync } from "node:fs";\nappendFileSync(${JSON.stringify(join(dir, name))}, "x");\n`;
    writeFileSync(join(project, "hook-only.harness.mjs"), count("hook-only.count"));
    writeFileSync(
      join(project, "with-cli.harness.mjs"),
      `${count("with-cli.count")}import { writeFileSync } from "node:fs";\nwriteFileSync(process.env.VIGILES_CLI_STARTED_FILE, "");\n`,
    );
    const claude = findHarness("claude-code")!.package.version;
    const codex = findHarness("codex")!.package.version;
    const { stdout } = await run(
      process.execPath,
      [
        "--import",
        import.meta.resolve("tsx"),
        join(process.cwd(), "src/cli/main.ts"),
        "test",
        "--harness-version",
        `claude-code@${claude},codex@${codex}`,
        ".",
      ],
      { cwd: project, env: { ...process.env, VIGILES_HARNESS_VERSION: "" } },
    );
    expect(readFileSync(join(dir, "hook-only.count"), "utf8")).toBe("x");
    expect(readFileSync(join(dir, "with-cli.count"), "utf8")).toBe("xx");
    expect(stdout).toMatch(
      /1 file\(s\) started no harness CLI, so ran once, not once per release: hook-only\.harness\.mjs/,
    );
    expect(stdout).toMatch(/no file changed outcome between/);
  },
);
