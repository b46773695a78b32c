// Pins the starters `vigiles init` writes for hooks as public hook repositories write them (the
// patterns reproduced in fixtures of our own: a CommonJS node guard answering JSON, a commit-message
// guard, a secrets guard on Read|Grep|Glob, a PostToolUse formatter that rewrites the file it is
// given, a prompt guard, a notifier for another OS, a hook run through `uv`, an MCP matcher):
// - each hook gets an event its matcher selects, shaped as that tool's input;
// - out of the box the whole folder passes or skips, never fails, under `vigiles test`, vitest and jest;
// - a hook needing a program missing here is skipped naming it; a formatter gets a scratch file.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { stripVTControlCharacters } from "node:util";
import { afterAll, describe, expect, test } from "vitest";
import { deriveHookExamples, type HookExamples } from "../../src/tools/init/example-events.js";
import { programsNeeded } from "../../src/tools/init/hook-source.js";
import { detectRunner } from "../../src/tools/init/project-runner.js";
import { hookStarter } from "../../src/tools/init/starter-tests.js";
import type { FoundHook } from "../../src/tools/init/discover.js";
import { testMatcher } from "../../src/core/hook-config/matcher.js";

const repoRoot = process.cwd();
const cli = join(repoRoot, "dist/cli/main.js");
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

function derived(event: string, matcher: string | undefined, source = ""): HookExamples {
  const e = deriveHookExamples(event, matcher, source);
  if ("unknown" in e) throw new Error(`no example: ${e.unknown}`);
  return e;
}
const input = (e: HookExamples) => e.suspect.event["tool_input"] as Record<string, unknown>;

describe("example events derived from the matcher, event and source", () => {
  test("a Read|Grep|Glob hook gets a Read with tool_input.file_path, .env when its source names it", () => {
    const e = derived("PreToolUse", "Read|Grep|Glob", "if path.endswith('.env'): sys.exit(2)");
    expect(e.suspect.event).toMatchObject({ tool_name: "Read", tool_input: { file_path: ".env" } });
    expect(e.everyday?.event).toMatchObject({ tool_name: "Read", tool_input: { file_path: "src/index.ts" } });
  });

  test("a Bash guard whose script greps `git commit` gets a git commit; one naming nothing a force push", () => {
    expect(input(derived("PreToolUse", "Bash", 'grep -q "git commit"'))["command"]).toBe(
      'git commit -m "wip"',
    );
    expect(input(derived("PreToolUse", "Bash", "rm -rf"))["command"]).toBe("rm -rf /");
    expect(input(derived("PreToolUse", "Bash", ""))["command"]).toBe("git push --force origin main");
    expect(derived("PreToolUse", "Bash").everyday?.event).toMatchObject({ tool_input: { command: "ls" } });
  });

  test("an Edit|Write hook gets a file path in that tool's input; a PostToolUse one a tool_response", () => {
    expect(derived("PreToolUse", "Edit|Write", "package-lock.json").suspect.event).toMatchObject({
      tool_name: "Edit",
      tool_input: { file_path: "package-lock.json", old_string: "a", new_string: "b" },
    });
    expect(derived("PostToolUse", "Write|Edit").suspect.event).toMatchObject({
      tool_name: "Write",
      tool_input: { file_path: ".env", content: "example\n" },
      tool_response: { success: true },
    });
  });

  test("a UserPromptSubmit hook gets a prompt; a secrets one a prompt carrying a key", () => {
    expect(derived("UserPromptSubmit", undefined).suspect.event).toMatchObject({
      prompt: "Add a test for the parser",
    });
    expect(derived("UserPromptSubmit", undefined, "api_key").suspect.event["prompt"]).toMatch(/sk-test/);
  });

  test("a SessionStart hook matching only `resume` is sent source resume, so it runs", () => {
    expect(derived("SessionStart", "resume").suspect.event).toMatchObject({ source: "resume" });
    expect(derived("SessionStart", undefined).suspect.event).toMatchObject({ source: "startup" });
  });

  test("every tool event sent is one its matcher selects (no event that runs no handler)", () => {
    for (const matcher of [
      "",
      "*",
      "Bash",
      "Write|Edit|MultiEdit",
      "Edit",
      "Glob",
      "Grep|Read",
      "WebFetch",
      "Task",
      "Notebook.*",
      "^(Read|Write)$",
    ]) {
      const e = derived("PreToolUse", matcher);
      expect(testMatcher(matcher, String(e.suspect.event["tool_name"])).matches, matcher).toBe(true);
    }
  });

  test("a matcher naming no tool it knows (mcp__…) gets no guess, and says what to fill in", () => {
    const e = deriveHookExamples("PreToolUse", "mcp__github__.*", "");
    expect(e).toMatchObject({ unknown: expect.stringMatching(/tool_name it matches/) });
  });
});

