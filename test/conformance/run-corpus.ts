/**
 * Runs cases both ways: plans the real runs, and for each (two at a time: this machine has 2 cores
 * and each run starts a real CLI) predicts every case for free, runs the real CLI, and compares.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import pLimit from "p-limit";
import { compareCase, type CaseResult } from "./compare.js";
import type { ConformanceCase } from "./corpus.js";
import { planRuns, type ConformanceRun } from "./plan.js";
import { predictRun } from "./predict.js";
import { realRun } from "./real.js";

export const CONFORMANCE_CONCURRENCY = 2;

export interface RunSummary {
  readonly key: string;
  readonly kind: ConformanceRun["kind"];
  readonly cases: number;
  readonly durationMs: number;
}

export interface CorpusResult {
  readonly results: readonly CaseResult[];
  readonly runs: readonly RunSummary[];
  readonly durationMs: number;
}

export interface RunCorpusOptions {
  readonly concurrency?: number;
  /** Called after each run, for progress. */
  readonly onRun?: (run: RunSummary, done: number, total: number) => void;
}

export async function runCases(
  cases: readonly ConformanceCase[],
  options: RunCorpusOptions = {},
): Promise<CorpusResult> {
  const started = Date.now();
  const runs = planRuns(cases);
  const scratchRoot = resolve(".vigiles/tmp/conformance-predict", String(process.pid));
  mkdirSync(scratchRoot, { recursive: true });
  const limit = pLimit(options.concurrency ?? CONFORMANCE_CONCURRENCY);
  let done = 0;
  const perRun = await Promise.all(
    runs.map((run) =>
      limit(async () => {
        const predicted = await predictRun(run, join(scratchRoot));
        const real = await realRun(run);
        const summary: RunSummary = {
          key: run.key,
          kind: run.kind,
          cases: run.cases.length,
          durationMs: real.durationMs,
        };
        options.onRun?.(summary, ++done, runs.length);
        const results = run.cases.map((c) =>
          compareCase(
            c,
            predicted.get(c.id) ?? missing,
            real.observations.get(c.id) ?? { error: "not observed" },
          ),
        );
        return { summary, results };
      }),
    ),
  );
  const order = new Map(cases.map((c, i) => [c.id, i]));
  const results = perRun
    .flatMap((r) => r.results)
    .sort((a, b) => (order.get(a.case.id) ?? 0) - (order.get(b.case.id) ?? 0));
  return { results, runs: perRun.map((r) => r.summary), durationMs: Date.now() - started };
}

const missing = { runHook: { error: "not predicted" }, explain: { error: "not predicted" } };
