/** JUnit XML for a `vigiles test` run: one testcase per harness file, skips and failures marked. */
import { create } from "xmlbuilder2";
import type { TestFileResult } from "./run-files.js";

export function testResultsToJUnit(results: readonly TestFileResult[], suiteName = "vigiles"): string {
  const failures = results.filter((r) => r.status === "failed").length;
  // An unverified pass is reported as a skip: it proved nothing for that release.
  const skipped = results.filter((r) => r.status === "skipped" || r.status === "unverified").length;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = results.reduce((sum, r) => sum + r.durationMs, 0);
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele("testsuites", {
    name: suiteName,
    tests: results.length,
    failures,
    errors: 0,
    skipped,
    time: seconds(total),
  });
  const suite = root.ele("testsuite", {
    name: suiteName,
    tests: results.length,
    failures,
    errors: 0,
    skipped,
    time: seconds(total),
  });
  for (const r of results) {
    const testcase = suite.ele("testcase", {
      classname: suiteName,
      name: r.release ? `${r.file} [${r.release.harness}@${r.release.version}]` : r.file,
      time: seconds(r.durationMs),
    });
    if (r.status === "failed") {
      testcase
        .ele("failure", { message: r.reason ?? "failed", type: "HarnessTestFailure" })
        .txt(r.stderr.slice(-8000));
    } else if (r.status === "skipped" || r.status === "unverified") {
      testcase.ele("skipped", { message: r.reason ?? "skipped" });
    }
    if (r.stdout) testcase.ele("system-out").txt(r.stdout.slice(-8000));
  }
  return root.end({ prettyPrint: true });
}
