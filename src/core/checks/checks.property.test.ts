// Properties over generated runs: ordered-subsequence matching, serialisation round trips, and the
// rule that a check never passes on a field nobody recorded.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { usedInOrder } from "../predicates/tools.js";
import { createTrace } from "../trace-builder.js";
import { checkFromJSON } from "./from-json.js";
import { allowed, blocked, hookFiredCheck } from "./hook-checks.js";
import { output, received } from "./text-checks.js";
import { mcp, skill, tool } from "./tool-checks.js";
import { cost, latency, tokens } from "./usage-checks.js";
import type { Check } from "./types.js";

const toolName = fc.constantFrom("Read", "Edit", "Write", "Bash", "Grep", "Skill", "Agent", "Task");
const word = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== "");

describe("usedInOrder", () => {
  it("holds for every subsequence of the calls and fails once a name is missing", () => {
    fc.assert(
      fc.property(
        fc.array(toolName, { maxLength: 20 }),
        fc.array(fc.boolean(), { maxLength: 20 }),
        (names, keep) => {
          const trace = createTrace({ toolCalls: names.map((name) => ({ name })) });
          const sub = names.filter((_, i) => keep[i] ?? false);
          expect(usedInOrder(trace, sub)).toBe(true);
          expect(usedInOrder(trace, [...sub, "NeverUsed"])).toBe(false);
        },
      ),
    );
  });

  it("fails when the order is reversed and the two names occur once each", () => {
    fc.assert(
      fc.property(fc.array(toolName, { maxLength: 10 }), (middle) => {
        const calls = ["First", ...middle, "Last"].map((name) => ({ name }));
        const trace = createTrace({ toolCalls: calls });
        expect(usedInOrder(trace, ["First", "Last"])).toBe(true);
        expect(usedInOrder(trace, ["Last", "First"])).toBe(false);
      }),
    );
  });
});

const checkArb: fc.Arbitrary<Check> = fc.oneof(
  word.map((w) => tool(w)),
  word.map((w) => skill(w)),
  fc.tuple(word, word).map(([s, t]) => mcp(s, t)),
  word.map((w) => output(w)),
  word.map((w) => received(w)),
  word.map((w) => hookFiredCheck(w)),
  fc.constant(blocked()),
  word.map((w) => allowed(w)),
  fc.double({ min: 0, max: 10, noNaN: true }).map((maxUsd) => cost({ maxUsd })),
  fc.nat().map((maxMs) => latency({ maxMs })),
  fc.nat().map((max) => tokens({ max })),
);

describe("checks as data", () => {
  it("round-trip through JSON with the same label and the same verdict", () => {
    const traceArb = fc
      .record({
        names: fc.array(toolName, { maxLength: 6 }),
        out: fc.string({ maxLength: 20 }),
        withHooks: fc.boolean(),
        withUsage: fc.boolean(),
      })
      .map(({ names, out, withHooks, withUsage }) =>
        createTrace({
          toolCalls: names.map((name) => ({ name })),
          output: out,
          ...(withHooks ? { hooks: [{ event: "PreToolUse", name: "PreToolUse:Bash", blocked: true }] } : {}),
          ...(withUsage ? { usage: { costUsd: 1, durationMs: 10, inputTokens: 5, outputTokens: 5 } } : {}),
        }),
      );
    fc.assert(
      fc.property(checkArb, traceArb, (check, trace) => {
        const revived = checkFromJSON(JSON.parse(JSON.stringify(check)));
        expect(revived.label).toBe(check.label);
        expect(revived.evaluate(trace)).toEqual(check.evaluate(trace));
      }),
    );
  });

  it("never pass on a run that recorded no hooks, requests or usage", () => {
    const unrecorded = fc
      .array(toolName, { maxLength: 6 })
      .map((names) => createTrace({ toolCalls: names.map((name) => ({ name })), output: "anything" }));
    const needsRecord = fc.oneof(
      word.map((w) => received(w)),
      word.map((w) => hookFiredCheck(w)),
      fc.constant(blocked()),
      fc.constant(allowed()),
      fc.double({ min: 0, max: 10, noNaN: true }).map((maxUsd) => cost({ maxUsd })),
      fc.nat().map((max) => tokens({ max })),
    );
    fc.assert(
      fc.property(needsRecord, unrecorded, (check, trace) => {
        const r = check.evaluate(trace);
        expect(r.pass).toBe(false);
        expect(r.message).toMatch(/not recorded/);
      }),
    );
  });
});
