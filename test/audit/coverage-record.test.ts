import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  COVERAGE_DIR_ENV,
  CoverageRecordError,
  readCoverageRecords,
  recordCoverage,
} from "../../src/runtime/coverage-record.js";

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "vigiles-cov-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("coverage records", () => {
  it("records nothing when the directory is not configured", () => {
    const dir = tempDir();
    recordCoverage({ kind: "skill", source: "eval", identity: { name: "x" } }, {});
    expect(readdirSync(dir)).toEqual([]);
  });

  it("appends one line per entry and reads them back", () => {
    const dir = join(tempDir(), "nested");
    const env = { [COVERAGE_DIR_ENV]: dir };
    recordCoverage(
      { kind: "hook", source: "runHook", identity: { event: "PreToolUse", command: "bash g.sh" } },
      env,
    );
    recordCoverage({ kind: "skill", source: "runHarnessTest", identity: { name: "demo:greet" } }, env);
    const records = readCoverageRecords(dir);
    expect(records.map((r) => [r.kind, r.source, r.identity])).toEqual([
      ["hook", "runHook", { event: "PreToolUse", command: "bash g.sh" }],
      ["skill", "runHarnessTest", { name: "demo:greet" }],
    ]);
  });

  it("skips a torn last line and rejects a newer format", () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, "a.jsonl"),
      '{"v":1,"kind":"agent","source":"eval","identity":{"name":"r"}}\n{"v":1,"ki',
    );
    expect(readCoverageRecords(dir)).toHaveLength(1);
    writeFileSync(join(dir, "b.jsonl"), '{"v":9,"kind":"agent","source":"eval","identity":{}}\n');
    expect(() => readCoverageRecords(dir)).toThrow(CoverageRecordError);
  });

  it("names the missing directory", () => {
    expect(() => readCoverageRecords(join(tmpdir(), "vigiles-no-such-dir-xyz"))).toThrow(
      /vigiles-no-such-dir-xyz/,
    );
  });
});
