// Pins the differential conformance of a fixed sample of the corpus (test/conformance/corpus.ts),
// per harness: the free prediction (runHook with the case's registration, and the built `vigiles
// explain`) must agree with the REAL pinned CLI (runHarnessTest with the harness's adapter, against
// the mock) on whether each hook fires, and for a decision case on whether the call is blocked and
// whether its context reaches the model. A disagreement fails the test unless exceptions.ts names
// the case (with its reason); a named case that agrees again fails too, so the table stays true.
// Needs dist/ (`npm test` builds first). The whole corpus: `npm run conformance`.
import { describe, expect, test } from "vitest";
import type { CaseResult } from "./compare.js";
import { conformanceCorpus } from "./corpus.js";
import { exceptionFor } from "./exceptions.js";
import { CONFORMANCE_HARNESSES } from "./harness-forms.js";
import { runCases } from "./run-corpus.js";
import { SAMPLE } from "./sample.js";

const describeResult = (x: CaseResult) =>
  `${x.case.id}: ${x.mismatches.map((m) => `${m.predictor}.${m.field} predicted ${m.predicted}, real ${m.real}`).join("; ")}`;

describe("free prediction agrees with the real CLI on the sample", () => {
  for (const harness of CONFORMANCE_HARNESSES) {
    test(`${harness}: every sampled case agrees, or exceptions.ts names it`, async () => {
      const cases = conformanceCorpus(harness).filter((c) => SAMPLE.includes(c.id.slice(harness.length + 1)));
      expect(cases.length).toBeGreaterThanOrEqual(20);
      const { results } = await runCases(cases);
      // Not vacuous: the real CLI ran some of the sampled hooks and skipped others.
      expect(results.some((x) => x.real.fired === true)).toBe(true);
      expect(results.some((x) => x.real.fired === false)).toBe(true);
      const unexplained = results.filter((x) => !x.agrees && exceptionFor(x.case.id) === undefined);
      const stale = results.filter((x) => x.agrees && exceptionFor(x.case.id) !== undefined);
      expect(unexplained.map(describeResult)).toEqual([]);
      expect(stale.map((x) => `${x.case.id} agrees now: remove it from exceptions.ts`)).toEqual([]);
    }, 240_000);
  }
});
