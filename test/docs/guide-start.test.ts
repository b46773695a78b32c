// Runs the `sh` samples of docs/guide.md's "Start from your project", in order, in a fresh copy of
// examples/my-project outside this repository: `npm i -D vigiles @anthropic-ai/claude-code@…` is
// stood in for by links to this checkout's built package and its pinned CLI (the only line not
// run); every other line runs as written and must exit 0, and the starters must pass or skip.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, expect, test } from "vitest";

const repoRoot = process.cwd();
const project = mkdtempSync(join(tmpdir(), "vigiles-guide-start-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

function sectionSamples(): string[] {
  const page = readFileSync(join(repoRoot, "docs/guide.md"), "utf8");
  const start = page.indexOf("## Start from your project");
  const section = page.slice(start, page.indexOf("\n## ", start + 1));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
    (m[1] ?? "").split("\n").filter((l) => l.trim() !== ""),
  );
}

test("every sh line of the section runs in a fresh project, and the starters pass or skip", () => {
  const lines = sectionSamples();
  expect(lines[0]).toMatch(/^npm i -D vigiles @anthropic-ai\/claude-code@\d/);
  cpSync(join(repoRoot, "examples/my-project"), project, { recursive: true });
  mkdirSync(join(project, "node_modules/.bin"), { recursive: true });
  mkdirSync(join(project, "node_modules/@anthropic-ai"));
  symlinkSync(repoRoot, join(project, "node_modules/vigiles"));
  symlinkSync(
    join(repoRoot, "node_modules/@anthropic-ai/claude-code"),
    join(project, "node_modules/@anthropic-ai/claude-code"),
  );
  symlinkSync(join(repoRoot, "dist/cli/main.js"), join(project, "node_modules/.bin/vigiles"));
  const env = { ...process.env, PATH: `${join(project, "node_modules/.bin")}:${process.env["PATH"] ?? ""}` };
  delete env["VITEST"];
  delete env["VITEST_WORKER_ID"];
  for (const line of lines.slice(1)) {
    const r = spawnSync("sh", ["-c", line], { cwd: project, env, encoding: "utf8", timeout: 300_000 });
    expect(r.status, `${line}\n${r.stdout}\n${r.stderr}`).toBe(0);
    if (line.includes("vigiles test")) {
      expect(r.stdout).toMatch(
        /✓ PreToolUse hook answers Bash "git push --force origin main" within the contract/,
      );
      expect(r.stdout).toMatch(/^ Test Files {2}1 passed \(1\)$/m);
    }
  }
  expect(existsSync(join(project, ".github/workflows/vigiles.yml"))).toBe(true);
}, 600_000);
