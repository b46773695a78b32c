import { describe, expect, it } from "vitest";
import { ArmAccumulator } from "../../src/core/eval/aggregate.js";
import { mergeReports } from "../../src/core/eval/merge.js";
import type { EvalReport } from "../../src/core/eval-report.js";

function report(
  values: (readonly [boolean, number])[],
  shard?: { index: number; total: number },
): EvalReport {
  const acc = new ArmAccumulator();
  for (const [ok, score] of values) {
    acc.addTrial({ ok, score }, { costUsd: 0.5, inputTokens: 1, outputTokens: 1, durationMs: 1 }, false);
  }
  return {
    version: 1,
    arms: { a: acc.report() },
    totalCostUsd: 0.5 * values.length,
    inputsHash: "h",
    ...(shard ? { shard } : {}),
  };
}

describe("mergeReports", () => {
  const all = [
    [true, 3],
    [false, 1.5],
    [true, 7],
    [true, 0],
    [false, 2.25],
  ] as const;

  it("combines summaries exactly: the merge of shards equals the whole", () => {
    const whole = report([...all]);
    const { report: merged, missingShards } = mergeReports([
      report(all.slice(0, 2), { index: 1, total: 2 }),
      report(all.slice(2), { index: 2, total: 2 }),
    ]);
    expect(missingShards).toEqual([]);
    for (const metric of ["ok", "score"]) {
      const m = merged.arms["a"]!.metrics[metric]!;
      const w = whole.arms["a"]!.metrics[metric]!;
      expect(m.n).toBe(w.n);
      expect(m.mean).toBeCloseTo(w.mean, 12);
      expect(m.std).toBeCloseTo(w.std, 12);
      expect(m.passK).toBe(w.passK);
      expect(m.kind).toBe(w.kind);
    }
    expect(merged.arms["a"]!.metrics["ok"]!.wilson).toEqual(whole.arms["a"]!.metrics["ok"]!.wilson);
    expect(merged.totalCostUsd).toBe(2.5);
    expect(merged.arms["a"]!.trials).toBe(5);
  });

  it("refuses mixed inputs, repeated shards and newer versions; reports missing shards", () => {
    const a = report(all.slice(0, 2), { index: 1, total: 3 });
    expect(() => mergeReports([a, { ...a, inputsHash: "other", shard: { index: 2, total: 3 } }])).toThrow(
      /other inputs/,
    );
    expect(() => mergeReports([a, a])).toThrow(/repeats shard 1\/3/);
    expect(() => mergeReports([{ ...a, version: 2 as 1 }])).toThrow(/report version 2/);
    expect(mergeReports([a]).missingShards).toEqual([2, 3]);
  });
});
