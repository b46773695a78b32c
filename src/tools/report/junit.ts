import { createXml as create } from "../../runtime/xml-builder.js";
import type { EvalReport } from "../../core/eval-report.js";
import { describeDiffEntry } from "../../core/regression/assert-no-regression.js";
import type { DiffEntry, ReportDiff } from "../../core/regression/diff.js";
import { checkMetrics } from "../../core/stats/compare-arms.js";
import { fmt } from "../../core/stats/lookup.js";
import { failureMessages, rateInterval } from "../../core/stats/rate-gates.js";

type XMLBuilder = ReturnType<typeof create>;

interface Case {
  readonly name: string;
  readonly classname: string;
  readonly outcome?: {
    readonly kind: "failure" | "error" | "skipped";
    readonly message: string;
    readonly body?: string;
  };
  readonly out?: string;
}

interface Suite {
  readonly name: string;
  readonly time?: number;
  readonly properties?: Readonly<Record<string, string>>;
  readonly cases: readonly Case[];
}

/* eslint-disable no-control-regex -- stripping control characters is the point */
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/* eslint-enable no-control-regex */

/** Drops ANSI colour codes and the characters XML 1.0 cannot carry (control bytes, lone surrogates). */
export function xmlSafe(text: string): string {
  return text.replace(ANSI, "").replace(NOT_XML, "");
}

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

function render(title: string, suites: readonly Suite[]): string {
  const count = (cases: readonly Case[], kind: "failure" | "error" | "skipped") =>
    cases.filter((c) => c.outcome?.kind === kind).length;
  const all = suites.flatMap((s) => s.cases);
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele("testsuites", {
    name: title,
    tests: String(all.length),
    failures: String(count(all, "failure")),
    errors: String(count(all, "error")),
    skipped: String(count(all, "skipped")),
    time: seconds(suites.reduce((s, x) => s + (x.time ?? 0), 0)),
  });
  for (const suite of suites) {
    const el: XMLBuilder = root.ele("testsuite", {
      name: suite.name,
      tests: String(suite.cases.length),
      failures: String(count(suite.cases, "failure")),
      errors: String(count(suite.cases, "error")),
      skipped: String(count(suite.cases, "skipped")),
      time: seconds(suite.time ?? 0),
    });
    if (suite.properties) {
      const props = el.ele("properties");
      for (const [name, value] of Object.entries(suite.properties))
        props.ele("property", { name, value }).up();
    }
    for (const c of suite.cases) {
      const tc = el.ele("testcase", { name: xmlSafe(c.name), classname: xmlSafe(c.classname) });
      if (c.outcome) {
        tc.ele(c.outcome.kind, { message: xmlSafe(c.outcome.message), type: c.outcome.kind })
          .txt(xmlSafe(c.outcome.body ?? c.outcome.message))
          .up();
      }
      if (c.out) tc.ele("system-out").txt(xmlSafe(c.out)).up();
    }
  }
  return root.end({ prettyPrint: true }) + "\n";
}

/** Failing-trial messages kept per test case; the rest are counted. */
const MAX_MESSAGES = 20;

const classnameOf = (...parts: (string | undefined)[]) =>
  ["vigiles", ...parts.filter((p): p is string => p !== undefined)].join(".");

/** Options of {@link checkReportToJUnit}. */
export interface CheckJUnitOptions {
  /** The lowest passing rate, in [0, 1]. */
  readonly min: number;
}

/**
 * JUnit XML for an eval report's checks: a suite per arm, a test case per rate metric (check), a
 * failure when the rate is below `min` (with its Wilson interval and the failing trials' messages),
 * an error when the check never ran. Accepted by GitHub, GitLab and Jenkins.
 */
export function checkReportToJUnit(report: EvalReport, options: CheckJUnitOptions): string {
  const checked = report.checks ? new Set(checkMetrics(report)) : undefined;
  const suites: Suite[] = Object.entries(report.arms).map(([arm, a]) => {
    const cases: Case[] = [];
    for (const [metric, m] of Object.entries(a.metrics)) {
      if (checked ? !checked.has(metric) : m.kind !== "rate") continue;
      const classname = classnameOf(report.name, arm);
      if (m.n === 0) {
        cases.push({
          name: metric,
          classname,
          outcome: {
            kind: "error",
            message: `no trials ran for "${metric}": a rate over zero runs proves nothing`,
          },
        });
        continue;
      }
      const [lo, hi] = rateInterval(m);
      const successes = Math.round(m.mean * m.n);
      const line = `rate ${fmt(m.mean)} (${successes}/${m.n}, 95% CI [${fmt(lo)}, ${fmt(hi)}]), min ${options.min}`;
      if (m.mean < options.min) {
        const all = failureMessages(report.rows, arm, metric);
        const msgs =
          all.length > MAX_MESSAGES
            ? [...all.slice(0, MAX_MESSAGES), `… ${all.length - MAX_MESSAGES} more failing trials`]
            : all;
        cases.push({
          name: metric,
          classname,
          outcome: {
            kind: "failure",
            message: `rate ${fmt(m.mean)} (${successes}/${m.n}) is below ${options.min}`,
            body: [line, ...msgs].join("\n"),
          },
        });
      } else {
        cases.push({ name: metric, classname, out: line });
      }
    }
    return {
      name: report.name === undefined ? arm : `${report.name} / ${arm}`,
      time: a.usage.durationMs,
      properties: { trials: String(a.trials), costUsd: String(a.usage.costUsd) },
      cases,
    };
  });
  return render(report.name ?? "vigiles checks", suites);
}

function diffCase(e: DiffEntry): Case {
  const base = { name: e.metric, classname: classnameOf(e.report, e.arm) };
  const line = describeDiffEntry(e);
  switch (e.verdict) {
    case "regressed":
      return { ...base, outcome: { kind: "failure", message: line } };
    case "new":
    case "missing":
      return { ...base, outcome: { kind: "skipped", message: line } };
    case "improved":
    case "unchanged":
      return { ...base, out: line };
  }
}

/**
 * JUnit XML for a regression diff: a suite per report × arm, a test case per metric; a significant
 * regression fails, new and missing metrics are skipped, the rest pass with their numbers.
 */
export function diffToJUnit(diff: ReportDiff): string {
  const suites = new Map<string, DiffEntry[]>();
  for (const e of diff.entries) {
    const key = e.report === undefined ? e.arm : `${e.report} / ${e.arm}`;
    suites.set(key, [...(suites.get(key) ?? []), e]);
  }
  return render(
    "vigiles regression",
    [...suites].map(([name, entries]) => ({
      name,
      properties: { alpha: String(diff.alpha) },
      cases: entries.map(diffCase),
    })),
  );
}
