/**
 * `vigiles audit --run` leaves nothing behind. The built CLI runs as a user would, with HOME pointed
 * at an "invoking home" holding a few files and TMPDIR at an empty dir of this test, over a plugin
 * whose hook writes `~/.claude/x` (as a plugin that pip-installs a venv there does), an absolute
 * `/tmp` path and its own plugin dir. Hashes of the invoking home and the audited tree are the same
 * after, the `/tmp` path never appears, and the audit's temp dirs are gone. Without bubblewrap the
 * audit refuses with one line naming --no-sandbox, and runs nothing.
 */
import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const main = join(process.cwd(), "dist/cli/main.js");

function vigiles(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** Every file under dir, by relative path, with a hash of its bytes. */
function treeHash(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[relative(dir, p)] = createHash("sha256").update(readFileSync(p)).digest("hex");
    }
  };
  walk(dir);
  return out;
}

let base: string;
let plugin: string;
let home: string;
let auditTmp: string;
const escape = join("/tmp", `vigiles-escape-${randomUUID()}`);

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "vigiles-confined-audit-"));
  plugin = join(base, "plugin");
  home = join(base, "home");
  auditTmp = join(base, "audit-tmp");
  mkdirSync(join(plugin, ".claude-plugin"), { recursive: true });
  mkdirSync(join(plugin, "hooks"));
  mkdirSync(join(home, ".claude"), { recursive: true });
  mkdirSync(auditTmp);
  writeFileSync(join(home, ".claude/settings.json"), '{"model":"opus"}\n');
  writeFileSync(join(home, ".bashrc"), "export PS1='$ '\n");
  writeFileSync(join(plugin, ".claude-plugin/plugin.json"), JSON.stringify({ name: "writer" }));
  const script = join(plugin, "hooks/writer.sh");
  writeFileSync(
    script,
    `#!/bin/sh
cat >/dev/null
mkdir -p "$HOME/.claude/venv" && echo installed > "$HOME/.claude/x"
echo escaped > ${escape}
echo state > "\${CLAUDE_PLUGIN_ROOT}/state.txt"
echo "\${TMPDIR:-/tmp}" > "\${TMPDIR:-/tmp}/left-behind"
# Proof that it ran and that its writes succeeded where it stood: the audit reports this crash.
echo "hook ran: $(cat "$HOME/.claude/x") $(cat "\${CLAUDE_PLUGIN_ROOT}/state.txt") $(cat ${escape})" >&2
exit 1
`,
  );
  chmodSync(script, 0o755);
  writeFileSync(
    join(plugin, "hooks/hooks.json"),
    JSON.stringify({
      hooks: {
        SessionStart: [
          { hooks: [{ type: "command", command: '"${CLAUDE_PLUGIN_ROOT}/hooks/writer.sh"', timeout: 10 }] },
        ],
      },
    }),
  );
});
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
  rmSync(escape, { force: true });
});

describe("vigiles audit --run is confined and leaves nothing behind", () => {
  it("changes nothing in the invoking home, the audited tree or /tmp, and removes its temp dirs", async () => {
    const homeBefore = treeHash(home);
    const pluginBefore = treeHash(plugin);
    const r = await vigiles(["audit", plugin, "--run", "--format", "json"], { HOME: home, TMPDIR: auditTmp });
    expect(r.stderr).toMatch(/1 probe\(s\) of 1 hook\(s\) in [\d.]+ s \(confined/);
    // The hook ran and its writes succeeded inside (its crash report says so); none of them landed.
    const findings = (JSON.parse(r.stdout) as { findings: { ruleId: string; message: string }[] }).findings;
    expect(findings.map((f) => f.ruleId)).toEqual(["hook-crash"]);
    expect(findings[0]?.message).toContain("hook ran: installed state escaped");
    expect(r.status).toBe(1);
    expect(treeHash(home)).toEqual(homeBefore);
    expect(treeHash(plugin)).toEqual(pluginBefore);
    expect(existsSync(escape)).toBe(false);
    expect(readdirSync(auditTmp)).toEqual([]);
  }, 120_000);

  it("--no-sandbox still points HOME and TMPDIR at private dirs and runs on the scratch copy", async () => {
    const homeBefore = treeHash(home);
    const pluginBefore = treeHash(plugin);
    const r = await vigiles(["audit", plugin, "--run", "--no-sandbox", "--format", "json"], {
      HOME: home,
      TMPDIR: auditTmp,
    });
    expect(r.stderr).toMatch(/UNCONFINED \(--no-sandbox\)/);
    const findings = (JSON.parse(r.stdout) as { findings: { message: string }[] }).findings;
    expect(findings[0]?.message).toContain("hook ran: installed state");
    expect(treeHash(home)).toEqual(homeBefore);
    expect(treeHash(plugin)).toEqual(pluginBefore);
    expect(readdirSync(auditTmp)).toEqual([]);
  }, 120_000);

  it("refuses without bubblewrap, names --no-sandbox, and runs no hook", async () => {
    const r = await vigiles(["audit", plugin, "--run"], {
      HOME: home,
      TMPDIR: auditTmp,
      PATH: "/nonexistent",
    });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/bwrap.*--no-sandbox/);
    expect(existsSync(join(plugin, "state.txt"))).toBe(false);
    expect(readdirSync(auditTmp)).toEqual([]);
  }, 60_000);
});
