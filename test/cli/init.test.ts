// Pins `vigiles init`: it finds the hooks of a repository's settings and plugins and its skills,
// writes a starter test for each, keeps existing files, and the starter tests pass or fail
// honestly when run: a guard that blocks the example passes, one that lets it through fails.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const repoRoot = process.cwd();
const tsx = pathToFileURL(join(repoRoot, "node_modules/tsx/dist/loader.mjs")).href;
const cli = join(repoRoot, "src/cli/main.ts");
// Inside the repository (git-ignored), so the generated tests' `import "vigiles"` resolves.
const scratch = join(repoRoot, ".vigiles/tmp");
let repo: string;

function vigiles(args: string[]) {
  return spawnSync(process.execPath, ["--import", tsx, cli, ...args], { cwd: repo, encoding: "utf8" });
}

beforeAll(() => {
  mkdirSync(scratch, { recursive: true });
  repo = mkdtempSync(join(scratch, "init-"));
  mkdirSync(join(repo, ".claude/skills/deploy-notes"), { recursive: true });
  writeFileSync(
    join(repo, ".claude/settings.json"),
    JSON.stringify({
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: "sh $CLAUDE_PROJECT_DIR/guard.sh" }] },
        ],
        Stop: [{ hooks: [{ type: "command", command: "true" }] }],
      },
    }),
  );
  writeFileSync(
    join(repo, "guard.sh"),
    'grep -q "push --force" && { echo "no force push" >&2; exit 2; }; exit 0\n',
  );
  writeFileSync(
    join(repo, ".claude/skills/deploy-notes/SKILL.md"),
    "---\nname: deploy-notes\ndescription: Writes deploy notes for a release. Use when the user ships a release or asks what is deployed.\n---\nbody\n",
  );
  cpSync(join(repoRoot, "examples/guard-plugin"), join(repo, "plugins/guard-plugin"), {
    recursive: true,
    filter: (p) => !p.includes("/test") && !p.endsWith(".harness.mjs"),
  });
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe("vigiles init", () => {
  test("writes a starter per hook (settings and plugin) and per skill", () => {
    const r = vigiles(["init"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/5 hook\(s\), 3 skill\(s\)/);
    expect(r.stdout).toContain("wrote   tests/vigiles/01-pretooluse-bash.harness.mjs");
    const evalText = readFileSync(join(repo, "tests/vigiles/deploy-notes.eval.mjs"), "utf8");
    expect(evalText).toContain('skillsDir: ".claude/skills"');
    expect(evalText).toContain('skillResolved(t, "deploy-notes")');
  });

  test("the starters run: the guards that block their example pass, the honest failures fail", () => {
    const r = vigiles(["test", "tests/vigiles"]);
    // The settings guard and the plugin's Bash guard block `git push --force`; the Stop hooks and
    // the prompt hook answer within the contract.
    expect(r.stdout).toMatch(/5 passed, 0 failed/);
    // Now a guard that lets the example through: its starter must fail, not pass.
    writeFileSync(join(repo, "guard.sh"), "exit 0\n");
    const weak = vigiles(["test", "tests/vigiles/01-pretooluse-bash.harness.mjs"]);
    expect(weak.status).toBe(1);
    expect(weak.stdout).toMatch(/0 passed, 1 failed/);
  });

  test("a second run keeps existing files", () => {
    const r = vigiles(["init"]);
    expect(r.stdout).toContain("kept    tests/vigiles/01-pretooluse-bash.harness.mjs");
  });
});
