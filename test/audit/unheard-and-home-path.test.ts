/**
 * Pins `output-reaches-no-one` (a hook that only prints plain text where its dialect says no one
 * reads it: Claude Code's Stop and SessionEnd, measured in test/harness/unheard-output.test.ts) and
 * `home-path-in-shared-hook` (a committed hook naming a path in one user's home directory), each
 * read once for every harness, with the cases that must stay silent.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { HARNESSES } from "../../src/adapters/registry.js";
import { printedTextOnly } from "../../src/core/audit/rules/output-reaches-no-one.js";
import { homePathIn } from "../../src/core/audit/rules/home-path.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";
import { isPersonalHookFile } from "../../src/tools/audit/personal-file.js";

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function audit(files: Record<string, string>, rule: string) {
  dir = mkdtempSync(join(tmpdir(), "vigiles-r35c-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const all = auditHarness(dir).findings;
  return { hits: all.filter((f) => f.ruleId === rule), all };
}

function auditAsRepo(files: Record<string, string>, rule: string) {
  dir = mkdtempSync(join(tmpdir(), "vigiles-r35c-git-"));
  spawnSync("git", ["init", "-q"], { cwd: dir, stdio: "ignore" });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const all = auditHarness(dir).findings;
  return { hits: all.filter((f) => f.ruleId === rule), all };
}

const settings = (event: string, command: string, matcher?: string) =>
  JSON.stringify({
    hooks: {
      [event]: [{ ...(matcher !== undefined && { matcher }), hooks: [{ type: "command", command }] }],
    },
  });

describe("printedTextOnly: a command that does nothing but print a message", () => {
  it.each([
    ["echo 'Run the tests before you stop.'", "Run the tests before you stop."],
    ["printf '%s\\n' 'Save your evidence.'", "Save your evidence."],
    ["echo 'Check the diff' && exit 0", "Check the diff"],
    ["echo -e 'one'; echo two", "one\ntwo"],
  ])("%s prints %j", (command, text) => {
    expect(printedTextOnly(command)).toBe(text);
  });

  it.each([
    ["a redirection to a file", "echo 'stopped' >> .claude/stops.log"],
    ["stderr", "echo 'Run the tests' >&2"],
    ["a pipe", "echo 'done' | tee -a log.txt"],
    ["a program beside the log line", "npm test; echo 'tests ran'"],
    ["a command substitution", 'echo "stopped at $(date)"'],
    ["backquotes", "echo `whoami` stopped"],
    ["a JSON answer", `echo '{"decision": "block", "reason": "tests"}'`],
    ["no letters", "echo"],
    ["a second line that runs a program", "echo 'hi'\nrm -f x"],
    ["exit 1", "echo 'failed'; exit 1"],
    ["a background job", "echo 'hi' &"],
  ])("not for %s", (_what, command) => {
    expect(printedTextOnly(command)).toBeUndefined();
  });
});

describe("output-reaches-no-one, per harness through the dialect", () => {
  it("every event marked plainStdoutReachesNoOne is one whose fold gives plain text to no model and no user", () => {
    for (const h of HARNESSES)
      for (const e of h.dialect.events) {
        if (e.plainStdoutReachesNoOne !== true) continue;
        expect(e.rules.plainTextIsContext, `${h.id} ${e.name}`).toBe(false);
        const folded = h.dialect.fold({
          event: e.name,
          exitCode: 0,
          stdout: "a reminder\n",
          stderr: "",
          timedOut: false,
          harness: h.id,
        });
        expect(folded.systemMessage, `${h.id} ${e.name}`).toBeUndefined();
        expect(folded.additionalContext, `${h.id} ${e.name}`).toBeUndefined();
      }
  });

  it("reports a Claude Code plugin's Stop reminder and a project's SessionEnd one", () => {
    const { hits } = audit(
      {
        "p/.claude-plugin/plugin.json": JSON.stringify({ name: "p" }),
        "p/hooks/hooks.json": settings("Stop", "printf '%s\\n' 'Checklist: scope, evidence, report.'"),
        ".claude/settings.json": settings("SessionEnd", "echo 'Write down what is left.'"),
      },
      "output-reaches-no-one",
    );
    expect(hits.map((f) => f.file).sort()).toEqual([".claude/settings.json", "p/hooks/hooks.json"]);
    expect(hits[0]?.severity).toBe("warning");
    expect(hits.find((f) => f.file === "p/hooks/hooks.json")?.message).toContain(
      '"Checklist: scope, evidence, report."',
    );
  });

  it("is silent where plain stdout is context or shown (SessionStart; Gemini's systemMessage) or not pinned", () => {
    const { hits } = audit(
      {
        ".claude/settings.json": JSON.stringify({
          hooks: {
            SessionStart: [{ hooks: [{ type: "command", command: "echo 'Read the scope first.'" }] }],
            PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo 'careful'" }] }],
          },
        }),
        ".gemini/settings.json": settings("AfterAgent", "echo 'Run the tests.'"),
        ".codex/hooks.json": settings("Stop", "echo 'Run the tests.'"),
      },
      "output-reaches-no-one",
    );
    expect(hits).toEqual([]);
  });

  it("is silent for a Stop hook that does work and prints a log line", () => {
    const { hits } = audit(
      { ".claude/settings.json": settings("Stop", "git add -A && echo 'staged your changes'") },
      "output-reaches-no-one",
    );
    expect(hits).toEqual([]);
  });
});

describe("home-path-in-shared-hook", () => {
  it("finds literal home paths, not ~, $HOME, placeholders or /home/linuxbrew", () => {
    expect(homePathIn("node /Users/chris/dev/hook.js")?.user).toBe("chris");
    expect(homePathIn('cd "/home/kim/proj" && ./x.sh')?.path).toBe("/home/kim/proj");
    expect(homePathIn("powershell -File C:\\Users\\dana\\hooks\\x.ps1")?.user).toBe("dana");
    for (const clean of [
      "~/bin/hook.sh",
      "$HOME/bin/hook.sh",
      '"${HOME}/bin/hook.sh"',
      "/home/$USER/bin/hook.sh",
      "/Users/<you>/bin/hook.sh",
      "/home/linuxbrew/.linuxbrew/bin/jq .",
      "grep -q /home/ file",
      "$CLAUDE_PROJECT_DIR/home/alex/x.sh",
    ])
      expect(homePathIn(clean), clean).toBeUndefined();
  });

  it("is one finding, not a twin of hook-script-missing, for a script under a home path", () => {
    const { hits, all } = audit(
      { ".claude/settings.json": settings("PreToolUse", "python3 /Users/alex/hooks/guard.py", "Bash") },
      "home-path-in-shared-hook",
    );
    expect(hits).toHaveLength(1);
    expect(hits[0]?.severity).toBe("error");
    expect(hits[0]?.fix).toContain('"$CLAUDE_PROJECT_DIR/…"');
    expect(all.filter((f) => f.ruleId === "hook-script-missing")).toEqual([]);
  });

  it("reads every harness's shared files: Codex, Gemini extension, Copilot repository hooks", () => {
    const { hits } = audit(
      {
        ".codex/hooks.json": settings("SessionStart", "node /home/kim/tools/start.js"),
        "ext/gemini-extension.json": JSON.stringify({ name: "ext", version: "1.0.0" }),
        "ext/hooks/hooks.json": settings("SessionStart", "bash /Users/lee/ext/start.sh"),
        ".github/hooks/h.json": JSON.stringify({
          version: 1,
          hooks: { sessionStart: [{ type: "command", bash: "/home/kim/bin/start.sh || true" }] },
        }),
      },
      "home-path-in-shared-hook",
    );
    expect(hits.map((f) => f.file).sort()).toEqual([
      ".codex/hooks.json",
      ".github/hooks/h.json",
      "ext/hooks/hooks.json",
    ]);
  });

  it("leaves the user's own files alone: local settings keep hook-script-missing", () => {
    const { hits, all } = audit(
      { ".claude/settings.local.json": settings("PreToolUse", "python3 /Users/alex/hooks/guard.py", "Bash") },
      "home-path-in-shared-hook",
    );
    expect(hits).toEqual([]);
    expect(all.some((f) => f.ruleId === "hook-script-missing")).toBe(true);
  });

  it("counts a harness folder in HOME itself as user-level, and a git-ignored file as the user's own", () => {
    const file = (path: string) => ({ path, role: "settings" as const, source: "project settings" as const });
    const none = () => false;
    expect(isPersonalHookFile(file("/home/kim/.claude/settings.json"), "/home/kim", none)).toBe(true);
    expect(isPersonalHookFile(file("/home/kim/proj/.claude/settings.json"), "/home/kim", none)).toBe(false);
    expect(
      isPersonalHookFile(
        { ...file("/p/.claude/settings.local.json"), source: "local settings" },
        "/home/kim",
        none,
      ),
    ).toBe(true);
    expect(isPersonalHookFile(file("/home/kim/proj/.claude/settings.json"), "/home/kim", () => true)).toBe(
      true,
    );
  });

  it("leaves a hooks file git ignores alone (an install step wrote it on this machine)", () => {
    const files = {
      ".gitignore": ".claude/settings.json\n",
      ".claude/settings.json": settings("PreToolUse", "python3 /Users/alex/hooks/guard.py", "Bash"),
    };
    expect(audit(files, "home-path-in-shared-hook").hits).toHaveLength(1); // no repository: nothing ignored
    rmSync(dir as string, { recursive: true, force: true });
    const again = auditAsRepo(files, "home-path-in-shared-hook");
    expect(again.hits).toEqual([]);
    expect(again.all.some((f) => f.ruleId === "hook-script-missing")).toBe(true);
  });
});