describe("the starter for one hook", () => {
  const found = (group: FoundHook["group"], extra: Record<string, unknown> = {}): FoundHook =>
    ({ file: ".claude/settings.json", event: "PreToolUse", group, ...extra }) as FoundHook;

  test("a handler's if: rule narrows its matcher: the starter sends the rule's command, and no event it does not select", () => {
    const { text } = hookStarter(
      found({ matcher: "Bash", hooks: [{ type: "command", command: "true", if: "Bash(npm publish:*)" }] }),
      0,
      "/p/tests/vigiles",
      "/p",
    );
    expect(text).toContain('"command": "npm publish"');
    expect(text).not.toContain("const everyday");
    expect(text).toContain(
      'runs("PreToolUse hook answers Bash \\"npm publish\\" within the contract" + needs',
    );
  });

  test("a hook tagged for another harness runs with that harness's rules, sent an event in its tool names", () => {
    const { text } = hookStarter(
      found(
        { hooks: [{ type: "command", command: "./guard.sh" }] },
        { harness: "copilot", event: "preToolUse" },
      ),
      0,
      "/p/tests/vigiles",
      "/p",
    );
    expect(text).toContain('harness: "copilot"');
    expect(text).toMatch(
      /^runs\("preToolUse hook answers bash \\"git push --force origin main\\" within the contract"/m,
    );
  });
});

describe("programs a hook needs", () => {
  const group = (command: string) => ({ hooks: [{ type: "command" as const, command }] });
  test("the command's first word, and usual tools in command position of shell text", () => {
    expect(programsNeeded(group("uv run .claude/hooks/stop.py"), "uv run x")).toEqual(["uv"]);
    expect(
      programsNeeded(group('"$CLAUDE_PROJECT_DIR"/guard.sh'), "cmd=$(jq -r .tool_input.command)"),
    ).toEqual(["jq"]);
    expect(programsNeeded(group("FOO=1 osascript -e beep"), "")).toEqual(["osascript"]);
    // A message that says "use rg" does not need rg; a builtin is not a program to look for.
    expect(programsNeeded(group("echo hi"), 'echo "use rg instead of grep"')).toEqual([]);
  });
});

describe("which runner the project uses", () => {
  test("vitest or jest from package.json or a config file, else vigiles", () => {
    // A clean clone has no .vigiles/tmp yet.
    mkdirSync(join(repoRoot, ".vigiles/tmp"), { recursive: true });
    const dir = mkdtempSync(join(repoRoot, ".vigiles/tmp/runner-"));
    made.push(dir);
    expect(detectRunner(dir).runner).toBe("vigiles");
    writeFileSync(join(dir, "jest.config.mjs"), "export default {};\n");
    expect(detectRunner(dir)).toEqual({ runner: "jest", because: "jest.config.mjs here" });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ devDependencies: { vitest: "4.1.12" } }));
    expect(detectRunner(dir)).toEqual({ runner: "vitest", because: "vitest in devDependencies" });
  });
});

