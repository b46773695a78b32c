// `vigiles facts` against real CLIs: every pinned fact holds on the pinned Codex, and on a stand-in for a
// newer Claude Code release exactly the one fact that stand-in changes is reported changed, with the
// audit rule that rests on it. The stand-in is a FIXTURE, not a CLI: a shell script that reports
// version 2.1.999 and, before starting the real pinned binary, removes project skills whose name
// breaks kebab-case (as a release that stopped listing such skills would). Every other probe therefore
// runs the real pinned CLI through it, so the 11 facts it leaves alone must hold.
import { execFile } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { claudeCodeAdapter } from "../../src/adapters/claude-code/adapter.js";
import { codexAdapter } from "../../src/adapters/codex/adapter.js";
import { runFacts, readFactsReport } from "../../src/tools/facts/run-facts.js";
import { diagnoseSetup } from "../../src/tools/doctor/diagnose-setup.js";
import { privateCacheDir } from "../support/private-cache.js";

const run = promisify(execFile);
// Full runs keep their report in the cache, for doctor: keep them in this test's own.
const work = privateCacheDir("vigiles-facts-");
const cache = join(work, "cache");

async function newerClaude(): Promise<string> {
  const real = (await claudeCodeAdapter.resolve()).path;
  const wrapper = join(work, "claude-2.1.999");
  writeFileSync(
    wrapper,
    [
      "#!/bin/sh",
      "# FIXTURE: a stand-in for a newer Claude Code that no longer lists skills with non-kebab names.",
      'if [ "$1" = "--version" ]; then echo "2.1.999 (Claude Code)"; exit 0; fi',
      "rm -rf .claude/skills/Bad_Name",
      `exec '${real}' "$@"`,
      "",
    ].join("\n"),
  );
  chmodSync(wrapper, 0o755);
  return wrapper;
}

describe("vigiles facts", { timeout: 300_000 }, () => {
  test("a release that changes one fact: exactly that fact is reported changed, with the rule that rests on it", async () => {
    const path = await newerClaude();
    const harness = await claudeCodeAdapter.resolve({ path });
    expect(harness.version).toBe("2.1.999");
    const report = await runFacts(claudeCodeAdapter, harness, { concurrency: 3 });
    const changed = report.results.filter((r) => r.status !== "holds");
    expect(changed.map((r) => [r.id, r.status, r.rules])).toEqual([
      ["skill-bad-name-still-listed", "changed", ["skill-name"]],
    ]);
    expect(changed[0]?.observed).toBe("the skill was not listed");
    expect(report.results.length).toBe(claudeCodeAdapter.factProbes?.length);
    expect(report.results.every((r) => r.status !== "cannot-run")).toBe(true);
  });

  test("every pinned Codex fact holds on the pinned Codex", async () => {
    const report = await runFacts(codexAdapter, await codexAdapter.resolve(), { record: false });
    expect(report.results.map((r) => [r.id, r.status, r.observed])).toEqual(
      (codexAdapter.factProbes ?? []).map((p) => [p.id, "holds", expect.any(String)]),
    );
  });

  test("the CLI reports the changed fact and its dependents, --format json is the same report, and doctor says the facts were re-checked", async () => {
    const path = await newerClaude();
    const env = { ...process.env, VIGILES_CLAUDE_BIN: path, VIGILES_CACHE_DIR: cache, IS_SANDBOX: "1" };
    const main = join(process.cwd(), "dist", "cli", "main.js");
    const only = "--only=skill-bad-name-still-listed,exit1-proceeds";
    const text = await run(process.execPath, [main, "facts", "--harness", "claude-code", only], {
      env,
    }).catch((e: { code: number; stdout: string }) => e);
    expect((text as { code?: number }).code).toBe(1);
    expect(text.stdout).toMatch(/✗ skill-bad-name-still-listed: CHANGED/);
    expect(text.stdout).toMatch(/depends on it: audit rule `skill-name`/);
    expect(text.stdout).toMatch(/✓ exit1-proceeds: holds/);
    const json = await run(
      process.execPath,
      [main, "facts", "--harness", "claude-code", only, "--format", "json"],
      {
        env,
      },
    ).catch((e: { stdout: string }) => e);
    const parsed = JSON.parse(json.stdout) as {
      reports: { version: string; results: { id: string; status: string }[] }[];
    };
    expect(parsed.reports[0]?.version).toBe("2.1.999");
    expect(Object.fromEntries(parsed.reports[0]?.results.map((r) => [r.id, r.status]) ?? [])).toEqual({
      "skill-bad-name-still-listed": "changed",
      "exit1-proceeds": "holds",
    });
    // `--only` runs are not kept: the report kept is the full run of the first test.
    expect(readFactsReport("claude-code", "2.1.999")?.results.length).toBe(
      claudeCodeAdapter.factProbes?.length,
    );
  });
});

describe("vigiles doctor and re-checked facts", () => {
  test("an unvalidated version says whether its facts were re-checked (the full run above kept its report)", async () => {
    const path = await newerClaude();
    process.env["VIGILES_CLAUDE_BIN"] = path;
    try {
      const line = async () => (await diagnoseSetup()).find((l) => l.subject === "Claude Code")?.message;
      expect(await line()).toMatch(
        /2\.1\.999 .* newer than the validated 2\.1\.328; pinned facts re-checked on \d{4}-\d\d-\d\d: 1 of 12 changed or could not run \(skill-bad-name-still-listed\)/,
      );
      process.env["VIGILES_CACHE_DIR"] = join(work, "empty-cache");
      expect(await line()).toMatch(
        /no pinned fact was re-checked for 2\.1\.999: run `vigiles facts --harness claude-code`/,
      );
    } finally {
      delete process.env["VIGILES_CLAUDE_BIN"];
      process.env["VIGILES_CACHE_DIR"] = cache;
    }
  });
});
