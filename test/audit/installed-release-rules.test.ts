// The audit and explain judge a project by the release actually installed: the dialect bound from
// its release surface (tools/release-dialect.ts). Claude Code 2.1.332's PreSkillShellCommand is a
// known event there and unknown on the pinned 2.1.328; a matcher on Monitor is fine on 2.1.328 and
// names a tool 2.1.303 lacks. The newer and older releases are STAND-INS (test/support/
// stand-in-surface.ts: executables that answer --version and carry the surface text, never run as a
// CLI), named with VIGILES_CLAUDE_BIN, so no network and no fetched release is needed.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { harnessEntry } from "../../src/adapters/registry.js";
import { standInClaudeCli } from "../support/stand-in-surface.js";

const work = mkdtempSync(join(tmpdir(), "vigiles-release-rules-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const pinned = harnessEntry("claude-code").surface!.pinned;
const newer = standInClaudeCli(work, "2.1.332", pinned, { addEvents: ["PreSkillShellCommand"] });
const older = standInClaudeCli(work, "2.1.303", pinned, { dropTools: ["Monitor", "ToolSearch"] });

function project(name: string, hooks: Record<string, unknown>): string {
  const dir = join(work, name);
  mkdirSync(join(dir, ".claude"), { recursive: true });
  writeFileSync(join(dir, ".claude", "settings.json"), JSON.stringify({ hooks }, null, 2));
  return dir;
}

const command = { type: "command", command: "true" };
const skillShell = project("skill-shell", { PreSkillShellCommand: [{ hooks: [command] }] });
const monitor = project("monitor", { PreToolUse: [{ matcher: "Monitor", hooks: [command] }] });

function vigiles(args: string[], cwd: string, bin?: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, VIGILES_CACHE_DIR: join(work, "cache") };
  if (bin === undefined) delete env["VIGILES_CLAUDE_BIN"];
  else env["VIGILES_CLAUDE_BIN"] = bin;
  const main = join(process.cwd(), "src", "cli", "main.ts");
  const tsx = import.meta.resolve("tsx");
  return spawnSync(process.execPath, ["--import", tsx, main, ...args], { cwd, env, encoding: "utf8" });
}

const rulesOf = (stdout: string): string[] =>
  (JSON.parse(stdout) as { findings: { ruleId: string }[] }).findings.map((f) => f.ruleId);

describe("rules of the installed release", { timeout: 120_000 }, () => {
  test.concurrent("PreSkillShellCommand: unknown on the pinned 2.1.328, known on 2.1.332", async () => {
    const onPinned = vigiles(["audit", ".", "--format", "json"], skillShell);
    expect(onPinned.status).toBe(1);
    expect(rulesOf(onPinned.stdout)).toContain("unknown-event");
    const onNewer = vigiles(["audit", ".", "--format", "json"], skillShell, newer);
    expect(onNewer.stderr).toContain("judged by the rules of Claude Code 2.1.332 (validated: 2.1.328)");
    expect(rulesOf(onNewer.stdout)).not.toContain("unknown-event");
  });

  test.concurrent(
    "matcher-unknown-tool uses the installed release's tools: Monitor is missing on 2.1.303",
    async () => {
      expect(rulesOf(vigiles(["audit", ".", "--format", "json"], monitor).stdout)).not.toContain(
        "matcher-unknown-tool",
      );
      const onOlder = vigiles(["audit", ".", "--format", "json"], monitor, older);
      expect(rulesOf(onOlder.stdout)).toContain("matcher-unknown-tool");
    },
  );

  test.concurrent(
    "explain takes the event on 2.1.332, naming the release whose rules it used; refuses it on 2.1.328",
    async () => {
      const onPinned = vigiles(["explain", "--event", "PreSkillShellCommand"], skillShell);
      expect(onPinned.status).toBe(2);
      expect(onPinned.stderr).toMatch(/is not a Claude Code hook event/);
      const onNewer = vigiles(["explain", "--event", "PreSkillShellCommand"], skillShell, newer);
      expect(onNewer.stdout).toMatch(/✓ fires .* PreSkillShellCommand\[0\]/);
      expect(onNewer.stderr).toContain("judged by the rules of Claude Code 2.1.332");
      expect(onNewer.status).toBe(0);
    },
  );
});