/** A project with hooks written the ways public hook repositories write them. */
function realisticProject(pkg: Record<string, unknown>): string {
  mkdirSync(join(repoRoot, ".vigiles/tmp"), { recursive: true });
  // Outside this repository's package.json ("type": "module"), as a user's project is.
  const dir = mkdtempSync(join("/tmp", "vigiles-init-project-"));
  made.push(dir);
  mkdirSync(join(dir, ".claude/hooks"), { recursive: true });
  mkdirSync(join(dir, "src"));
  mkdirSync(join(dir, "node_modules"));
  // `npm i -D vigiles` (and the runners) stand-ins: links to this checkout's built package.
  symlinkSync(repoRoot, join(dir, "node_modules/vigiles"));
  for (const p of ["vitest", "jest", "@jest"])
    symlinkSync(join(repoRoot, "node_modules", p), join(dir, "node_modules", p));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", ...pkg }));
  writeFileSync(join(dir, "src/index.ts"), "export const answer = 42;\n");
  const hook = (name: string, text: string) => writeFileSync(join(dir, ".claude/hooks", name), text);
  // CommonJS node guard answering with a JSON deny (a `.js` file in a project without "type").
  hook(
    "commit-msg.js",
    `const fs = require("fs");
const event = JSON.parse(fs.readFileSync(0, "utf8"));
const cmd = (event.tool_input && event.tool_input.command) || "";
if (/git commit/.test(cmd) && !/-m "(feat|fix|docs|chore)(\\(.+\\))?: /.test(cmd)) {
  console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "use a conventional commit message" } }));
}
`,
  );
  // A secrets guard reading file_path (Read) or path (Grep), exit 2 with a reason on stderr.
  hook(
    "secrets.js",
    `const e = JSON.parse(require("fs").readFileSync(0, "utf8"));
const p = e.tool_input.file_path || e.tool_input.path || e.tool_input.pattern || "";
if (/\\.env$/.test(p)) { console.error("reading .env is blocked"); process.exit(2); }
`,
  );
  // A formatter that rewrites the file it is told was written.
  hook(
    "format.sh",
    `#!/bin/sh
file=$(node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).tool_input.file_path))')
[ -f "$file" ] || { echo "no such file: $file" >&2; exit 1; }
printf '// formatted\\n' >> "$file"
`,
  );
  hook(
    "prompt-guard.mjs",
    `let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
  if (/sk-[a-z]+-[0-9]+/.test(JSON.parse(s).prompt)) console.log(JSON.stringify({ decision: "block", reason: "a secret in the prompt" }));
});
`,
  );
  writeFileSync(
    join(dir, ".claude/settings.json"),
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [{ type: "command", command: 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/commit-msg.js"' }],
          },
          {
            matcher: "Read|Grep|Glob",
            hooks: [{ type: "command", command: "node .claude/hooks/secrets.js" }],
          },
          { matcher: "mcp__github__.*", hooks: [{ type: "command", command: "true" }] },
          { matcher: "Bash", hooks: [{ type: "command", command: "exit 0", if: "Bash(npm publish:*)" }] },
        ],
        PostToolUse: [
          { matcher: "Edit|Write", hooks: [{ type: "command", command: "sh .claude/hooks/format.sh" }] },
        ],
        UserPromptSubmit: [{ hooks: [{ type: "command", command: "node .claude/hooks/prompt-guard.mjs" }] }],
        Notification: [
          { hooks: [{ type: "command", command: "osascript -e 'display notification \"Claude\"'" }] },
        ],
        Stop: [{ hooks: [{ type: "command", command: "uv run .claude/hooks/stop.py" }] }],
        SessionStart: [
          { matcher: "startup", hooks: [{ type: "command", command: "echo 'Read CONTRIBUTING.md first'" }] },
        ],
      },
    }),
  );
  return dir;
}

function run(cwd: string, argv: string[]) {
  // A PATH without uv or osascript, as on most Linux machines (so the skips below are certain).
  const env = { ...process.env, PATH: `${join(repoRoot, "node_modules/.bin")}:/usr/local/bin:/usr/bin:/bin` };
  delete env["VITEST"];
  delete env["VITEST_WORKER_ID"];
  delete env["NODE_OPTIONS"];
  return spawnSync(argv[0] as string, argv.slice(1), { cwd, env, encoding: "utf8", timeout: 300_000 });
}
const init = (dir: string, ...args: string[]) => run(dir, [process.execPath, cli, "init", ...args]);
const onlyNode = () => spawnSync("sh", ["-c", "command -v uv || command -v osascript"]).status !== 0;

