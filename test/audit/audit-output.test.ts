/**
 * The audit's outputs and its --fix, through the library and through the real `vigiles audit`
 * command run as a process.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fixHarness } from "../../src/tools/audit/fix.js";
import { formatHuman, formatJson, formatSarif } from "../../src/tools/audit/format.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const FIXTURES = join(import.meta.dirname, "__fixtures__");
const MAIN = join(import.meta.dirname, "../../dist/cli/main.js");
const temps: string[] = [];
function copyFixture(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), "vigiles-audit-"));
  temps.push(dir);
  cpSync(join(FIXTURES, name, "bad"), dir, { recursive: true });
  return dir;
}
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [MAIN, ...args], { encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("--fix", () => {
  it("quotes the plugin root in place, leaving valid JSON and a clean audit", () => {
    const dir = copyFixture("unquoted-plugin-root");
    const result = fixHarness(dir);
    expect(result.filesChanged).toEqual(["hooks/hooks.json"]);
    const json = JSON.parse(readFileSync(join(dir, "hooks/hooks.json"), "utf8")) as {
      hooks: { PreToolUse: { hooks: { command: string }[] }[] };
    };
    expect(json.hooks.PreToolUse[0]?.hooks[0]?.command).toBe(
      '"${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh" --strict',
    );
    expect(result.report.findings).toEqual([]);
  });

  it("drops the duplicate manifest entry and keeps the others", () => {
    const dir = copyFixture("duplicate-hooks-file");
    fixHarness(dir);
    const manifest = JSON.parse(readFileSync(join(dir, ".claude-plugin/plugin.json"), "utf8")) as unknown;
    expect(manifest).toEqual({ name: "demo", version: "1.0.0", hooks: ["./hooks/extra.json"] });
    expect(auditHarness(dir).findings).toEqual([]);
  });

  it("leaves findings without a safe fix alone", () => {
    const dir = copyFixture("env-payload");
    const before = readFileSync(join(dir, "hooks/guard.sh"), "utf8");
    const result = fixHarness(dir);
    expect(result.filesChanged).toEqual([]);
    expect(readFileSync(join(dir, "hooks/guard.sh"), "utf8")).toBe(before);
    expect(result.report.findings.map((f) => f.ruleId)).toEqual(["env-payload"]);
  });
});

describe("formats", () => {
  const report = auditHarness(join(FIXTURES, "workflow-nondeterminism", "bad"));

  it("human output groups by file with line:column", () => {
    const text = formatHuman(report);
    expect(text).toMatch(/^workflows\/sweep\.js\n {2}6:5 +error +Date\.now\(\)/);
    expect(text).toMatch(/4 errors, 0 warnings\n$/);
  });

  it("json output carries a version, the summary and every finding", () => {
    const json = JSON.parse(formatJson(report)) as {
      version: number;
      summary: { errors: number };
      findings: unknown[];
    };
    expect(json.version).toBe(1);
    expect(json.summary.errors).toBe(4);
    expect(json.findings).toHaveLength(4);
  });

  it("sarif is 2.1.0 with rules, levels and repository-relative locations", () => {
    const sarif = JSON.parse(formatSarif(report)) as {
      version: string;
      runs: {
        tool: { driver: { name: string; rules: { id: string; defaultConfiguration: { level: string } }[] } };
        results: {
          ruleId: string;
          ruleIndex: number;
          level: string;
          message: { text: string };
          locations: {
            physicalLocation: {
              artifactLocation: { uri: string; uriBaseId: string };
              region: { startLine: number; startColumn: number };
            };
          }[];
        }[];
      }[];
    };
    expect(sarif.version).toBe("2.1.0");
    const run = sarif.runs[0];
    expect(run?.tool.driver.name).toBe("vigiles");
    expect(run?.results).toHaveLength(4);
    for (const r of run?.results ?? []) {
      expect(run?.tool.driver.rules[r.ruleIndex]?.id).toBe(r.ruleId);
      expect(r.level).toBe("error");
      expect(r.message.text.length).toBeGreaterThan(0);
      const loc = r.locations[0]?.physicalLocation;
      expect(loc?.artifactLocation).toEqual({ uri: "workflows/sweep.js", uriBaseId: "%SRCROOT%" });
      expect(loc?.region.startLine).toBeGreaterThanOrEqual(1);
      expect(loc?.region.startColumn).toBeGreaterThanOrEqual(1);
    }
  });
});

describe("vigiles audit (the command)", () => {
  it("exits 1 on errors and 0 on a clean tree", () => {
    const bad = cli(["audit", join(FIXTURES, "env-payload", "bad")]);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/hooks\/guard\.sh\n {2}3:8 +error .*CLAUDE_TOOL_INPUT.*\[env-payload\]/);
    const clean = cli(["audit", join(FIXTURES, "env-payload", "clean")]);
    expect(clean.status).toBe(0);
    expect(clean.stdout).toMatch(/no problems/);
  });

  it("exits 0 when only warnings remain, prints sarif, and rejects a bad format", () => {
    const warn = cli(["audit", "--format", "sarif", join(FIXTURES, "if-dir-glob", "bad")]);
    expect(warn.status).toBe(0);
    expect((JSON.parse(warn.stdout) as { version: string }).version).toBe("2.1.0");
    const bad = cli(["audit", "--format", "xml", "."]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--format must be one of human, json, sarif, got "xml"/);
  });

  it("--fix rewrites the file and exits 0 once nothing is left", () => {
    const dir = copyFixture("unquoted-plugin-root");
    const r = cli(["audit", "--fix", dir]);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/fixed 1 finding\(s\) in hooks\/hooks\.json/);
  });
});
