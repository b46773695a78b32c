// Pins `vigiles doctor`: the pinned CLIs are reported as validated, a newer CLI is a warning that
// says what to re-check, a missing one an error with the install line, credentials are found
// without being used, and the command's exit code follows the errors. Confinement: bwrap missing
// from PATH is an error whose fix is this machine's install line.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { diagnoseSetup } from "../../src/tools/doctor/diagnose-setup.js";
import { copilotTrustLine } from "../../src/adapters/copilot-cli/trust.js";
import { bubblewrapInstallLine } from "../../src/tools/doctor/install-lines.js";

const dir = mkdtempSync(join(tmpdir(), "vigiles-doctor-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  delete process.env["VIGILES_CLAUDE_BIN"];
});

function fakeClaude(version: string): string {
  const path = join(dir, `claude-${version}`);
  writeFileSync(path, `#!/bin/sh\necho "${version} (Claude Code)"\n`);
  chmodSync(path, 0o755);
  return path;
}

describe("vigiles doctor", () => {
  test("this machine: both pinned CLIs validated, confinement works", async () => {
    const lines = await diagnoseSetup({}, dir);
    const by = Object.fromEntries(lines.map((l) => [l.subject, l]));
    expect(by["Claude Code"]?.level).toBe("ok");
    expect(by["Claude Code"]?.message).toContain("2.1.328");
    expect(by["Codex"]?.message).toContain("0.169.0");
    expect(by["Gemini CLI"]).toMatchObject({ level: "ok", message: expect.stringContaining("0.61.0") });
    expect(by["confinement"]?.level).toBe("ok");
  });

  test("a newer Claude Code is a warning naming what to re-check", async () => {
    process.env["VIGILES_CLAUDE_BIN"] = fakeClaude("2.2.0");
    const line = (await diagnoseSetup({}, dir)).find((l) => l.subject === "Claude Code");
    expect(line).toMatchObject({ level: "warn" });
    expect(line?.message).toContain("newer than the validated 2.1.328");
    expect(line?.fix).toMatch(/hook_started/);
  });

  test("a missing Claude Code is an error with the install line", async () => {
    process.env["VIGILES_CLAUDE_BIN"] = join(dir, "no-such-claude");
    const line = (await diagnoseSetup({}, dir)).find((l) => l.subject === "Claude Code");
    expect(line).toMatchObject({
      level: "error",
      fix: "npm install -D -E @anthropic-ai/claude-code@2.1.328",
    });
  });

  test("credentials are found and not used; their absence only informs", async () => {
    const withKey = await diagnoseSetup({ ANTHROPIC_API_KEY: "sk-test" }, dir);
    expect(withKey.find((l) => l.subject === "paid tier (Claude)")?.message).toMatch(/not contacted/);
    const without = await diagnoseSetup({}, dir);
    expect(without.find((l) => l.subject === "paid tier (Claude)")?.level).toBe("info");
  });
});

describe("vigiles doctor, GitHub Copilot CLI", () => {
  test("the pinned Copilot CLI is validated", async () => {
    const line = (await diagnoseSetup({}, dir)).find((l) => l.subject === "GitHub Copilot CLI");
    expect(line?.level).toBe("ok");
    expect(line?.message).toContain("1.0.102");
  }, 120_000);

  test("repository hooks in a folder Copilot does not trust are a warning (Copilot skips them silently)", () => {
    const project = mkdtempSync(join(dir, "project-"));
    const home = mkdtempSync(join(dir, "home-"));
    mkdirSync(join(project, ".github", "hooks"), { recursive: true });
    writeFileSync(join(project, ".github", "hooks", "guard.json"), '{"version":1,"hooks":{}}');
    const untrusted = copilotTrustLine(project, home, {});
    expect(untrusted).toMatchObject({ level: "warn" });
    expect(untrusted?.message).toMatch(/skips these hooks without a word/);
    mkdirSync(join(home, ".copilot"));
    // Copilot writes its config.json with `//` comment lines first.
    writeFileSync(
      join(home, ".copilot", "config.json"),
      `// managed\n${JSON.stringify({ trustedFolders: [project] })}\n`,
    );
    expect(copilotTrustLine(project, home, {})?.level).toBe("ok");
    expect(copilotTrustLine(home, home, {})).toBeUndefined();
  });
});

describe("vigiles doctor, bubblewrap's install line", () => {
  test("a PATH without bwrap: an error naming it, with the install line for this machine", () => {
    // A PATH holding only node, sh and apt-get (this machine's package manager): no bwrap.
    const bin = mkdtempSync(join(dir, "bin-"));
    for (const p of [process.execPath, "/bin/sh", "/usr/bin/apt-get"])
      symlinkSync(p, join(bin, p.split("/").at(-1) ?? p));
    const r = spawnSync(process.execPath, [join(process.cwd(), "dist/cli/main.js"), "doctor"], {
      encoding: "utf8",
      env: { PATH: bin, HOME: dir },
      timeout: 180_000,
    });
    expect(r.stdout).toMatch(/✗ confinement +bubblewrap \(bwrap\) is not installed: `bwrap` is not on PATH/);
    const root = process.getuid?.() === 0;
    expect(r.stdout).toContain(
      `fix: ${root ? "apt-get update && apt-get install -y bubblewrap" : "as root: apt-get update && apt-get install -y bubblewrap"}`,
    );
    expect(r.status).toBe(1);
  }, 200_000);

  test("the line follows the machine: root or sudo, the package manager, Linux only", () => {
    const line = (root: boolean, onPath: string[], platform: NodeJS.Platform = "linux") =>
      bubblewrapInstallLine({ platform, root, onPath: new Set(onPath) });
    expect(line(true, ["apt-get"])).toBe("apt-get update && apt-get install -y bubblewrap");
    expect(line(false, ["apt-get", "sudo"])).toBe(
      "sudo apt-get update && sudo apt-get install -y bubblewrap",
    );
    expect(line(false, ["dnf", "sudo"])).toBe("sudo dnf install -y bubblewrap");
    expect(line(false, ["apk"])).toBe("as root: apk add bubblewrap");
    expect(line(true, [])).toMatch(/the package is `bubblewrap`/);
    expect(line(false, ["sudo"], "darwin")).toMatch(/Linux only \(this is darwin\)/);
  });
});
