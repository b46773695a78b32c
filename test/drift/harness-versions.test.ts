// Version specs, declared ranges and outcome changes of `vigiles test --harness-version`, and a real
// `vigiles test` run whose file declares a range the pinned CLI is outside of: reported unverified,
// never as a pass.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";
import { claudeCodeAdapter } from "../../src/adapters/claude-code/adapter.js";
import { codexAdapter } from "../../src/adapters/codex/adapter.js";
import { InvalidOptionError } from "../../src/core/errors.js";
import {
  HarnessRoundMismatchError,
  parseHarnessVersions,
  resolveHarnessVersion,
  resolveRunHarness,
  versionFromEnv,
} from "../../src/tiers/harness/harness-version.js";
import {
  declaredRanges,
  describeChange,
  outcomeChanges,
  unverifiedReason,
} from "../../src/tools/test-runner/harness-versions.js";
import type { TestFileResult } from "../../src/tools/test-runner/run-files.js";

const dir = mkdtempSync(join(tmpdir(), "vigiles-versions-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("version specs", () => {
  test("bare versions belong to the default harness; harness@version, dist-tags and lists parse", () => {
    expect(parseHarnessVersions("2.1.328, 2.1.332", "claude-code")).toEqual([
      { harness: "claude-code", version: "2.1.328" },
      { harness: "claude-code", version: "2.1.332" },
    ]);
    expect(parseHarnessVersions("codex@0.171.0,latest", "claude-code")).toEqual([
      { harness: "codex", version: "0.171.0" },
      { harness: "claude-code", version: "latest" },
    ]);
    expect(() => parseHarnessVersions("2.1.x", "claude-code")).toThrow(InvalidOptionError);
    expect(() => parseHarnessVersions(" , ", "claude-code")).toThrow(/no harness version/);
  });

  test("the environment names a version per harness", () => {
    const env = { VIGILES_HARNESS_VERSION: "claude-code@2.1.332,codex@0.171.0" };
    expect(versionFromEnv(claudeCodeAdapter, env)).toBe("2.1.332");
    expect(versionFromEnv(codexAdapter, env)).toBe("0.171.0");
    expect(versionFromEnv(codexAdapter, { VIGILES_HARNESS_VERSION: "2.1.332" })).toBeUndefined();
  });

  test("the pinned version resolves to the installed CLI without the cache or the registry", async () => {
    const found = await resolveHarnessVersion(claudeCodeAdapter, "2.1.328", {
      fetch: false,
      env: { VIGILES_CACHE_DIR: join(dir, "no-cache") },
    });
    expect(found).toMatchObject({ version: "2.1.328", source: "node_modules" });
  });
});

describe("declared ranges and outcome changes", () => {
  test("a file's @vigiles-harness comment is its range; a pass outside it is unverified", () => {
    const file = join(dir, "a.harness.mjs");
    writeFileSync(
      file,
      "// @vigiles-harness claude-code >=2.1.330 <2.2.0\n// @vigiles-harness codex 0.169.x\n",
    );
    expect(Object.fromEntries(declaredRanges(file))).toEqual({
      "claude-code": ">=2.1.330 <2.2.0",
      codex: "0.169.x",
    });
    expect(unverifiedReason(file, { harness: "claude-code", version: "2.1.332" })).toBeUndefined();
    expect(unverifiedReason(file, { harness: "claude-code", version: "2.1.328" })).toBe(
      "unverified for claude-code 2.1.328: the file declares >=2.1.330 <2.2.0",
    );
    writeFileSync(file, "// @vigiles-harness claude-code not-a-range\n");
    expect(() => declaredRanges(file)).toThrow(/is not a semver range/);
  });

  test("only files whose status differs between releases are named", () => {
    const result = (file: string, status: TestFileResult["status"]): TestFileResult => ({
      file,
      status,
      exitCode: status === "failed" ? 1 : 0,
      durationMs: 1,
      timedOut: false,
      stdout: "",
      stderr: "",
    });
    const a = { harness: "claude-code", version: "2.1.328" };
    const b = { harness: "claude-code", version: "2.1.332" };
    const changes = outcomeChanges([
      { release: a, results: [result("x", "passed"), result("y", "passed")] },
      { release: b, results: [result("x", "passed"), result("y", "failed")] },
    ]);
    expect(changes.map(describeChange)).toEqual([
      "y: claude-code 2.1.328 passed → claude-code 2.1.332 failed",
    ]);
  });
});

