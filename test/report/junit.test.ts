import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { diffReports } from "../../src/core/regression/diff.js";
import { checkReportToJUnit, diffToJUnit } from "../../src/tools/report/junit.js";
import { bools, makeReport } from "../stats/make-report.js";

const xsd = fileURLToPath(new URL("./fixtures/junit.xsd", import.meta.url));

/** Validates with libxml2's xmllint against the JUnit schema; returns its stderr on failure. */
function validate(xml: string): { ok: boolean; log: string } {
  const file = join(mkdtempSync(join(tmpdir(), "vigiles-junit-")), "report.xml");
  writeFileSync(file, xml);
  try {
    execFileSync("xmllint", ["--noout", "--schema", xsd, file], { stdio: "pipe" });
    return { ok: true, log: "" };
  } catch (e) {
    return { ok: false, log: String((e as { stderr?: Buffer }).stderr ?? e) };
  }
}

const report = makeReport(
  {
    on: { "tool(Bash)": bools(9, 10), 'output(/done <&> "ok"/)': bools(4, 10) },
    off: { "tool(Bash)": bools(2, 10), 'output(/done <&> "ok"/)': [] },
  },
  {
    name: "marker",
    checks: { "tool(Bash)": { kind: "tool" }, 'output(/done <&> "ok"/)': { kind: "output" } },
  },
);

describe("checkReportToJUnit", () => {
  it("validates against the JUnit schema and counts failures and errors", () => {
    const xml = checkReportToJUnit(report, { min: 0.8 });
    const v = validate(xml);
    expect(v.log).toBe("");
    expect(v.ok).toBe(true);
    expect(xml).toMatch(/<testsuites name="marker" tests="4" failures="2" errors="1" skipped="0"/);
    expect(xml).toMatch(/<testsuite name="marker \/ on" tests="2" failures="1" errors="0"/);
    expect(xml).toContain('name="output(/done &lt;&amp;&gt; &quot;ok&quot;/)"');
    expect(xml).toContain("rate 0.4 (4/10) is below 0.8");
    expect(xml).toContain('trial 5: expected output(/done &lt;&amp;&gt; "ok"/) to hold on trial 5');
    expect(xml).toContain("no trials ran");
    expect(xml).toContain("rate 0.9 (9/10, 95% CI [0.596, 0.982]), min 0.8");
  });

  it("the schema check can fail: a broken document is rejected", () => {
    const xml = checkReportToJUnit(report, { min: 0.8 }).replace(/ classname="[^"]*"/, "");
    expect(validate(xml).ok).toBe(false);
    expect(validate(xml.replace('tests="4"', 'tests="four"')).ok).toBe(false);
  });

  it("control characters in messages do not break the XML", () => {
    const r = makeReport({ a: { m: [false, true] } });
    const rows = r.rows!.map((row) => ({ ...row, messages: { m: "bad\u0001byte \u001b[31mred" } }));
    const xml = checkReportToJUnit({ ...r, rows }, { min: 0.8 });
    expect(validate(xml).ok).toBe(true);
    expect(xml).toContain("trial 0: badbyte red");
  });
});

describe("long failure lists", () => {
  it("keeps 20 failing trials' messages per case and counts the rest", () => {
    const xml = checkReportToJUnit(makeReport({ a: { m: bools(0, 50) } }), { min: 0.8 });
    expect(xml).toContain("trial 19: expected m to hold on trial 19");
    expect(xml).not.toContain("trial 20:");
    expect(xml).toContain("… 30 more failing trials");
    expect(validate(xml).ok).toBe(true);
  });
});

describe("diffToJUnit", () => {
  it("fails regressions, skips new and missing, validates", () => {
    const before = makeReport({ a: { m: bools(9, 10), gone: bools(1, 10) }, b: { m: bools(5, 10) } });
    const after = makeReport({ a: { m: bools(1, 10), fresh: bools(1, 10) }, b: { m: bools(6, 10) } });
    const xml = diffToJUnit(diffReports(before, after));
    const v = validate(xml);
    expect(v.log).toBe("");
    expect(xml).toMatch(
      /<testsuites name="vigiles regression" tests="4" failures="1" errors="0" skipped="2"/,
    );
    expect(xml).toMatch(/<failure message="arm &quot;a&quot;, &quot;m&quot;: regressed, 0.9 \(n=10\) → 0.1/);
    expect(xml).toContain('<property name="alpha" value="0.05"/>');
  });
});
