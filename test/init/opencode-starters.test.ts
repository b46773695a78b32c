// Pins the starter `vigiles init` writes for an OpenCode project's plugins (the registry's
// codeHooks): one file with a check per declared tool.execute.before guard. Out of the box it passes
// or skips under `vigiles test` (the load and call checks run, the verdict checks are skipped);
// turned on, the verdicts are right (the guard blocks rm -rf and lets ls through); a plugin that
// OpenCode would drop without a word (a missing import) fails its load check by name; a TypeScript
// plugin's checks are skipped, saying why. Runs the built CLI (dist/), no real OpenCode.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, describe, expect, test } from "vitest";

const repoRoot = process.cwd();
const cli = join(repoRoot, "dist/cli/main.js");
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

const GUARD = `export const Guard = async () => ({
  "tool.execute.before": async (input, output) => {
    if (input.tool === "bash" && String(output.args.command).includes("rm -rf")) throw new Error("no rm -rf");
  },
});
`;

function project(plugins: Record<string, string>): string {
  // Outside this repository's package.json ("type": "module"), as a user's project is.
  const dir = mkdtempSync(join("/tmp", "vigiles-init-opencode-"));
  made.push(dir);
  mkdirSync(join(dir, ".opencode/plugin"), { recursive: true });
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(repoRoot, join(dir, "node_modules/vigiles"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", type: "module" }));
  for (const [name, text] of Object.entries(plugins))
    writeFileSync(join(dir, ".opencode/plugin", name), text);
  return dir;
}

function run(cwd: string, ...args: string[]) {
  const env = { ...process.env };
  delete env["VITEST"];
  delete env["VITEST_WORKER_ID"];
  delete env["NODE_OPTIONS"];
  return spawnSync(process.execPath, [cli, ...args], { cwd, env, encoding: "utf8", timeout: 300_000 });
}

const STARTER = "tests/vigiles/opencode-plugins.harness.mjs";

describe("vigiles init for an OpenCode project with plugins", () => {
  test.concurrent(
    "a check per guard: passes or skips out of the box; turned on, the verdicts are right",
    async () => {
      const dir = project({
        "guard.js": GUARD,
        "log.js": 'export const Log = async () => ({ "tool.execute.after": async () => {} });\n',
        "typed.ts": 'export const Typed = async () => ({ "tool.execute.before": async () => {} });\n',
      });
      const written = run(dir, "init");
      expect(written.status, written.stderr).toBe(0);
      expect(written.stdout).toContain(`wrote   ${STARTER}`);
      expect(written.stdout).toMatch(/1 plugin starter\(s\)/);
      const text = readFileSync(join(dir, STARTER), "utf8");
      // The after-hook declares no guard: no check for it.
      expect(text).not.toContain("log.js");
      expect(text).toContain("typed.ts is TypeScript");
      const r = run(dir, "test", "tests/vigiles");
      expect(r.status, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toMatch(/✓ .opencode\/plugin\/guard.js loads/);
      expect(r.stdout).toMatch(/✓ .opencode\/plugin\/guard.js: tool.execute.before runs on Bash/);
      writeFileSync(join(dir, STARTER), text.replace(/test\.skip\((".opencode\/plugin\/guard)/g, "test($1"));
      const on = run(dir, "test", "tests/vigiles");
      expect(on.stdout).toMatch(/✓ .opencode\/plugin\/guard.js blocks Bash/);
      expect(on.stdout).toMatch(/✓ .opencode\/plugin\/guard.js allows Bash/);
      expect(on.status, on.stdout + on.stderr).toBe(0);
    },
    300_000,
  );

  test.concurrent(
    "a plugin OpenCode would drop (a missing import) fails its load check by name",
    async () => {
      const dir = project({ "broken.js": `import { x } from "./gone.js";\n${GUARD}` });
      expect(run(dir, "init").status).toBe(0);
      const r = run(dir, "test", "tests/vigiles");
      expect(r.status).not.toBe(0);
      expect(r.stdout + r.stderr).toMatch(/broken.js: OpenCode dropped this plugin without a word.*gone.js/);
    },
    300_000,
  );
});
