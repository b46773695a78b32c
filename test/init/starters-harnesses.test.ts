// Pins the starters `vigiles init` writes for every harness of one repository (issue 31), run by
// the real `vigiles test` (dist): a Claude Code plugin with a PreToolUse hook on EnterPlanMode and a
// SessionStart hook that adds context, which Copilot CLI runs too (a Copilot starter per plugin
// hook); Gemini CLI's SessionStart and BeforeTool hooks; a Codex guard. Every starter passes or skips
// with a reason; file names carry the harness id; a context hook gets a context check and no "blocks"
// suggestion (the event cannot block, read from the dialect); Gemini's SessionStart starter sends a
// `source`, so un-skipped it passes; the skill's eval skeleton is skipped with the gate's reason, and
// a second init with another runner and folder writes no second skeleton.
import { spawnSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";

const repoRoot = process.cwd();
const cli = join(repoRoot, "dist/cli/main.js");
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

const write = (dir: string, path: string, text: string) => {
  mkdirSync(join(dir, path, ".."), { recursive: true });
  writeFileSync(join(dir, path), text);
};
const hooks = (groups: Record<string, unknown[]>) => JSON.stringify({ hooks: groups });
const command = (c: string) => ({ type: "command", command: c });

function project(): string {
  const dir = mkdtempSync(join("/tmp", "vigiles-init-harnesses-"));
  made.push(dir);
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(repoRoot, join(dir, "node_modules/vigiles"));
  write(dir, "package.json", JSON.stringify({ name: "app", version: "1.0.0" }));
  // A Claude Code plugin (Copilot CLI loads it too): a plan-mode gate and a context hook.
  write(dir, "plugin/.claude-plugin/plugin.json", JSON.stringify({ name: "team", version: "1.0.0" }));
  write(
    dir,
    "plugin/hooks/hooks.json",
    hooks({
      PreToolUse: [{ matcher: "EnterPlanMode", hooks: [command('node "${CLAUDE_PLUGIN_ROOT}/plan.js"')] }],
      SessionStart: [{ hooks: [command('node "${CLAUDE_PLUGIN_ROOT}/context.js"')] }],
    }),
  );
  write(dir, "plugin/plan.js", 'require("fs").readFileSync(0, "utf8");\n');
  write(
    dir,
    "plugin/context.js",
    'require("fs").readFileSync(0, "utf8");\nconsole.log(JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "Read TEAM.md first" } }));\n',
  );
  write(
    dir,
    "plugin/skills/review/SKILL.md",
    "---\nname: review\ndescription: Review a pull request for bugs. Use when asked to review code.\n---\nReview it.\n",
  );
  // Gemini CLI: a SessionStart hook that needs its source, and a shell guard.
  write(
    dir,
    ".gemini/settings.json",
    hooks({
      SessionStart: [{ matcher: "startup", hooks: [command("node .gemini/hooks/start.js")] }],
      BeforeTool: [{ matcher: "run_shell_command", hooks: [command("node .gemini/hooks/guard.js")] }],
    }),
  );
  write(
    dir,
    ".gemini/hooks/start.js",
    'const e = JSON.parse(require("fs").readFileSync(0, "utf8"));\nif (!e.source) { console.error("no source"); process.exit(1); }\nconsole.log(JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "started from " + e.source } }));\n',
  );
  write(dir, ".gemini/hooks/guard.js", 'require("fs").readFileSync(0, "utf8");\n');
  write(dir, ".codex/hooks.json", hooks({ PreToolUse: [{ matcher: "Bash", hooks: [command("true")] }] }));
  return dir;
}

function run(cwd: string, args: string[]) {
  const env = { ...process.env, PATH: `${join(repoRoot, "node_modules/.bin")}:/usr/local/bin:/usr/bin:/bin` };
  for (const k of ["VITEST", "VITEST_WORKER_ID", "NODE_OPTIONS", "ANTHROPIC_API_KEY", "GITHUB_ACTIONS"])
    delete env[k];
  return spawnSync(process.execPath, [cli, ...args], { cwd, env, encoding: "utf8", timeout: 300_000 });
}

test("every harness's starters pass or skip with a reason under vigiles test; un-skipped, Gemini's SessionStart passes", () => {
  const dir = project();
  const init = run(dir, ["init", "--runner", "vigiles"]);
  expect(init.status, init.stdout + init.stderr).toBe(0);
  const out = join(dir, "tests/vigiles");
  const names = readdirSync(out).sort();
  // One file per hook and harness, the harness first in its name; Copilot gets the plugin's hooks.
  expect(names.filter((n) => n.endsWith(".harness.mjs")).map((n) => n.replace(/-\d\d-.*/, ""))).toEqual([
    "claude-code",
    "claude-code",
    "codex",
    "copilot-cli",
    "copilot-cli",
    "gemini",
    "gemini",
  ]);
  const text = (prefix: string, event: string) =>
    readFileSync(
      join(out, names.find((n) => n.startsWith(prefix) && n.includes(event)) ?? "missing"),
      "utf8",
    );
  // The plan-mode gate is sent an EnterPlanMode call (a real Claude Code tool), not skipped.
  expect(text("claude-code", "enterplanmode")).toMatch(/"tool_name": "EnterPlanMode"/);
  // A context hook: a context check, and no "blocks" suggestion on an event that cannot block.
  const start = text("claude-code", "sessionstart");
  expect(start).toContain("hook adds the context the model needs");
  expect(start).not.toMatch(/hook blocks/);
  expect(text("gemini", "sessionstart")).toMatch(/"source": "startup"/);

  const r = run(dir, ["test", "tests/vigiles", "--verbose"]);
  expect(r.stdout).not.toMatch(/failed/);
  expect(r.status, r.stdout + r.stderr).toBe(0);
  // Each skip says why; the context hooks show what they add.
  for (const line of r.stdout.split("\n").filter((l) => /^\s+- /.test(l)))
    expect(line).toMatch(/skipped: \S/);
  // Copilot CLI has no EnterPlanMode tool: that starter skips and says so.
  expect(r.stdout).toMatch(
    /- PreToolUse hook: answers the event within the contract \(no example: its matcher "EnterPlanMode" names no tool GitHub Copilot CLI offers/,
  );
  expect(r.stdout).toContain("context added: 18 characters, first line: Read TEAM.md first");
  expect(r.stdout).toContain("context added: 20 characters, first line: started from startup");

  // Un-skipped, with the words it must say, Gemini's SessionStart starter passes.
  const gemini = join(out, names.find((n) => n.startsWith("gemini") && n.includes("sessionstart")) ?? "");
  writeFileSync(
    gemini,
    readFileSync(gemini, "utf8").replaceAll("test.skip(", "test(").replace('"FILL IN"', '"started from"'),
  );
  const on = run(dir, ["test", gemini]);
  expect(on.stdout).toMatch(/✓ SessionStart hook adds the context the model needs/);
  expect(on.status, on.stdout).toBe(0);

  // The skill's skeleton: 5 prompts derived, so it is skipped with the gate's reason, and spends nothing.
  const skeleton = readFileSync(join(out, "team-review.eval.mjs"), "utf8");
  expect(skeleton).toMatch(
    /skip: "the prompts derived from the description do not pass the diversity gate: /,
  );
  const ev = run(dir, ["eval", join(out, "team-review.eval.mjs")]);
  expect(ev.stdout).toMatch(/team-review\.eval\.mjs: skipped, nothing measured: /);
  expect(ev.status, ev.stderr).toBe(0);

  // A second init with another runner and folder writes no second skeleton for the skill.
  const again = run(dir, ["init", "--runner", "vitest", "--out", "tests/other"]);
  expect(again.stdout).toContain("kept    tests/vigiles/team-review.eval.mjs (the eval of skill team:review");
  expect(readdirSync(join(dir, "tests/other")).filter((n) => n.endsWith(".eval.mjs"))).toEqual([]);
}, 300_000);
