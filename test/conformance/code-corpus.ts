/**
 * The conformance corpus of a harness whose hooks are code (the registry's `codeHooks.conformance`:
 * OpenCode's plugin cases). Each case is predicted for free (its modules run in process, the
 * dialect's rules) and run once on the real pinned CLI through `runHarnessTest` with its adapter
 * (confined, against the mock); the two flat observations are compared field by field. A report
 * (JSON and markdown) goes beside the command corpus's.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import pLimit from "p-limit";
import type { CodeConformanceCase, CodeConformanceObservation } from "../../src/adapters/code-hook-port.js";
import type { HarnessEntry } from "../../src/adapters/harness-entry.js";
import { runHarnessTest } from "../../src/entries/index.js";
import { exceptionFor } from "./exceptions.js";
import { CONFORMANCE_CONCURRENCY } from "./run-corpus.js";

export interface CodeCaseResult {
  readonly id: string;
  readonly what: string;
  readonly predicted: CodeConformanceObservation | { readonly error: string };
  readonly real: CodeConformanceObservation | { readonly error: string };
  readonly mismatches: readonly string[];
  readonly durationMs: number;
}

const message = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).split("\n")[0]!;

async function predictCase(c: CodeConformanceCase): Promise<CodeCaseResult["predicted"]> {
  const base = resolve(".vigiles/tmp/conformance-predict");
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, "code-"));
  try {
    for (const [rel, text] of Object.entries(c.files)) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
    return await c.predict(root);
  } catch (e) {
    return { error: `prediction failed: ${message(e)}` };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function realCase(c: CodeConformanceCase, harness: HarnessEntry): Promise<CodeCaseResult["real"]> {
  try {
    const r = await runHarnessTest(
      {
        prompt: "run it",
        model: [{ tool: c.call.tool, input: c.call.input }, { text: "done" }],
        files: c.files,
        // A plugin that does not load is a case here, not a failure of the run.
        allowHookCrashes: true,
        allowUnservedTurns: true,
        // The recorder's fires (plugin loads, hook calls) are what a case observes.
        transcript: true,
        timeoutMs: 180_000,
      },
      { adapter: await harness.loadAdapter() },
    );
    try {
      return c.observe({ hooks: r.hooks ?? [], file: (p) => r.file(p) });
    } finally {
      r.cleanup();
    }
  } catch (e) {
    return { error: `real run failed: ${message(e)}` };
  }
}

function mismatchesOf(p: CodeCaseResult["predicted"], r: CodeCaseResult["real"]): string[] {
  const keys = [...new Set([...Object.keys(p), ...Object.keys(r)])];
  const show = (v: unknown) => JSON.stringify(v ?? null);
  return keys
    .filter((k) => show((p as Record<string, unknown>)[k]) !== show((r as Record<string, unknown>)[k]))
    .map(
      (k) => `${k}: ${show((p as Record<string, unknown>)[k])} vs ${show((r as Record<string, unknown>)[k])}`,
    );
}

/** Runs every case both ways, two real runs at a time. */
export async function runCodeCorpus(
  harness: HarnessEntry,
  cases: readonly CodeConformanceCase[],
  onCase?: (r: CodeCaseResult, done: number, total: number) => void,
): Promise<CodeCaseResult[]> {
  const limit = pLimit(CONFORMANCE_CONCURRENCY);
  let done = 0;
  return Promise.all(
    cases.map((c) =>
      limit(async () => {
        const started = Date.now();
        const predicted = await predictCase(c);
        const real = await realCase(c, harness);
        const result = {
          id: c.id,
          what: c.what,
          predicted,
          real,
          mismatches: mismatchesOf(predicted, real),
          durationMs: Date.now() - started,
        };
        onCase?.(result, ++done, cases.length);
        return result;
      }),
    ),
  );
}

/** Writes `<out>/<harness>.json` and `.md`; returns agree/total. */
export function writeCodeReport(
  out: string,
  harness: HarnessEntry,
  results: readonly CodeCaseResult[],
): { agreeing: number; cases: number } {
  mkdirSync(out, { recursive: true });
  const agreeing = results.filter((r) => r.mismatches.length === 0).length;
  writeFileSync(
    join(out, `${harness.id}.json`),
    `${JSON.stringify({ harness: harness.id, results }, null, 2)}\n`,
  );
  const rows = results.map((r) => {
    const known = exceptionFor(r.id);
    const verdict = r.mismatches.length === 0 ? "agrees" : r.mismatches.join("; ").replaceAll("|", "\\|");
    return `| ${r.id} | ${r.what} | ${verdict} | ${known ? `${known.status}: ${known.reason}` : "—"} |`;
  });
  const md = [
    `# Conformance: ${harness.id} (plugin cases)`,
    "",
    `${agreeing}/${results.length} cases agree (free prediction: the plugins run in process with the dialect's rules; real: ${harness.displayName} ${harness.package.version}).`,
    "",
    "| case | pins | predicted vs real | exception |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
  ];
  writeFileSync(join(out, `${harness.id}.md`), md.join("\n"));
  return { agreeing, cases: results.length };
}
