// Pins `vigiles record`: a transcript produced by the REAL CLI against the mock is recorded into a
// harness test; the test replays it and passes; after the harness changes (a hook removed) the same
// test fails. Also the reading of real stream-json fixtures (subagents, hooks) and `--hooks`.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseTranscriptLines, readTranscript } from "../../src/core/record/read-transcript.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";

const repoRoot = process.cwd();
const cli = join(repoRoot, "dist/cli/main.js");
let project: string;

const GUARD = 'payload=$(cat); case "$payload" in *"rm -rf"*) echo "no rm -rf" >&2; exit 2;; esac; exit 0\n';
const settings = {
  hooks: {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [{ type: "command", command: 'sh "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh"' }],
      },
    ],
  },
};

function vigiles(args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], { cwd: project, encoding: "utf8" });
}

beforeAll(async () => {
  mkdirSync(join(repoRoot, ".vigiles/tmp"), { recursive: true });
  project = mkdtempSync(join(repoRoot, ".vigiles/tmp/record-"));
  mkdirSync(join(project, ".claude/hooks"), { recursive: true });
  writeFileSync(join(project, ".claude/settings.json"), JSON.stringify(settings));
  writeFileSync(join(project, ".claude/hooks/guard.sh"), GUARD);
  chmodSync(join(project, ".claude/hooks/guard.sh"), 0o755);
  writeFileSync(join(project, "notes.txt"), "remember the milk\n");
  // The "real session": the real CLI, the project's harness, a scripted model. Its stream is the transcript.
  const r = await runHarnessTest({
    prompt: "tidy up",
    model: [
      { tool: "Read", input: { file_path: "notes.txt" } },
      { tool: "Bash", input: { command: "rm -rf build" } },
      { tool: "Write", input: { file_path: "summary.txt", content: "milk\n" } },
      { text: "done" },
    ],
    files: { "notes.txt": "remember the milk\n", ".claude/hooks/guard.sh": GUARD },
    settings,
    transcript: true,
  });
  try {
    writeFileSync(join(project, "session.jsonl"), r.events.map((e) => JSON.stringify(e)).join("\n") + "\n");
  } finally {
    r.cleanup();
  }
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe("vigiles record", () => {
  test("a stream-json transcript without the prompt asks for --prompt", () => {
    const r = vigiles(["record", "session.jsonl"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--prompt/);
  });

  // Three real CLI runs in a row (record, then `vigiles test` twice), each confined: generous on a loaded machine.
  test(
    "the recorded test replays and passes, then fails once the hook is removed",
    { timeout: 180_000 },
    () => {
      const rec = vigiles([
        "record",
        "session.jsonl",
        "--prompt",
        "tidy up",
        "--out",
        "tests/session.harness.mjs",
      ]);
      expect(rec.status, rec.stderr).toBe(0);
      expect(rec.stdout).toMatch(/4 model turns/);
      const text = readFileSync(join(project, "tests/session.harness.mjs"), "utf8");
      expect(text).toContain('"Read",\n  "Bash",\n  "Write"');
      expect(text).toContain('"PreToolUse:Bash:2"');
      expect(text).toContain('"notes.txt": "remember the milk\\n"');

      const pass = vigiles(["test", "tests"]);
      expect(pass.stdout).toMatch(/Test Files {2}1 passed \(1\)/);

      writeFileSync(join(project, ".claude/settings.json"), JSON.stringify({}));
      const fail = vigiles(["test", "tests"]);
      expect(fail.status).toBe(1);
      expect(fail.stdout).toMatch(/hook fires changed|Test Files {2}1 failed \(1\)/);
      writeFileSync(join(project, ".claude/settings.json"), JSON.stringify(settings));
    },
  );

  test("--hooks writes a pass-through recorder and the settings that register it", () => {
    const r = vigiles(["record", "--hooks", "--dir", "payloads"]);
    expect(r.status).toBe(0);
    const script = join(project, "payloads/record-hook.sh");
    const run = spawnSync(script, [], {
      input: '{"hook_event_name":"PreToolUse","tool_name":"Bash"}',
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("");
    const saved = spawnSync("sh", ["-c", `cat ${join(project, "payloads/payloads")}/*PreToolUse.json`], {
      encoding: "utf8",
    });
    expect(JSON.parse(saved.stdout)).toMatchObject({ tool_name: "Bash" });
    expect(r.stdout).toContain('"PreToolUse": [');
  });
});

describe("reading real CLI streams", () => {
  test("subagent turns go under the subagent type that started them", () => {
    const text = readFileSync("test/harness/fixtures/streams/background-subagent.jsonl", "utf8");
    const s = readTranscript(parseTranscriptLines(text));
    expect(s.toolSequence).toEqual(["Agent"]);
    expect(s.agents["general-purpose"]).toEqual([
      { tool: "Bash", input: { command: "ls" } },
      { text: "two files" },
    ]);
  });

  test("hook fires keep their names and exit codes", () => {
    const text = readFileSync("test/harness/fixtures/streams/hooks-block-and-stop.jsonl", "utf8");
    const s = readTranscript(parseTranscriptLines(text));
    expect(s.hooks.map((h) => `${h.name}:${h.exitCode}`)).toContain("PreToolUse:Bash:2");
    expect(s.turns[0]).toEqual({ tool: "Bash", input: { command: "rm -rf x" } });
  });
});
