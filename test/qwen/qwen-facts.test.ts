// `vigiles facts --harness qwen-code`: every pinned Qwen Code fact the adapter rests on (exit 2 blocks
// and its stderr reaches the model, a matcher in Claude Code's tool name fires as an alias,
// PostToolUse context reaches the model) holds on the REAL pinned Qwen Code, each probe its own run.
import { describe, expect, test } from "vitest";
import { qwenAdapter } from "../../src/adapters/qwen-code/adapter.js";
import { runFacts } from "../../src/tools/facts/run-facts.js";

describe("vigiles facts, Qwen Code", () => {
  test("every pinned Qwen Code fact holds on the pinned CLI", { timeout: 400_000 }, async () => {
    const report = await runFacts(qwenAdapter, await qwenAdapter.resolve(), { record: false });
    expect(report.version).toBe(qwenAdapter.pinnedPackage.version);
    expect(report.results.map((r) => [r.id, r.status, r.observed])).toEqual(
      (qwenAdapter.factProbes ?? []).map((p) => [p.id, "holds", expect.any(String)]),
    );
    expect(report.results.length).toBe(3);
  });
});
