// Pins `vigiles record` on the session JSONL the REAL CLI writes (Claude Code 2.1.328 against the
// mock, ~1 s a run, so the transcript is made here and tracks the pinned CLI): where the file is,
// what it keeps, what record extracts from it, and that the test record writes passes for free and
// fails once the hook it exercised is broken. What the shared notes do not say is pinned here:
// - the file is `$CLAUDE_CONFIG_DIR/projects/<cwd, each non-alphanumeric a ->/<session_id>.jsonl`, the
//   hook payload's `transcript_path`;
// - a quiet exit-0 hook leaves no line in it; a hook that prints leaves an `attachment` line
//   (`hook_success`, `hook_non_blocking_error` …, exit code included); a denial leaves only the tool
//   result's `permissionDecision: {decision: "reject", source: "hook"}`, no exit code; Stop leaves a
//   `stop_hook_summary` line;
// - each subagent is its own file, `<session>/subagents/agent-<id>.jsonl` plus `.meta.json`;
// - a prompt sent while a turn runs is an `attachment` `queued_command`, not a user line.
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { spawnSync } from "node:child_process";
import { globSync } from "tinyglobby";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseTranscriptLines, readTranscript } from "../../src/core/record/read-transcript.js";
import { scriptModel } from "../../src/adapters/mock/script.js";
import { readSubagentTranscripts } from "../../src/tools/record/record-session.js";
import { runHarnessTest, type HarnessTestResult } from "../../src/tiers/harness/run-harness-test.js";
import type { HarnessTestSpec } from "../../src/tiers/harness/spec.js";

const repoRoot = process.cwd();
const cli = join(repoRoot, "dist/cli/main.js");
let project: string;

const GUARD = 'payload=$(cat); case "$payload" in *"rm -rf"*) echo "no rm -rf" >&2; exit 2;; esac; exit 0\n';
const BROKEN_GUARD = "cat > /dev/null; exit 0\n";
const cmd = (command: string) => ({ type: "command", command });
const settings = {
  hooks: {
    PreToolUse: [
      { matcher: "Bash", hooks: [cmd('sh "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh"')] },
      {
        matcher: "Write",
        hooks: [
          cmd(
            `case "$(cat)" in *secret*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no secrets"}}';; esac; exit 0`,
          ),
        ],
      },
    ],
    PostToolUse: [
      {
        matcher: "Bash",
        hooks: [
          cmd(
            `cat > /dev/null; echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"checked"}}'`,
          ),
        ],
      },
    ],
    UserPromptSubmit: [{ hooks: [cmd('cat > "$CLAUDE_PROJECT_DIR/.prompt-payload.json"; echo be careful')] }],
    Stop: [{ hooks: [cmd("cat > /dev/null; exit 0")] }],
  },
};

/** The session JSONL files the run's CLI wrote under its CLAUDE_CONFIG_DIR (the run's HOME/.claude). */
function sessionFiles(r: HarnessTestResult): string[] {
  const configDir = join(dirname(r.workDir), "home", ".claude");
  return globSync("projects/**/*.jsonl", { cwd: configDir, absolute: true });
}

/** Runs a real session and copies its transcript (and subagent files) into `dest`; returns the copy's path. */
async function realSession(spec: HarnessTestSpec, dest: string) {
  const r = await runHarnessTest({ ...spec, transcript: true });
  try {
    const files = sessionFiles(r);
    const main = files.find((f) => !f.includes("/subagents/"));
    if (main === undefined)
      throw new Error(`no session JSONL under the run's config dir: ${files.join(", ")}`);
    const payload = JSON.parse(r.file(".prompt-payload.json") ?? "{}") as Record<string, unknown>;
    const copy = join(dest, basename(main));
    cpSync(main, copy);
    const subagents = main.replace(/\.jsonl$/, "");
    if (files.some((f) => f.startsWith(`${subagents}/`)))
      cpSync(subagents, copy.replace(/\.jsonl$/, ""), { recursive: true });
    return { r, main, files, payload, copy };
  } finally {
    r.cleanup();
  }
}

function vigiles(args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], { cwd: project, encoding: "utf8" });
}

let session: Awaited<ReturnType<typeof realSession>>;

