import type { EvalReport, MetricSummary } from "../eval-report.js";
import { checkAlpha, welchTest, type WelchResult } from "../stats/welch.js";
import { baselineReports, type Baseline } from "./baseline.js";

/** How one arm × metric moved against the baseline. */
export type DiffVerdict = "improved" | "regressed" | "unchanged" | "new" | "missing";

/** The summary numbers a diff keeps of each side. */
export interface DiffSide {
  readonly mean: number;
  readonly se: number;
  readonly n: number;
  readonly kind: "rate" | "score";
  readonly wilson?: readonly [number, number];
}

/** One arm × metric of a diff. */
export interface DiffEntry {
  /** The report's name, when it has one. */
  readonly report?: string;
  readonly arm: string;
  readonly metric: string;
  readonly verdict: DiffVerdict;
  /** The metric is a cost: lower is better. */
  readonly lowerIsBetter: boolean;
  readonly baseline?: DiffSide;
  readonly current?: DiffSide;
  /** current - baseline, when both exist. */
  readonly delta?: number;
  /** The two-sided Welch test behind the verdict, when both exist. */
  readonly comparison?: WelchResult;
}

/** Every arm × metric of the reports against the baseline. */
export interface ReportDiff {
  readonly alpha: number;
  readonly entries: readonly DiffEntry[];
  readonly counts: Readonly<Record<DiffVerdict, number>>;
}

/** Options of {@link diffReports}. */
export interface DiffOptions {
  /** Significance level; default 0.05. */
  readonly alpha?: number;
  /** Metrics where lower is better (cost, latency …). Higher is better for the rest. */
  readonly lowerIsBetter?: readonly string[];
}

const side = (m: MetricSummary): DiffSide => ({
  mean: m.mean,
  se: m.se,
  n: m.n,
  kind: m.kind,
  ...(m.wilson ? { wilson: m.wilson } : {}),
});

/** Pairs current reports with baseline ones: by name, else (unnamed) by order, else a lone pair. */
function pairReports(
  base: readonly EvalReport[],
  current: readonly EvalReport[],
): { name: string | undefined; base?: EvalReport; current?: EvalReport }[] {
  if (base.length === 1 && current.length === 1) {
    const [b, c] = [base[0]!, current[0]!];
    if (b.name === undefined || c.name === undefined || b.name === c.name) {
      return [{ name: c.name ?? b.name, base: b, current: c }];
    }
  }
  const out: { name: string | undefined; base?: EvalReport; current?: EvalReport }[] = [];
  const unnamedBase = base.filter((r) => r.name === undefined);
  let unnamedIndex = 0;
  const used = new Set<EvalReport>();
  for (const c of current) {
    const b = c.name === undefined ? unnamedBase[unnamedIndex++] : base.find((r) => r.name === c.name);
    if (b) used.add(b);
    out.push({ name: c.name, current: c, ...(b ? { base: b } : {}) });
  }
  for (const b of base) if (!used.has(b)) out.push({ name: b.name, base: b });
  return out;
}

/**
 * Lists every arm × metric of `reports` against `baseline` with its delta and a verdict: improved /
 * regressed (a significant two-sided Welch gap at alpha, direction set by `lowerIsBetter`),
 * unchanged (within the noise), new (absent from the baseline), missing (absent from the reports).
 */
export function diffReports(
  baseline: Baseline | EvalReport | readonly EvalReport[],
  reports: EvalReport | readonly EvalReport[],
  options: DiffOptions = {},
): ReportDiff {
  const alpha = checkAlpha(options.alpha ?? 0.05);
  const lower = new Set(options.lowerIsBetter ?? []);
  const current: readonly EvalReport[] = Array.isArray(reports) ? reports : [reports as EvalReport];
  const entries: DiffEntry[] = [];
  for (const pair of pairReports(baselineReports(baseline), current)) {
    const arms = new Set([...Object.keys(pair.current?.arms ?? {}), ...Object.keys(pair.base?.arms ?? {})]);
    for (const arm of arms) {
      const b = pair.base?.arms[arm]?.metrics ?? {};
      const c = pair.current?.arms[arm]?.metrics ?? {};
      for (const metric of new Set([...Object.keys(c), ...Object.keys(b)])) {
        const bm = Object.hasOwn(b, metric) ? b[metric] : undefined;
        const cm = Object.hasOwn(c, metric) ? c[metric] : undefined;
        const head = {
          ...(pair.name === undefined ? {} : { report: pair.name }),
          arm,
          metric,
          lowerIsBetter: lower.has(metric),
        };
        if (!bm && cm) {
          entries.push({ ...head, verdict: "new", current: side(cm) });
          continue;
        }
        if (bm && !cm) {
          entries.push({ ...head, verdict: "missing", baseline: side(bm) });
          continue;
        }
        if (!bm || !cm) continue;
        const comparison = welchTest(bm, cm, { alpha });
        const better = head.lowerIsBetter ? comparison.delta < 0 : comparison.delta > 0;
        const verdict: DiffVerdict = !comparison.significant
          ? "unchanged"
          : better
            ? "improved"
            : "regressed";
        entries.push({
          ...head,
          verdict,
          baseline: side(bm),
          current: side(cm),
          delta: comparison.delta,
          comparison,
        });
      }
    }
  }
  const counts: Record<DiffVerdict, number> = { improved: 0, regressed: 0, unchanged: 0, new: 0, missing: 0 };
  for (const e of entries) counts[e.verdict]++;
  return { alpha, entries, counts };
}
