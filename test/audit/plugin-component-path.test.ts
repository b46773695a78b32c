/**
 * plugin-component-path: Claude Code 2.1.328 skips the whole plugin when a component path in
 * plugin.json does not start with "./" (pinned in test/docs/harness-facts.test.ts).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { applyEdits } from "../../src/core/audit/apply-edits.js";
import { checkPluginManifest } from "../../src/core/audit/rules/plugin-manifest.js";
import { fixHarness } from "../../src/tools/audit/fix.js";

const FIXTURES = join(import.meta.dirname, "__fixtures__");
const file = ".claude-plugin/plugin.json";
const check = (manifest: Record<string, unknown>) => {
  const text = JSON.stringify({ name: "demo", ...manifest }, null, 2);
  const findings = checkPluginManifest({ file, text }).filter((f) => f.ruleId === "plugin-component-path");
  return { text, findings };
};

describe("plugin-component-path", () => {
  it("reports each path without ./ as an error naming the field and the path", () => {
    const { findings } = check({
      skills: "extra",
      commands: ["./cmds/ok.md", "cmds/one.md"],
      agents: ["agents/a.md"],
      hooks: "hooks/more.json",
      mcpServers: "mcp.json",
      lspServers: ["lsp.json"],
      outputStyles: "styles",
      themes: "themes",
      workflows: ["flows/a.js"],
      monitors: "monitors.json",
    });
    expect(findings.map((f) => f.message.match(/"(\w+)" path "([^"]+)"/)?.slice(1))).toEqual([
      ["commands", "cmds/one.md"],
      ["agents", "agents/a.md"],
      ["skills", "extra"],
      ["hooks", "hooks/more.json"],
      ["mcpServers", "mcp.json"],
      ["lspServers", "lsp.json"],
      ["outputStyles", "styles"],
      ["themes", "themes"],
      ["workflows", "flows/a.js"],
      ["monitors", "monitors.json"],
    ]);
    for (const f of findings) {
      expect(f.severity).toBe("error");
      expect(f.message).toMatch(/skips the whole plugin/);
      expect(f.range?.line).toBeGreaterThan(1);
    }
  });

  it('accepts ./ paths, skills ".", MCPB URLs and inline objects', () => {
    const { findings } = check({
      skills: [".", "./", "./extra"],
      commands: { about: { source: "./README.md" } },
      hooks: [{ hooks: {} }, "./hooks/more.json"],
      mcpServers: ["https://example.com/server.mcpb", { db: { command: "db" } }],
      lspServers: { ts: { command: "tsserver" } },
    });
    expect(findings).toEqual([]);
  });

  it("fixes a plain relative path by prefixing ./, leaving valid JSON", () => {
    const { text, findings } = check({ skills: "extra", commands: ["cmds/one.md", ".hidden/two.md"] });
    const edits = findings.flatMap((f) => f.edits ?? []);
    expect(edits).toHaveLength(3);
    expect(JSON.parse(applyEdits(text, edits))).toEqual({
      name: "demo",
      skills: "./extra",
      commands: ["./cmds/one.md", "./.hidden/two.md"],
    });
  });

  it("offers no edit where ./ would change the meaning", () => {
    for (const path of [
      "/abs/skills",
      "../outside",
      "~/skills",
      "${CLAUDE_PLUGIN_ROOT}/skills",
      "C:/x",
      ".",
      "",
    ]) {
      const { findings } = check({ agents: [path] });
      expect(findings, path).toHaveLength(1);
      expect(findings[0]?.edits, path).toBeUndefined();
      expect(findings[0]?.fix, path).toMatch(/starting with "\.\/"/);
    }
  });
});

describe("plugin-component-path --fix", () => {
  const temps: string[] = [];
  afterEach(() => {
    for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("rewrites plugin.json to its clean twin and leaves a clean audit", () => {
    const dir = mkdtempSync(join(tmpdir(), "vigiles-component-path-"));
    temps.push(dir);
    cpSync(join(FIXTURES, "plugin-component-path", "bad"), dir, { recursive: true });
    const result = fixHarness(dir);
    expect(result.filesChanged).toEqual([file]);
    expect(result.fixed).toBe(2);
    expect(readFileSync(join(dir, file), "utf8")).toBe(
      readFileSync(join(FIXTURES, "plugin-component-path", "clean", file), "utf8"),
    );
    expect(result.report.findings).toEqual([]);
  });

  it("lets duplicate-hooks-file drop a standard hooks entry without ./ instead of prefixing it", () => {
    const dir = mkdtempSync(join(tmpdir(), "vigiles-component-path-"));
    temps.push(dir);
    cpSync(join(FIXTURES, "plugin-component-path", "clean"), dir, { recursive: true });
    const manifest = join(dir, file);
    const text = readFileSync(manifest, "utf8").replace(
      '"name": "demo",',
      '"name": "demo",\n  "hooks": "hooks/hooks.json",',
    );
    writeFileSync(manifest, text);
    const result = fixHarness(dir);
    expect(JSON.parse(readFileSync(manifest, "utf8"))).toEqual({
      name: "demo",
      skills: "./extra",
      commands: ["./cmds/status.md"],
    });
    expect(result.report.findings).toEqual([]);
  });
});
