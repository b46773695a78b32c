// Pins `vigiles explain` for the hooks whose job is not a verdict (issue 31): with no arguments it
// lists the registered hooks by event and exits 0; `--event SessionStart` sends the harness's first
// source (startup), so a hook matching `startup` fires, and `--source` picks another; `--run` reports
// the context a hook adds (size and first line), its system message and other effects, not
// "outcome: none"; Gemini CLI's SessionStart gets a source too. Runs the built CLI (dist) with --no-sandbox
// on hooks of our own (echo and printf only).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { runVigiles } from "../support/run-vigiles.js";

let repo: string;
let managed: string;
const context = `Team rules:\\n${"x".repeat(3400)}`;

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), "vigiles-explain-effects-"));
  managed = mkdtempSync(join(tmpdir(), "vigiles-explain-managed-"));
  mkdirSync(join(repo, ".claude"));
  mkdirSync(join(repo, ".gemini"));
  const answer = JSON.stringify({
    systemMessage: "rules loaded",
    hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "@@" },
  }).replace('"@@"', `"${context}"`);
  writeFileSync(
    join(repo, ".claude/settings.json"),
    JSON.stringify({
      hooks: {
        SessionStart: [
          { matcher: "startup", hooks: [{ type: "command", command: `printf '%s' '${answer}'` }] },
          { matcher: "resume", hooks: [{ type: "command", command: "echo resumed" }] },
        ],
        Stop: [{ hooks: [{ type: "command", command: "true" }] }],
      },
    }),
  );
  writeFileSync(
    join(repo, ".gemini/settings.json"),
    JSON.stringify({
      hooks: { SessionStart: [{ matcher: "startup", hooks: [{ type: "command", command: "echo hi" }] }] },
    }),
  );
});
afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
  rmSync(managed, { recursive: true, force: true });
});

const explain = (args: string[]) =>
  runVigiles(["explain", ...(args.includes("gemini") ? [] : ["--managed-dir", managed]), ...args], {
    cwd: repo,
    env: { ...process.env, HOME: managed },
  });

test("no arguments: the registered hooks by event, exit 0", async () => {
  const r = await runVigiles(["explain", "--harness", "claude-code", "--managed-dir", managed], {
    cwd: repo,
    env: { ...process.env, HOME: managed },
  });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toMatch(
    /3 Claude Code hook\(s\) registered, by event:\nSessionStart\n {2}\.claude\/settings\.json:\d+ \(project settings\) {2}matcher "startup"/,
  );
  expect(r.stdout).toMatch(/\nStop\n {2}\.claude\/settings\.json:\d+ \(project settings\) {2}true/);
});

test("--event SessionStart fires the startup hook; --run reports its context and system message", async () => {
  const r = await explain(["--harness", "claude-code", "--event", "SessionStart", "--run", "--no-sandbox"]);
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/✓ fires .*printf/);
  expect(r.stdout).toMatch(/✗ skipped .*echo resumed/);
  expect(r.stdout).toContain('context added: 3.3 KB, first line "Team rules:"');
  expect(r.stdout).toContain('system message: "rules loaded"');
  expect(r.stdout).toContain("outcome: no decision (the action goes ahead), and:");
  expect(r.stdout).not.toMatch(/outcome: none/);
});

test("--source resume picks the other hook; its plain stdout is context on SessionStart", async () => {
  const r = await explain([
    "--harness",
    "claude-code",
    "--event",
    "SessionStart",
    "--source",
    "resume",
    "--run",
    "--no-sandbox",
  ]);
  expect(r.stdout).toMatch(/✓ fires .*echo resumed/);
  expect(r.stdout).toContain('context added (plain stdout): 7 characters, first line "resumed"');
});

test("Gemini CLI's SessionStart is sent a source, so its startup hook fires", async () => {
  const r = await explain(["--harness", "gemini", "--event", "SessionStart"]);
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/✓ fires .*echo hi/);
});
