// Pins `vigiles init`: it finds the hooks of a repository's settings and plugins and its skills,
// writes a starter test for each (the plugin's hooks for Copilot CLI too, which loads it), keeps existing files, and the starters pass or skip out of the
// box (never fail on a guess): the contract tests run, the verdict tests are test.skip. Once the
// user turns a verdict test on, it passes or fails honestly, naming the event it sent.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const repoRoot = process.cwd();
const cli = join(repoRoot, "dist/cli/main.js");
// Inside the repository (git-ignored), so the generated tests' `import "vigiles"` resolves.
const scratch = join(repoRoot, ".vigiles/tmp");
let repo: string;

function vigiles(args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], { cwd: repo, encoding: "utf8" });
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
    expect(r.stdout).toMatch(/8 hook\(s\), 3 skill\(s\)/);
    expect(r.stdout).toContain("wrote   tests/vigiles/claude-code-01-pretooluse-bash.harness.mjs");
    const evalText = readFileSync(join(repo, "tests/vigiles/deploy-notes.eval.mjs"), "utf8");
    expect(evalText).toContain('skillsDir: ".claude/skills"');
    expect(evalText).toContain('skillResolved(t, "deploy-notes")');
  });

  test("out of the box every starter passes or skips: the contract tests run, the verdicts are skipped", () => {
    const r = vigiles(["test", "tests/vigiles"]);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ Test Files {2}8 passed\b/m);
    // The settings guard gets the Bash event its matcher selects, run through the hook for real.
    expect(r.stdout).toMatch(
      /✓ PreToolUse hook answers Bash "git push --force origin main" within the contract/,
    );
    expect(r.stdout).toMatch(/- PreToolUse hook blocks Bash .*git push --force origin main.* skipped/);
    expect(r.stdout).toMatch(/✓ Stop hook answers a Stop event within the contract/);
    expect(r.stdout).toMatch(/^ {6}Tests {2}\d+ passed \| \d+ skipped \(\d+\)$/m);
  });

  test("a verdict test turned on passes on a guard that blocks and fails, naming the event, on one that does not", () => {
    const file = join(repo, "tests/vigiles/claude-code-01-pretooluse-bash.harness.mjs");
    const starter = readFileSync(file, "utf8");
    writeFileSync(file, starter.replace('test.skip("PreToolUse hook blocks', 'test("PreToolUse hook blocks'));
    const strong = vigiles(["test", "tests/vigiles/claude-code-01-pretooluse-bash.harness.mjs"]);
    expect(strong.stdout).toMatch(/✓ PreToolUse hook blocks Bash/);
    expect(strong.status).toBe(0);
    writeFileSync(join(repo, "guard.sh"), "exit 0\n");
    const weak = vigiles(["test", "tests/vigiles/claude-code-01-pretooluse-bash.harness.mjs"]);
    expect(weak.status).toBe(1);
    expect(weak.stdout).toMatch(/✗ PreToolUse hook blocks Bash/);
    expect(weak.stdout).toContain('event sent: {"hook_event_name":"PreToolUse","tool_name":"Bash"');
    // A guard that crashes on the example fails its contract test, skipped verdicts or not.
    writeFileSync(join(repo, "guard.sh"), "echo boom >&2; exit 3\n");
    writeFileSync(file, starter);
    const broken = vigiles(["test", "tests/vigiles/claude-code-01-pretooluse-bash.harness.mjs"]);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(/the hook failed \(exit 3\): boom/);
    writeFileSync(
      join(repo, "guard.sh"),
      'grep -q "push --force" && { echo "no force push" >&2; exit 2; }; exit 0\n',
    );
  });

  test("a second run keeps existing files", () => {
    const r = vigiles(["init"]);
    expect(r.stdout).toContain("kept    tests/vigiles/claude-code-01-pretooluse-bash.harness.mjs");
  });
});