describe("vigiles test with a declared range, real CLI", { timeout: 180_000 }, () => {
  test("a file that passes on the pinned CLI outside its declared range is unverified, not passed", async () => {
    const project = join(dir, "project");
    const entry = join(process.cwd(), "dist", "entries", "index.js");
    const { mkdirSync } = await import("node:fs");
    mkdirSync(project, { recursive: true });
    writeFileSync(
      join(project, "ranged.harness.mjs"),
      [
        "// @vigiles-harness claude-code >=2.1.330",
        `import { runHarnessTest } from ${JSON.stringify(entry)};`,
        'const r = await runHarnessTest({ prompt: "hi", model: [{ text: "done" }] });',
        "r.cleanup();",
        "",
      ].join("\n"),
    );
    const main = join(process.cwd(), "dist", "cli", "main.js");
    const out = await promisify(execFile)(
      process.execPath,
      [main, "test", "--harness-version", "2.1.328", "."],
      {
        cwd: project,
        env: { ...process.env, IS_SANDBOX: "1" },
      },
    ).catch((e: { code: number; stdout: string }) => e);
    expect(out.stdout).toMatch(
      /\? ranged\.harness\.mjs .*passed, unverified for claude-code 2\.1\.328: the file declares >=2\.1\.330/,
    );
    expect(out.stdout).toMatch(/^ Test Files {2}1 unverified \(1\)$/m);
    // Nothing verified is not a green run: the loud skip code.
    expect((out as { code?: number }).code).toBe(77);
  });
});

// Issue 29 §1, in the child: a run inside a round never runs a CLI the round does not name.
describe("resolveRunHarness inside a round", () => {
  const round = { VIGILES_HARNESS_VERSION: "codex@0.169.0", VIGILES_HARNESS: "codex" };
  test("another harness's adapter, or another harnessVersion, is refused before anything runs", async () => {
    await expect(resolveRunHarness(claudeCodeAdapter, {}, round)).rejects.toThrow(HarnessRoundMismatchError);
    await expect(resolveRunHarness(codexAdapter, { harnessVersion: "0.170.0" }, round)).rejects.toThrow(
      /round of codex 0\.169\.0 .* would run codex 0\.170\.0: its harnessVersion is 0\.170\.0/,
    );
  });
  test("the round's own harness resolves to the release it names", async () => {
    const found = await resolveRunHarness(codexAdapter, {}, round);
    expect([found.adapterId, found.version]).toEqual(["codex", "0.169.0"]);
  });
});

// Issue 29 §1: `--harness-version codex@0.169.0` in a Claude Code repository labelled the round
// codex and ran Claude Code 2.1.328 in every file. A round now runs the harness it names, and a file
// that picks another CLI itself fails with HarnessRoundMismatchError instead of wearing the label.
describe("a round runs the release it names, real CLIs", { timeout: 180_000 }, () => {
  test("codex@0.169.0 in a Claude Code repository runs Codex 0.169.0; a file pinning Claude Code is refused", async () => {
    const { mkdirSync } = await import("node:fs");
    const project = join(dir, "claude-repo");
    mkdirSync(join(project, ".claude"), { recursive: true });
    writeFileSync(join(project, ".claude", "settings.json"), "{}");
    const entries = join(process.cwd(), "dist", "entries");
    const body = (adapter: string) =>
      [
        `import { runHarnessTest } from ${JSON.stringify(join(entries, "index.js"))};`,
        `import { claudeCodeAdapter } from ${JSON.stringify(join(entries, "claude-code.js"))};`,
        `const r = await runHarnessTest({ prompt: "hi", model: [{ text: "done" }] }${adapter});`,
        'console.log("ran", r.harness.adapterId, r.harness.version);',
        "r.cleanup();",
        "",
      ].join("\n");
    writeFileSync(join(project, "default.harness.mjs"), body(""));
    writeFileSync(join(project, "pinned.harness.mjs"), body(", { adapter: claudeCodeAdapter }"));
    const main = join(process.cwd(), "dist", "cli", "main.js");
    const out = await promisify(execFile)(
      process.execPath,
      [main, "test", "--harness-version", "codex@0.169.0", "--reporter", "json", "."],
      { cwd: project, env: { ...process.env, IS_SANDBOX: "1" } },
    ).catch((e: { code: number; stdout: string }) => e);
    const report = JSON.parse(out.stdout) as {
      results: { file: string; status: string; stdout: string; stderr: string; release: unknown }[];
    };
    const byFile = Object.fromEntries(report.results.map((r) => [r.file, r]));
    expect(byFile["default.harness.mjs"]).toMatchObject({
      status: "passed",
      release: { harness: "codex", version: "0.169.0" },
    });
    expect(byFile["default.harness.mjs"]?.stdout).toBe("ran codex 0.169.0\n");
    expect(byFile["pinned.harness.mjs"]?.status).toBe("failed");
    expect(byFile["pinned.harness.mjs"]?.stderr).toMatch(
      /HarnessRoundMismatchError: This run belongs to a round of codex 0\.169\.0 .* would run claude-code/,
    );
    expect((out as { code?: number }).code).toBe(1);
  });
});