describe("starters for a realistic project", () => {
  test("vigiles test: every starter passes or skips out of the box; turned on, the verdicts are right", () => {
    const dir = realisticProject({});
    const written = init(dir);
    expect(written.status, written.stderr).toBe(0);
    expect(written.stdout).toMatch(/hook tests for vigiles \(no vitest or jest in package.json\)/);
    const r = run(dir, [process.execPath, join(repoRoot, "dist/cli/main.js"), "test", "tests/vigiles"]);
    expect(r.stdout).toMatch(/^ Test Files {2}/m);
    expect(r.stdout).not.toMatch(/^ (Test Files|Tests) .*failed/m);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/✓ PreToolUse hook answers Bash "git commit -m \\"wip\\"" within the contract/);
    expect(r.stdout).toMatch(/✓ PreToolUse hook answers Read ".env" within the contract/);
    expect(r.stdout).toMatch(/✓ PostToolUse hook answers Edit ".env" within the contract/);
    expect(r.stdout).toMatch(/✓ SessionStart hook answers a SessionStart event within the contract/);
    if (onlyNode()) {
      expect(r.stdout).toMatch(
        /Notification hook answers a Notification event within the contract \(skipped: needs osascript, not on PATH\)/,
      );
      expect(r.stdout).toMatch(
        /Stop hook answers a Stop event within the contract \(skipped: needs uv, not on PATH\)/,
      );
    }
    expect(r.stdout).toMatch(/- tests\/vigiles\/claude-code-03-pretooluse-mcp-github.* skipped/);
    // The formatter was handed scratch files: the project's own file is untouched.
    expect(readFileSync(join(dir, "src/index.ts"), "utf8")).toBe("export const answer = 42;\n");

    // Turn the verdict tests on: the guards block what they are there to stop and allow the rest.
    for (const name of [
      "claude-code-01-pretooluse-bash.harness.mjs",
      "claude-code-02-pretooluse-read-grep-glob.harness.mjs",
    ]) {
      const file = join(dir, "tests/vigiles", name);
      writeFileSync(file, readFileSync(file, "utf8").replaceAll("test.skip(", "test("));
    }
    const on = run(dir, [
      process.execPath,
      join(repoRoot, "dist/cli/main.js"),
      "test",
      "tests/vigiles/claude-code-01-pretooluse-bash.harness.mjs",
      "tests/vigiles/claude-code-02-pretooluse-read-grep-glob.harness.mjs",
    ]);
    expect(on.stdout).toMatch(/✓ PreToolUse hook blocks Bash "git commit/);
    expect(on.stdout).toMatch(/✓ PreToolUse hook allows Bash "ls"/);
    expect(on.stdout).toMatch(/✓ PreToolUse hook blocks Read ".env"/);
    expect(on.stdout).toMatch(/✓ PreToolUse hook allows Read "src\/index.ts"/);
    expect(on.status, on.stdout).toBe(0);
  }, 300_000);

  test("vitest: the project lists vitest, so init writes vitest files, and `vitest run` passes them", () => {
    const dir = realisticProject({ devDependencies: { vitest: "4.1.12" } });
    expect(init(dir).stdout).toMatch(
      /hook tests for vitest \(vitest in devDependencies\).*\n.*Next: npx vitest run tests\/vigiles/,
    );
    expect(
      readFileSync(join(dir, "tests/vigiles/claude-code-01-pretooluse-bash.vigiles.test.mjs"), "utf8"),
    ).toContain('import { test } from "vitest";');
    const r = run(dir, [
      process.execPath,
      join(repoRoot, "node_modules/vitest/vitest.mjs"),
      "run",
      "tests/vigiles",
      "--reporter",
      "verbose",
    ]);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const out = stripVTControlCharacters(r.stdout);
    expect(out).toMatch(/Test Files +\d+ passed \| \d+ skipped \(9\)/);
    expect(out).not.toMatch(/failed/);
    expect(out).toMatch(/✓ .*PreToolUse hook answers Bash "git commit/);
  }, 300_000);

  test("jest: the project lists jest, so init writes jest files, and jest (ESM) passes them", () => {
    const dir = realisticProject({ devDependencies: { jest: "30.5.2" } });
    expect(init(dir).stdout).toMatch(/hook tests for jest \(jest in devDependencies\)/);
    const r = run(dir, [
      process.execPath,
      "--experimental-vm-modules",
      join(repoRoot, "node_modules/jest/bin/jest.js"),
      "tests/vigiles",
      "--ci",
    ]);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Tests: .*\d+ passed/);
    expect(r.stderr).not.toMatch(/failed/);
  }, 300_000);
});
