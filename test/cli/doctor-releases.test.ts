// Pins that `vigiles doctor` is not "ready" on a release where not one pinned fact held (issue 32:
// Copilot 1.0.92 rejected a flag vigiles passes, every probe exited 1, and doctor said "ready"). The
// CLI is a stand-in (a script that only answers --version) and the facts report is written into a
// private cache, as `vigiles facts` keeps it: nothing here runs a real CLI.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { diagnoseSetup } from "../../src/tools/doctor/diagnose-setup.js";
import { factsReportPath, type FactsReport } from "../../src/tools/facts/run-facts.js";

const dir = mkdtempSync(join(tmpdir(), "vigiles-doctor-releases-"));
const env = { VIGILES_CACHE_DIR: join(dir, "cache") };
const saved = { cache: process.env["VIGILES_CACHE_DIR"], bin: process.env["VIGILES_CLAUDE_BIN"] };
afterEach(() => {
  for (const [key, value] of [
    ["VIGILES_CACHE_DIR", saved.cache],
    ["VIGILES_CLAUDE_BIN", saved.bin],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function standInClaude(version: string): string {
  const path = join(dir, `claude-${version}`);
  writeFileSync(path, `#!/bin/sh\necho "${version} (Claude Code)"\n`);
  chmodSync(path, 0o755);
  return path;
}

function keepReport(version: string, statuses: readonly ("holds" | "changed" | "cannot-run")[]): void {
  const report: FactsReport = {
    schema: 1,
    harness: "claude-code",
    version,
    validated: "2.1.328",
    binary: "/x",
    ranAt: "2026-12-01T00:00:00.000Z",
    results: statuses.map((status, i) => ({
      id: `fact-${i}`,
      fact: "f",
      status,
      observed: "exit 1",
      rules: [],
      folding: [],
      pinnedBy: "t",
      durationMs: 1,
    })),
  };
  const path = factsReportPath("claude-code", version, env);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(report));
}

describe("doctor on a release whose facts were re-checked", () => {
  test("not one fact held: an error (not ready) naming the release and how to see why", async () => {
    process.env["VIGILES_CACHE_DIR"] = env.VIGILES_CACHE_DIR;
    process.env["VIGILES_CLAUDE_BIN"] = standInClaude("2.1.290");
    keepReport("2.1.290", ["cannot-run", "cannot-run", "changed"]);
    const line = (await diagnoseSetup({}, dir)).find((l) => l.subject === "Claude Code");
    expect(line).toMatchObject({ level: "error" });
    expect(line?.message).toMatch(/3 of 3 changed or could not run .*not one holds/);
    expect(line?.fix).toMatch(/vigiles facts --harness claude-code/);
  });

  test("some facts held: still a warning", async () => {
    process.env["VIGILES_CACHE_DIR"] = env.VIGILES_CACHE_DIR;
    process.env["VIGILES_CLAUDE_BIN"] = standInClaude("2.1.291");
    keepReport("2.1.291", ["holds", "cannot-run"]);
    const line = (await diagnoseSetup({}, dir)).find((l) => l.subject === "Claude Code");
    expect(line).toMatchObject({ level: "warn" });
  });
});
