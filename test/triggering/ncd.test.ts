import { describe, expect, it } from "vitest";
import { compressedSize, ncd, ncdPairs, normaliseForNcd } from "../../src/core/ncd.js";
import {
  checkPromptDiversity,
  DEFAULT_NEAR_DUPLICATE_DISTANCE,
  dropNearDuplicates,
  PromptSetNotDiverseError,
} from "../../src/core/triggering/diversity.js";
import { nearDuplicateEdits, realisticPromptSets, templatedSet } from "./prompt-sets.js";

describe("ncd", () => {
  it("is 0 for the same text up to case, spacing and surrounding punctuation", () => {
    expect(ncd("Deploy the branch", "  deploy   THE branch!! ")).toBe(0);
    expect(normaliseForNcd("  Hi,  There. ")).toBe("hi, there");
  });

  it("is symmetric and grows with difference", () => {
    const a = "Extract the tables from invoice.pdf into a CSV";
    const b = "Extract the tables from invoice.pdf into a spreadsheet";
    const c = "Restart the worker pods in the eu cluster";
    expect(ncd(a, b)).toBeCloseTo(ncd(b, a), 12);
    expect(ncd(a, b)).toBeLessThan(ncd(a, c));
    expect(ncd(a, c)).toBeGreaterThan(0.5);
    expect(ncd(a, c)).toBeLessThanOrEqual(1);
  });

  it("uses a real compressor: repetitive text compresses below its length", () => {
    const text = "skill ".repeat(200);
    expect(compressedSize(text)).toBeLessThan(text.length / 10);
  });

  it("ncdPairs lists every pair once, closest first", () => {
    const pairs = ncdPairs(["a b c d e", "x y z", "a b c d f"]);
    expect(pairs).toHaveLength(3);
    expect(pairs[0]).toMatchObject({ i: 0, j: 2 });
    expect(pairs.map((p) => p.distance)).toEqual([...pairs.map((p) => p.distance)].sort((x, y) => x - y));
  });
});

// The measurement behind DEFAULT_NEAR_DUPLICATE_DISTANCE: if the compressor or normalisation changes,
// these bounds say whether the threshold still separates real sets from copy-paste.
describe("the near-duplicate threshold, measured", () => {
  const diverse = Object.values(realisticPromptSets).flatMap((set) => ncdPairs(set).map((p) => p.distance));
  const copies = Object.values(realisticPromptSets).flatMap((set) =>
    set.flatMap((s) => Object.values(nearDuplicateEdits).map((edit) => ncd(s, edit(s)))),
  );

  it("accepts every pair of the hand-written sets (201 pairs, min >= 0.52)", () => {
    expect(diverse).toHaveLength(201);
    expect(Math.min(...diverse)).toBeGreaterThanOrEqual(0.52);
    expect(Math.min(...diverse)).toBeGreaterThan(DEFAULT_NEAR_DUPLICATE_DISTANCE);
  });

  it("rejects every copy-paste edit (252 pairs, max <= 0.45) and a one-template set", () => {
    expect(copies).toHaveLength(252);
    expect(Math.max(...copies)).toBeLessThanOrEqual(0.45);
    expect(Math.max(...copies)).toBeLessThan(DEFAULT_NEAR_DUPLICATE_DISTANCE);
    expect(Math.max(...ncdPairs(templatedSet).map((p) => p.distance))).toBeLessThan(
      DEFAULT_NEAR_DUPLICATE_DISTANCE,
    );
  });
});

describe("checkPromptDiversity", () => {
  const good = realisticPromptSets["deploy"] as readonly string[];

  it("passes a varied set of ten and reports its closest distance", () => {
    const result = checkPromptDiversity(good);
    expect(result.count).toBe(10);
    expect(result.minDistance).toBeGreaterThan(DEFAULT_NEAR_DUPLICATE_DISTANCE);
  });

  it("rejects a set below minPrompts, naming the count and floor", () => {
    expect(() => checkPromptDiversity(good.slice(0, 4))).toThrow(/has 4 prompt\(s\); at least 10/);
    expect(() => checkPromptDiversity(good.slice(0, 4), { minPrompts: 4 })).not.toThrow();
  });

  it("rejects a copy-pasted set, naming the pair and their distance", () => {
    const pasted = [...good.slice(0, 9), `Please ${good[3]?.toLowerCase()}, thanks`];
    let caught: unknown;
    try {
      checkPromptDiversity(pasted);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PromptSetNotDiverseError);
    const err = caught as PromptSetNotDiverseError;
    expect(err.code).toBe("VIGILES_PROMPTS_NOT_DIVERSE");
    expect(err.message).toContain("prompts[3]");
    expect(err.message).toContain("prompts[9]");
    expect(err.message).toMatch(/distance 0\.\d{3} < 0\.48/);
    expect(err.pair?.a).toBe(good[3]);
  });

  it("rejects empty prompts and bad options", () => {
    expect(() => checkPromptDiversity(["ok", " "], { minPrompts: 1 })).toThrow(/\[1\] is empty/);
    expect(() => checkPromptDiversity(good, { minPrompts: 0 })).toThrow(/positive integer/);
  });

  it("dropNearDuplicates keeps the first of each near-duplicate group", () => {
    expect(
      dropNearDuplicates(["Deploy to staging now", "deploy to staging now!", "Roll back production"]),
    ).toEqual(["Deploy to staging now", "Roll back production"]);
  });
});
