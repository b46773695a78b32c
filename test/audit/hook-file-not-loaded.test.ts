/**
 * Pins `hook-file-not-loaded`: a hooks-shaped file in a harness's own folder that no harness loads
 * is reported, naming the files that harness does load; a file some harness (or a plugin manifest)
 * loads, a file without `hooks`, and a file not named like a hooks file are left alone. A Gemini
 * extension's root `settings.json` and the `hooks` of its `gemini-extension.json` are reported too
 * (Gemini CLI 0.61.0 reads an extension's hooks only from hooks/hooks.json; a real run in
 * test/gemini/gemini-extension-hooks.test.ts ran neither). And the claim under it: the pinned
 * Claude Code binary names no `.claude/hooks.json` at all.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const HOOKS = JSON.stringify({
  hooks: { SessionStart: [{ hooks: [{ type: "command", command: "echo started" }] }] },
});

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function audit(files: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), "vigiles-stray-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return auditHarness(dir).findings.filter((f) => f.ruleId === "hook-file-not-loaded");
}

describe("hook-file-not-loaded", () => {
  it("reports .claude/hooks.json and .gemini/hooks.json, naming each harness's own files", () => {
    const found = audit({ ".claude/hooks.json": HOOKS, ".gemini/hooks.json": HOOKS });
    expect(found.map((f) => `${f.file}: ${f.message}`).sort()).toEqual([
      ".claude/hooks.json: No harness loads this file: its hooks never run. Claude Code reads hooks from .claude/settings*.json, plugins' hooks/hooks.json.",
      ".gemini/hooks.json: No harness loads this file: its hooks never run. Gemini CLI reads hooks from .gemini/settings.json, extensions' hooks/hooks.json.",
    ]);
  });

  it("leaves alone a loaded file, a file without hooks, and a file not named like a hooks file", () => {
    expect(
      audit({
        ".codex/hooks.json": HOOKS,
        ".claude/hooks.json": JSON.stringify({ note: "a list of hook ideas" }),
        ".claude/extra.json": HOOKS,
      }),
    ).toEqual([]);
  });

  it("leaves alone a hooks file a plugin manifest names", () => {
    expect(
      audit({
        ".claude-plugin/plugin.json": JSON.stringify({ name: "p", hooks: "./.claude/hooks.json" }),
        ".claude/hooks.json": HOOKS,
      }),
    ).toEqual([]);
  });

  it("reports a Gemini extension's root settings.json and its manifest's hooks, saying where they go", () => {
    const found = audit({
      "ext/gemini-extension.json": JSON.stringify({ name: "ext", version: "1.0.0", ...JSON.parse(HOOKS) }),
      "ext/settings.json": HOOKS,
    });
    expect(found.map((f) => `${f.file}: ${f.message}`).sort()).toEqual([
      'ext/gemini-extension.json: Gemini CLI never reads the "hooks" of this file: they never run. It reads them from this extension\'s hooks/hooks.json.',
      "ext/settings.json: No harness loads this file: its hooks never run. Gemini CLI reads hooks from this extension's hooks/hooks.json.",
    ]);
  });

  it("leaves alone an extension whose hooks are in hooks/hooks.json, and a settings.json without hooks", () => {
    expect(
      audit({
        "gemini-extension.json": JSON.stringify({ name: "ext", version: "1.0.0" }),
        "settings.json": JSON.stringify({ theme: "dark" }),
        "hooks/hooks.json": HOOKS,
      }),
    ).toEqual([]);
  });

  it("the pinned Claude Code binary names no .claude/hooks.json (it reads hooks from settings and plugins)", () => {
    const require = createRequire(import.meta.url);
    const bin = join(dirname(require.resolve("@anthropic-ai/claude-code-linux-x64/package.json")), "claude");
    const buf = readFileSync(bin);
    expect(buf.indexOf(".claude/hooks.json")).toBe(-1);
    // The files it does read hooks from are there (the control that the search can find a path).
    expect(buf.indexOf("hooks/hooks.json")).toBeGreaterThan(0);
    expect(buf.indexOf("settings.local.json")).toBeGreaterThan(0);
  });
});
