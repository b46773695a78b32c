/**
 * JUnit XML for a `vigiles test` run: a testsuite per harness file, a testcase per `test()` of the
 * file (or one for the file itself when it declares none), skips and failures marked, each failure
 * with its whole message.
 */
import { createXml as create } from "../../runtime/xml-builder.js";
import type { TestFileResult } from "./run-files.js";

interface Case {
  readonly name: string;
  readonly status: "passed" | "failed" | "skipped";
  readonly durationMs: number;
  readonly message?: string;
  readonly detail?: string;
}

function casesOf(r: TestFileResult): Case[] {
  const cases: Case[] = r.tests.map((t) => ({
    name: t.name,
    status: t.status,
    durationMs: t.durationMs,
    ...(t.failure ? { message: t.failure.message.split("\n")[0], detail: t.failure.message } : {}),
    ...(t.skipReason ? { message: t.skipReason } : {}),
  }));
  // The file itself is a testcase when it declared no test, or failed outside its tests (a crash).
  const failedOutside = r.status === "failed" && !r.tests.some((t) => t.status === "failed");
  if (cases.length === 0 || failedOutside || (r.status === "skipped" && r.tests.length === 0)) {
    cases.push({
      name: r.file,
      status: r.status === "unverified" ? "passed" : r.status,
      durationMs: r.durationMs,
      ...(r.reason ? { message: r.reason } : {}),
      detail: r.failure?.message ?? r.stderr.slice(-8000),
    });
  }
  // A pass on a release outside the file's declared range proved nothing for it: every case is a skip.
  if (r.status === "unverified") {
    return cases.map((c) => ({ ...c, status: "skipped" as const, message: r.reason ?? "unverified" }));
  }
  return cases;
}

export function testResultsToJUnit(results: readonly TestFileResult[], suiteName = "vigiles"): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const all = results.map((r) => ({ r, cases: casesOf(r) }));
  const count = (cases: Case[], s: Case["status"]) => cases.filter((c) => c.status === s).length;
  const every = all.flatMap((a) => a.cases);
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele("testsuites", {
    name: suiteName,
    tests: every.length,
    failures: count(every, "failed"),
    errors: 0,
    skipped: count(every, "skipped"),
    time: seconds(results.reduce((sum, r) => sum + r.durationMs, 0)),
  });
  for (const { r, cases } of all) {
    const suite = root.ele("testsuite", {
      name: r.release ? `${r.file} [${r.release.harness}@${r.release.version}]` : r.file,
      tests: cases.length,
      failures: count(cases, "failed"),
      errors: 0,
      skipped: count(cases, "skipped"),
      time: seconds(r.durationMs),
    });
    for (const c of cases) {
      const testcase = suite.ele("testcase", {
        classname: r.file,
        name: c.name,
        time: seconds(c.durationMs),
      });
      if (c.status === "failed") {
        testcase
          .ele("failure", { message: c.message ?? "failed", type: "HarnessTestFailure" })
          .txt(c.detail ?? "");
      } else if (c.status === "skipped") {
        testcase.ele("skipped", { message: c.message ?? "skipped" });
      }
    }
    if (r.stdout) suite.ele("system-out").txt(r.stdout.slice(-8000));
  }
  return root.end({ prettyPrint: true });
}
