/**
 * One fixture per rule: `bad/` triggers the rule, its `clean/` twin differs only in the fix and
 * audits with no finding at all.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LINT_RULES } from "../../src/tools/audit/rules.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const FIXTURES = join(import.meta.dirname, "__fixtures__");
const names = readdirSync(FIXTURES).sort();

describe("every static rule has a fixture pair", () => {
  it("covers the whole catalogue", () => {
    expect(names).toEqual(LINT_RULES.map((r) => r.id).sort());
  });

  for (const name of names) {
    it(`${name}: bad triggers it, clean is clean`, () => {
      const bad = auditHarness(join(FIXTURES, name, "bad"));
      const hits = bad.findings.filter((f) => f.ruleId === name);
      expect(hits.length, JSON.stringify(bad.findings, null, 2)).toBeGreaterThan(0);
      for (const f of hits) {
        expect(f.fix.length).toBeGreaterThan(0);
        expect(f.message.length).toBeGreaterThan(0);
      }
      const clean = auditHarness(join(FIXTURES, name, "clean"));
      expect(clean.findings).toEqual([]);
    });
  }
});
