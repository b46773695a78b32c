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
  parseHarnessVersions,
  resolveHarnessVersion,
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
    expect(out.stdout).toMatch(/0 passed, 0 failed, 0 skipped, 1 unverified/);
    // Nothing verified is not a green run: the loud skip code.
    expect((out as { code?: number }).code).toBe(77);
  });
});