beforeAll(async () => {
  mkdirSync(join(repoRoot, ".vigiles/tmp"), { recursive: true });
  project = mkdtempSync(join(repoRoot, ".vigiles/tmp/record-real-"));
  mkdirSync(join(project, ".claude/hooks"), { recursive: true });
  writeFileSync(join(project, ".claude/settings.json"), JSON.stringify(settings));
  writeFileSync(join(project, ".claude/hooks/guard.sh"), GUARD);
  chmodSync(join(project, ".claude/hooks/guard.sh"), 0o755);
  writeFileSync(join(project, "notes.txt"), "remember the milk\n");
  session = await realSession(
    {
      prompt: "tidy up",
      model: [
        { tool: "Read", input: { file_path: "notes.txt" } },
        { tool: "Bash", input: { command: "rm -rf build" } },
        { tool: "Bash", input: { command: "echo milk > list.txt" } },
        { tool: "Write", input: { file_path: "secret.txt", content: "hunter2\n" } },
        { tool: "Write", input: { file_path: "summary.txt", content: "milk\n" } },
        { text: "done" },
      ],
      files: { "notes.txt": "remember the milk\n", ".claude/hooks/guard.sh": GUARD },
      settings,
    },
    project,
  );
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe("the session JSONL of a real run", () => {
  test("sits at $CLAUDE_CONFIG_DIR/projects/<cwd>/<session_id>.jsonl, the payload's transcript_path", () => {
    const { main, payload } = session;
    expect(payload["transcript_path"]).toBe(main);
    const cwd = String(payload["cwd"]);
    expect(main).toBe(
      join(
        dirname(cwd),
        "home/.claude/projects",
        cwd.replace(/[^A-Za-z0-9]/g, "-"),
        `${String(payload["session_id"])}.jsonl`,
      ),
    );
  });

  test("record reads the prompt, the calls, the denials and the hooks the file kept", () => {
    const s = readTranscript(parseTranscriptLines(readFileSync(session.copy, "utf8")));
    expect(s.prompts).toEqual(["tidy up"]);
    expect(s.claudeCodeVersion).toBe("2.1.328");
    expect(s.toolSequence).toEqual(["Read", "Bash", "Bash", "Write", "Write"]);
    expect(s.turns.at(-1)).toEqual({ text: "done" });
    expect(s.denials).toEqual([
      { index: 1, tool: "Bash", by: "hook" },
      { index: 3, tool: "Write", by: "hook" },
    ]);
    expect(s.filesRead).toEqual(["notes.txt"]);
    // The denied Write wrote nothing: only summary.txt is a file the replay must write.
    expect(s.filesWritten).toEqual(["summary.txt"]);
    // The real run fired PreToolUse:Bash twice, PreToolUse:Write twice, PostToolUse:Bash once,
    // UserPromptSubmit and Stop once; the file kept the ones that said something.
    expect(s.hookEvidence).toBe("partial");
    expect(s.hooks.map((h) => `${h.name}:${h.exitCode}:${h.blocked === true}`).sort()).toEqual([
      "PostToolUse:Bash:0:false",
      "PreToolUse:Bash:2:true",
      "PreToolUse:Write:null:true",
      "Stop:null:false",
      "UserPromptSubmit:0:false",
    ]);
    const fired = (session.r.hooks ?? []).map((h) => h.name);
    expect(fired.filter((n) => n === "PreToolUse:Bash")).toHaveLength(2);
  });

  test("the recorded test passes for free, and fails once the guard is broken", () => {
    const rec = vigiles(["record", basename(session.copy), "--out", "tests/session.harness.mjs"]);
    expect(rec.status, rec.stderr).toBe(0);
    expect(rec.stdout).toMatch(/6 model turns/);
    const text = readFileSync(join(project, "tests/session.harness.mjs"), "utf8");
    expect(text).toContain("(Claude Code 2.1.328)");
    expect(text).toContain('prompt: "tidy up"');
    expect(text).toContain("const deniedCalls = [\n  1,\n  3\n]");

    const pass = vigiles(["test", "tests"]);
    expect(pass.stdout, pass.stderr).toMatch(/Test Files {2}1 passed \(1\)/);

    writeFileSync(join(project, ".claude/hooks/guard.sh"), BROKEN_GUARD);
    try {
      const fail = vigiles(["test", "tests"]);
      expect(fail.status).toBe(1);
      expect(fail.stdout).toMatch(/Bash call #2 was denied in the session; the replay let it through/);
    } finally {
      writeFileSync(join(project, ".claude/hooks/guard.sh"), GUARD);
    }
  });
});

describe("a real session with a subagent and a second prompt", () => {
  test("the subagent's own file gives its turns; the queued prompt is read from its attachment", async () => {
    const dest = mkdtempSync(join(project, "sub-"));
    const s2 = await realSession(
      {
        prompt: ["look around", "and then stop"],
        model: scriptModel(
          [
            { tool: "Read", input: { file_path: "notes.txt" } },
            {
              tool: "Agent",
              input: { subagent_type: "general-purpose", description: "look", prompt: "list files" },
            },
            { text: "done" },
            { text: "stopped" },
          ],
          {
            agents: {
              "general-purpose": [{ tool: "Bash", input: { command: "ls" } }, { text: "two files" }],
            },
          },
        ),
        files: { "notes.txt": "remember the milk\n" },
        settings: { hooks: { PostToolUse: settings.hooks.PostToolUse } },
      },
      dest,
    );
    expect(s2.files.some((f) => /\/subagents\/agent-[0-9a-f]+\.jsonl$/.test(f))).toBe(true);
    const lines = parseTranscriptLines(readFileSync(s2.copy, "utf8"));
    const alone = readTranscript(lines);
    expect(alone.agents).toEqual({});
    const s = readTranscript(lines, { subagents: readSubagentTranscripts(s2.copy) });
    expect(s.prompts).toEqual(["look around", "and then stop"]);
    expect(s.toolSequence).toEqual(["Read", "Agent"]);
    expect(s.agents).toEqual({
      "general-purpose": [{ tool: "Bash", input: { command: "ls" } }, { text: "two files" }],
    });
    // The subagent's PostToolUse fire is in its own file.
    expect(s.hooks.map((h) => h.name)).toContain("PostToolUse:Bash");
  });
});
