/**
 * One fixture per rule: `bad/` triggers the rule, its `clean/` twin differs only in the fix and
 * audits with no finding at all; `bad-<case>/` and `clean-<case>/` are a further pair of one rule.
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

  // A rule may have more pairs than one: `bad-<case>` beside its twin `clean-<case>`.
  const pairs = names.flatMap((name) =>
    readdirSync(join(FIXTURES, name))
      .filter((d) => d === "bad" || d.startsWith("bad-"))
      .sort()
      .map((bad) => ({ name, bad, clean: `clean${bad.slice(3)}` })),
  );
  for (const { name, bad: badDir, clean: cleanDir } of pairs) {
    it(`${name}${badDir.slice(3)}: bad triggers it, clean is clean`, () => {
      const bad = auditHarness(join(FIXTURES, name, badDir));
      const hits = bad.findings.filter((f) => f.ruleId === name);
      expect(hits.length, JSON.stringify(bad.findings, null, 2)).toBeGreaterThan(0);
      for (const f of hits) {
        expect(f.fix.length).toBeGreaterThan(0);
        expect(f.message.length).toBeGreaterThan(0);
      }
      const clean = auditHarness(join(FIXTURES, name, cleanDir));
      expect(clean.findings).toEqual([]);
    });
  }
});
