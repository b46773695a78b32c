// Pins issue 17 §4: every registered command, given bad input (a malformed, missing or directory
// file, wrong-typed hooks, half a JSON event, a broken managed file, a symlink loop), fails with one
// named line on stderr through run-cli's one handler: exit 2, the file named, no stack trace, and
// the command's prefix once (compile's messages carried their own, issue 22).
// Runs the built CLI (dist) as a real process on fixture folders.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runVigiles } from "../support/run-vigiles.js";
import { commands } from "../../dist/cli/commands.js";

let dir: string;

// An empty managed folder, so the machine's own /etc/claude-code cannot decide a case.
const vigiles = (args: readonly string[], cwd: string) =>
  runVigiles(args, { cwd, env: { ...process.env, VIGILES_MANAGED_SETTINGS_DIR: join(cwd, "no-managed") } });

/** A project folder holding `.claude/settings.json` with `text` (or a folder there when undefined). */
function project(name: string, settings: string | undefined): string {
  const root = join(dir, name);
  mkdirSync(join(root, ".claude"), { recursive: true });
  if (settings === undefined) mkdirSync(join(root, ".claude", "settings.json"));
  else writeFileSync(join(root, ".claude", "settings.json"), settings);
  return root;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "vigiles-bad-input-"));
  writeFileSync(join(dir, "half.json"), '{"tool_name": "Bash", "tool_in');
  writeFileSync(join(dir, "array.json"), "[1, 2]");
  writeFileSync(join(dir, "unknown-event.json"), '{"hook_event_name": "Deploy"}');
  mkdirSync(join(dir, "a-folder"));
  mkdirSync(join(dir, "managed"));
  writeFileSync(join(dir, "managed", "managed-settings.json"), '{"hooks": {');
  const plugin = join(dir, "loop-plugin");
  mkdirSync(join(plugin, ".claude-plugin"), { recursive: true });
  mkdirSync(join(plugin, "hooks"));
  writeFileSync(join(plugin, ".claude-plugin", "plugin.json"), '{"name": "loop"}');
  symlinkSync("hooks.json", join(plugin, "hooks", "hooks.json"));
  writeFileSync(join(dir, "half-program.mjs"), "export default {\n");
  writeFileSync(join(dir, "imports-a-package.mjs"), 'import { z } from "zod";\nexport default z;\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder holding one empty file `name` (a harness or eval file for discovery to find). */
function withFile(folder: string, name: string): string {
  const root = join(dir, folder);
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, name), "");
  return root;
}

interface BadInput {
  readonly command: string;
  readonly args: readonly string[];
  /** The folder to run in (default: the fixture folder). */
  readonly cwd?: () => string;
  /** What the one line must name. */
  readonly names: RegExp;
}

