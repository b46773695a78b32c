// `vigiles facts` for Gemini CLI: every pinned Gemini fact the adapter rests on (exit 2 with a reason
// blocks, JSON read whatever the exit code, text on exit 127 fails closed, the timeout in
// milliseconds, an unknown decision ignored, Claude tool names and event names that never match, no
// hook events in the stream) holds on the REAL pinned Gemini CLI, each probe its own run.
import { describe, expect, test } from "vitest";
import { geminiAdapter } from "../../src/adapters/gemini-cli/adapter.js";
import { runFacts } from "../../src/tools/facts/run-facts.js";

describe("vigiles facts, Gemini CLI", () => {
  test("every pinned Gemini fact holds on the pinned Gemini CLI", { timeout: 400_000 }, async () => {
    const report = await runFacts(geminiAdapter, await geminiAdapter.resolve(), { record: false });
    expect(report.version).toBe(geminiAdapter.pinnedPackage.version);
    expect(report.results.map((r) => [r.id, r.status, r.observed])).toEqual(
      (geminiAdapter.factProbes ?? []).map((p) => [p.id, "holds", expect.any(String)]),
    );
    expect(report.results.length).toBe(8);
  });
});
