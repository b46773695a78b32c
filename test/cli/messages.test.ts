// Pins issue 22's "messages that say what to do": runHook/assertHookBlocked explain a hook that
// printed text before its JSON and an exit-1 guard (decided by the exit code, never "by crash");
// run errors print their one-line message under plain node (the streams and reports they carry
// are not enumerable); `explain` marks a handler whose script does not exist.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { assertHookBlocked, runHook } from "../../dist/entries/index.js";

const entry = pathToFileURL(join(process.cwd(), "dist/entries/index.js")).href;
let dir: string;
const bash = { tool_name: "Bash", tool_input: { command: "git push --force" } };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "vigiles-messages-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function script(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe("runHook and assertHookBlocked say why a guard did not block", () => {
  test("text printed before the JSON deny: stdout must be one JSON object", () => {
    const deny = JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "no",
      },
    });
    const hook = script(
      "chatty.mjs",
      `console.log("checking the command…");\nconsole.log(${JSON.stringify(deny)});\n`,
    );
    const r = runHook([process.execPath, hook], bash);
    expect(r.blocked).toBe(false);
    expect(r.hookError).toMatch(/^stdout must be one JSON object; print diagnostics to stderr/);
    expect(() => assertHookBlocked(r)).toThrow(/stdout must be one JSON object; print diagnostics to stderr/);
  });

  test("an exit-1 guard: exit 1 is a non-blocking error, decided by the exit code, not by crash", () => {
    const hook = script("exit1.mjs", 'process.stderr.write("no force push\\n"); process.exit(1);\n');
    const r = runHook([process.execPath, hook], bash);
    expect(r).toMatchObject({ blocked: false, decidedBy: "exit-code" });
    let message = "";
    try {
      assertHookBlocked(r);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("exit 1 is a non-blocking error: exit 2 or a JSON deny blocks");
    expect(message).not.toContain("by crash");
  });
});

test.each([
  [
    "ScriptOverrunError",
    'const e = new ScriptOverrunError(["turn 3 of 2"]); e.run = { exitCode: 1, stdout: "S".repeat(20000), stderr: "E".repeat(20000), events: [], argv: [] }; throw e;',
  ],
  ["HarnessCrashedError", 'throw new HarnessCrashedError("claude", "exit 1", "E".repeat(20000));'],
])("%s under plain node prints its message, not the kilobytes it carries", (name, body) => {
  const file = script(`${name}.mjs`, `import { ${name} } from ${JSON.stringify(entry)};\n${body}\n`);
  const r = spawnSync(process.execPath, [file], { encoding: "utf8" });
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(new RegExp(`^${name}: `, "m"));
  expect(r.stderr).not.toContain("EEEEEEEEEE");
  expect(r.stderr).not.toContain("SSSSSSSSSS");
  expect(r.stderr.length).toBeLessThan(2000);
});

test("explain marks a handler whose script does not exist", () => {
  const project = join(dir, "project");
  mkdirSync(join(project, ".claude", "hooks"), { recursive: true });
  writeFileSync(join(project, ".claude", "hooks", "present.mjs"), "process.exit(0);\n");
  writeFileSync(
    join(project, ".claude", "settings.json"),
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "command", command: "node .claude/hooks/gone.mjs" },
              { type: "command", command: 'node "$CLAUDE_PROJECT_DIR"/.claude/hooks/present.mjs' },
            ],
          },
        ],
      },
    }),
  );
  const r = spawnSync(
    process.execPath,
    [join(process.cwd(), "dist/cli/main.js"), "explain", "--tool", "Bash", "--command", "ls"],
    {
      cwd: project,
      encoding: "utf8",
      env: { ...process.env, VIGILES_MANAGED_SETTINGS_DIR: join(dir, "none") },
    },
  );
  expect(r.status, r.stderr).toBe(0);
  const marks = r.stdout.split("\n").filter((l) => l.includes("script not found"));
  expect(marks).toEqual([
    `              ⚠ script not found: ${join(project, ".claude/hooks/gone.mjs")} (the hook fails at every fire)`,
  ]);
});
