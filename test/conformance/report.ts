/**
 * The conformance report of one harness: JSON (every case, both predictions and the real side) and a
 * readable markdown summary (cases, agreement per predictor and overall, each disagreement with its
 * case, predicted vs real, and whether the exceptions table names it).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PREDICTORS, type CaseResult } from "./compare.js";
import { exceptionFor } from "./exceptions.js";
import type { ConformanceHarness } from "./harness-forms.js";
import type { CorpusResult } from "./run-corpus.js";

export interface HarnessFigures {
  readonly harness: ConformanceHarness;
  readonly cases: number;
  readonly agreeing: number;
  readonly agreementPercent: number;
  readonly perPredictor: Readonly<Record<string, { agreeing: number; percent: number }>>;
  readonly disagreements: number;
  readonly realRuns: number;
  readonly durationMs: number;
}

const pct = (n: number, of: number) => (of === 0 ? 100 : Math.round((1000 * n) / of) / 10);

export function figuresOf(harness: ConformanceHarness, r: CorpusResult): HarnessFigures {
  const agreeing = r.results.filter((x) => x.agrees).length;
  const perPredictor = Object.fromEntries(
    PREDICTORS.map((p) => {
      const ok = r.results.filter((x) => !x.mismatches.some((m) => m.predictor === p)).length;
      return [p, { agreeing: ok, percent: pct(ok, r.results.length) }];
    }),
  );
  return {
    harness,
    cases: r.results.length,
    agreeing,
    agreementPercent: pct(agreeing, r.results.length),
    perPredictor,
    disagreements: r.results.length - agreeing,
    realRuns: r.runs.length,
    durationMs: r.durationMs,
  };
}

const cell = (s: string) => s.replaceAll("|", "\\|").replaceAll("\n", " ");
const showMatcher = (m: string | undefined) => (m === undefined ? "(absent)" : JSON.stringify(m));

function disagreementRow(x: CaseResult): string {
  const c = x.case;
  const what = x.mismatches.map((m) => `${m.predictor}.${m.field}: ${m.predicted} vs ${m.real}`).join("; ");
  const known = exceptionFor(c.id);
  return `| ${cell(c.id)} | ${cell(c.event)} | ${cell(showMatcher(c.matcher))} | ${cell(c.output ?? c.command)} | ${cell(what)} | ${known ? known.status : "—"} |`;
}

export function markdownReport(harness: ConformanceHarness, r: CorpusResult): string {
  const f = figuresOf(harness, r);
  const lines = [
    `# Conformance: ${harness}`,
    "",
    `Free prediction (runHook, vigiles explain) against the real pinned CLI: ${f.cases} cases in ${f.realRuns} real runs, ${Math.round(f.durationMs / 1000)} s.`,
    "",
    `- agreement: ${f.agreeing}/${f.cases} (${f.agreementPercent}%)`,
    ...PREDICTORS.map(
      (p) => `- ${p} alone: ${f.perPredictor[p]?.agreeing}/${f.cases} (${f.perPredictor[p]?.percent}%)`,
    ),
    "",
    "## Disagreements",
    "",
  ];
  const bad = r.results.filter((x) => !x.agrees);
  if (bad.length === 0) lines.push("None.");
  else {
    lines.push(
      "Each mismatch reads `predictor.field: predicted vs real`. Exception: the status in exceptions.ts, if listed.",
      "",
      "| case | event | matcher | answer / command | mismatch | exception |",
      "| --- | --- | --- | --- | --- | --- |",
      ...bad.map(disagreementRow),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Writes `<dir>/<harness>.json` and `<dir>/<harness>.md`; returns the figures. */
export function writeHarnessReport(
  dir: string,
  harness: ConformanceHarness,
  r: CorpusResult,
): HarnessFigures {
  mkdirSync(dir, { recursive: true });
  const figures = figuresOf(harness, r);
  const json = {
    figures,
    runs: r.runs,
    cases: r.results.map((x) => ({
      id: x.case.id,
      kind: x.case.kind,
      topic: x.case.topic,
      event: x.case.event,
      tool: x.case.tool,
      matcher: x.case.matcher ?? null,
      shape: x.case.shape,
      command: x.case.command,
      ...(x.case.output !== undefined ? { output: x.case.output } : {}),
      agrees: x.agrees,
      predicted: x.predicted,
      real: x.real,
      mismatches: x.mismatches,
      ...(exceptionFor(x.case.id) ? { exception: exceptionFor(x.case.id) } : {}),
    })),
  };
  writeFileSync(join(dir, `${harness}.json`), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(join(dir, `${harness}.md`), markdownReport(harness, r));
  return figures;
}