const cases: readonly BadInput[] = [
  { command: "test", args: ["no/such/dir"], names: /"no\/such\/dir"/ },
  { command: "doctor", args: ["extra"], names: /'extra'/ },
  {
    command: "cache",
    args: ["prune", "--older-than", "yesterday"],
    names: /--older-than takes a number of days, got "yesterday"/,
  },
  { command: "init", args: ["extra"], names: /'extra'/ },
  {
    command: "explain",
    args: ["--tool", "Bash"],
    cwd: () => project("malformed", '{"hooks": {"PreToolUse": ['),
    names: /settings\.json" is not valid JSON/,
  },
  {
    command: "explain",
    args: ["--tool", "Bash"],
    cwd: () => project("settings-is-a-folder", undefined),
    names: /settings\.json" is a folder/,
  },
  {
    command: "explain",
    args: ["--tool", "Bash"],
    cwd: () => project("wrong-typed", '{"hooks": {"PreToolUse": "rm -rf /"}}'),
    names: /settings\.json": Invalid hooks config: PreToolUse/,
  },
  { command: "explain", args: ["half.json"], names: /"half\.json" is not valid JSON/ },
  { command: "explain", args: ["array.json"], names: /"array\.json" is not a JSON object/ },
  {
    command: "explain",
    args: ["--tool", "Bash", "--managed-dir", "managed"],
    names: /managed-settings\.json" is not valid JSON/,
  },
  {
    command: "explain",
    args: ["--tool", "Bash", "--harness", "nope"],
    names: /--harness "nope" names no harness/,
  },
  {
    command: "explain",
    args: ["--tool", "bash", "--harness", "copilot", "--managed-dir", "managed"],
    names: /--managed-dir reads layered settings/,
  },
  // Issue 29 §5, before: exit 0 and "no hook is registered for this event" (a typo hid every hook).
  {
    command: "explain",
    args: ["--event", "PreToolUsee"],
    names: /--event "PreToolUsee" is not a Claude Code hook event\. Did you mean "PreToolUse"\?/,
  },
  {
    command: "explain",
    args: ["--tool", "Bash", "--event", "PreTool", "--harness", "codex"],
    names: /--event "PreTool" is not a Codex hook event\. Did you mean "PreToolUse"\?/,
  },
  {
    command: "explain",
    args: ["--event", "pretooluse", "--harness", "copilot-cli"],
    names: /--event "pretooluse" is not a .*Copilot.* hook event\. Did you mean "preToolUse"\?/,
  },
  {
    command: "explain",
    args: ["--event", "BeforeTools", "--harness", "gemini"],
    names: /--event "BeforeTools" is not a Gemini.* hook event\. Did you mean "BeforeTool"\?/,
  },
  {
    command: "explain",
    args: ["unknown-event.json"],
    names: /hook_event_name "Deploy" is not a Claude Code hook event\. Its events: PreToolUse, /,
  },
  { command: "record", args: ["missing.jsonl"], names: /"missing\.jsonl" does not exist/ },
  { command: "record", args: ["a-folder"], names: /"a-folder" is a folder/ },
  { command: "audit", args: ["loop-plugin"], names: /hooks\.json" is a symlink loop/ },
  { command: "audit", args: ["no-such-repo"], names: /"no-such-repo"/ },
  { command: "lint", args: ["no-such-repo"], names: /"no-such-repo": it is not a folder/ },
  { command: "compile", args: ["no-such-program.ts"], names: /no-such-program\.ts does not exist/ },
  // Before: esbuild's raw failure as "unexpected error (a bug in vigiles)", exit 1.
  {
    command: "compile",
    args: ["half-program.mjs"],
    names: /could not read the hook program .*half-program\.mjs: half-program\.mjs:2: Expected identifier/,
  },
  // Before: the message's own "vigiles compile: " under the handler's, exit 1.
  { command: "compile", args: ["imports-a-package.mjs"], names: /imports-a-package\.mjs imports "zod"/ },
  { command: "report", args: ["half.json"], names: /half\.json is not a vigiles eval report/ },
  { command: "eval", args: ["--trials", "many"], names: /--trials/ },
  { command: "merge-reports", args: ["half.json"], names: /"half\.json" is not valid JSON/ },
  { command: "mutate", args: ["--format", "xml"], names: /--format must be one of/ },
  // Issue 29 §4, before: exit 0 and "0 mutant(s) of 0 item(s)".
  {
    command: "mutate",
    args: ["--root", "/nonexistent"],
    names:
      /the repository to mutate, "\/nonexistent", does not exist: pass the repository's folder with --root/,
  },
  { command: "mutate", args: ["--root", "half.json"], names: /half\.json", is not a folder/ },
  { command: "facts", args: ["--format", "xml"], names: /--format must be one of/ },
  // Issue 29 §2, before: exit 0 and no output (the version filtered away, nothing ran).
  {
    command: "facts",
    args: ["--harness", "gemini", "--version", "codex@0.169.0"],
    names: /--version "codex@0\.169\.0" is a release of codex, which --harness gemini leaves out/,
  },
  {
    command: "facts",
    args: ["--version", "codx@0.169.0"],
    names: /--version "codx@0\.169\.0" names no harness\. Did you mean "codex"\?/,
  },
  {
    command: "facts",
    args: ["--version", "nosuch@1.0.0"],
    names: /--version "nosuch@1\.0\.0" names no harness/,
  },
  {
    command: "facts",
    args: ["--harness", "gemni"],
    names: /--harness "gemni" names no harness\. Did you mean "gemini"/,
  },
  // Before: exit 1, the probe never named.
  {
    command: "facts",
    args: ["--only", "no-such-probe"],
    names: /--only "no-such-probe" names no probe of claude-code, codex, copilot-cli, gemini/,
  },
  {
    command: "fetch-harness",
    args: ["claude-code@2.1.x"],
    names: /"claude-code@2\.1\.x" is not a version or dist-tag/,
  },
  // Issue 29 §6, before: exit 1, as if a fetch had failed.
  {
    command: "fetch-harness",
    args: ["bogus@1.0.0"],
    names: /"bogus@1\.0\.0" names no harness\. Use one of claude-code, codex/,
  },
  {
    command: "fetch-harness",
    args: ["claude-code@2.1.328", "codx@0.169.0"],
    names: /"codx@0\.169\.0" names no harness\. Did you mean "codex"\?/,
  },
  {
    command: "test",
    args: ["--harness-version", "codx@0.169.0"],
    cwd: () => withFile("with-a-harness-file", "a.harness.mjs"),
    names: /--harness-version "codx@0\.169\.0" names no harness\. Did you mean "codex"\?/,
  },
  // Before: both asked the npm registry for "@anthropic-ai/claude-code@<text>" first.
  {
    command: "eval",
    args: ["--harness-version", "2.1.x"],
    names: /--harness-version: harness version "2\.1\.x"/,
  },
  {
    command: "eval",
    args: ["--harness-version", "codex@0.169.0"],
    names: /--harness-version "codex@0\.169\.0": the default driver runs Claude Code/,
  },
];

describe.concurrent("bad input: one named line, exit 2, for every command", () => {
  test("every registered command has a case", () => {
    expect(new Set(cases.map((c) => c.command))).toEqual(new Set(commands.map((c) => c.name)));
  });

  test.each(cases.map((c) => [`${c.command} ${c.args.join(" ")}`, c] as const))(
    "vigiles %s",
    async (_, c) => {
      const r = await vigiles([c.command, ...c.args], c.cwd?.() ?? dir);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stderr).not.toMatch(/unexpected error/);
      const first = r.stderr.split("\n")[0] ?? "";
      expect(first).toMatch(new RegExp(`^vigiles ${c.command}: `));
      expect(first).not.toMatch(new RegExp(`^vigiles ${c.command}: vigiles `));
      expect(first).toMatch(c.names);
      expect(r.status, r.stderr).toBe(2);
    },
    60_000,
  );
});
