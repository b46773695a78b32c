/**
 * LLM-as-judge: `paid_judge` grades an output against a rubric, synchronously (it is called inside a
 * measure). The default shells out to the pinned CLI; an injected `judge` function bills nothing.
 * Several samples are combined by median (score) or majority (pass).
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import type { ScoredCheck } from "../../core/eval/spec.js";
import type { Trace } from "../../core/trace.js";
import { makeTempDir, removeTempDir } from "../../runtime/temp-dir.js";
import { runProcessSync } from "../../runtime/process-sync.js";
import { EvalDriverError, MissingCredentialsError } from "./errors.js";
import { judgePrompt, parseJudgeAnswer } from "./judge-answer.js";

/** A grader: returns a score in [0, 1] (or with a reason). Must be synchronous. */
export type JudgeFunction = (input: {
  readonly output: string;
  readonly rubric: string;
  readonly sample: number;
}) => number | { readonly score: number; readonly reason?: string };

/** Options of `paid_judge`: the output, the rubric, and the judge that grades it. */
export interface JudgeOptions {
  readonly output: string;
  readonly rubric: string;
  /** An injected grader; it bills nothing. Default: the model through the CLI. */
  readonly judge?: JudgeFunction;
  /** Independent gradings combined into one verdict (default 1). */
  readonly samples?: number;
  /** How samples combine into `pass`: the median score against `min`, or a majority of passing samples. */
  readonly aggregate?: "median" | "majority";
  /** Pass threshold (default 0.5). */
  readonly min?: number;
  /** Judge model (default "sonnet"). */
  readonly model?: string;
  /** Default ANTHROPIC_API_KEY. */
  readonly apiKey?: string;
  readonly harnessPath?: string;
  readonly timeoutMs?: number;
}

/** A judge's verdict: the median score, pass or fail, and each sample. */
export interface JudgeVerdict {
  /** Median of the sample scores. */
  readonly score: number;
  readonly pass: boolean;
  readonly samples: readonly number[];
  readonly reason?: string;
  /** What the grading cost (0 for an injected judge). */
  readonly costUsd: number;
}

/**
 * Grades `output` against `rubric`. Synchronous, so it can run inside a measure.
 *
 * @example
 * const v = paid_judge({ output: ctx.file("PLAN.md") ?? "", rubric: "1 if the steps are ordered; else 0." });
 * return { quality: v.score, ok: v.pass };
 */
export function paid_judge(options: JudgeOptions): JudgeVerdict {
  const samples = options.samples ?? 1;
  if (!Number.isInteger(samples) || samples < 1) {
    throw new InvalidOptionError(`paid_judge: samples must be a positive integer, got ${String(samples)}.`);
  }
  const min = options.min ?? 0.5;
  const scores: number[] = [];
  let reason: string | undefined;
  let costUsd = 0;
  for (let sample = 0; sample < samples; sample++) {
    const graded = options.judge
      ? normalise(options.judge({ output: options.output, rubric: options.rubric, sample }))
      : gradeWithModel(options);
    scores.push(graded.score);
    reason ??= graded.reason;
    costUsd += graded.costUsd;
  }
  const score = median(scores);
  const pass =
    options.aggregate === "majority"
      ? scores.filter((s) => s >= min).length * 2 > scores.length
      : score >= min;
  return { score, pass, samples: scores, costUsd, ...(reason !== undefined ? { reason } : {}) };
}

/** Options of `paid_judged`: the judge options plus what to read from the trace. */
export interface JudgedOptions extends Omit<JudgeOptions, "output" | "rubric"> {
  /** What to grade (default the final answer, `trace.output`). */
  readonly read?: (trace: Trace) => string;
}

/**
 * A check graded by a judge: passes when the verdict passes (score >= `min`). With `judge` injected it
 * bills nothing.
 *
 * @example
 * paid_measure({ task, checks: [paid_judged("1 if the answer cites a file; else 0", { min: 0.5 })] });
 */
export function paid_judged(rubric: string, options: JudgedOptions = {}): ScoredCheck {
  const min = options.min ?? 0.5;
  const label = `judged(${rubric.length > 48 ? `${rubric.slice(0, 45)}...` : rubric})`;
  return {
    label,
    evaluate(trace) {
      const { read, ...judgeOptions } = options;
      const verdict = paid_judge({ ...judgeOptions, rubric, output: read ? read(trace) : trace.output });
      return {
        pass: verdict.pass,
        message: verdict.pass
          ? `the judge scored ${verdict.score} (>= ${min})`
          : `expected the judge to score >= ${min}, but it scored ${verdict.score}${verdict.reason ? `: ${verdict.reason}` : ""}`,
      };
    },
    toJSON() {
      return {
        kind: "judged",
        label,
        rubric,
        min,
        samples: options.samples ?? 1,
        injected: options.judge !== undefined,
      };
    },
    toString() {
      return label;
    },
  } as ScoredCheck;
}

function normalise(value: number | { score: number; reason?: string }): {
  score: number;
  reason?: string;
  costUsd: number;
} {
  const score = typeof value === "number" ? value : value.score;
  if (!Number.isFinite(score))
    throw new InvalidOptionError(`the judge returned ${String(score)}, not a number.`);
  return {
    score,
    costUsd: 0,
    ...(typeof value === "object" && value.reason ? { reason: value.reason } : {}),
  };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

function claudePath(explicit: string | undefined): string {
  if (explicit) return explicit;
  const fromEnv = process.env["VIGILES_CLAUDE_BIN"];
  if (fromEnv) return fromEnv;
  try {
    const require = createRequire(join(process.cwd(), "package.json"));
    const pkg = `@anthropic-ai/claude-code-${process.platform}-${process.arch}/package.json`;
    return join(dirname(require.resolve(pkg)), "claude");
  } catch {
    return "claude";
  }
}

function gradeWithModel(options: JudgeOptions): { score: number; reason?: string; costUsd: number } {
  const apiKey = options.apiKey ?? process.env["ANTHROPIC_API_KEY"];
  if (!apiKey) {
    throw new MissingCredentialsError(
      "paid_judge has no credentials: set ANTHROPIC_API_KEY, or pass { judge } to grade without a model.",
    );
  }
  const home = makeTempDir("vigiles-judge-");
  try {
    const r = runProcessSync({
      argv: [
        claudePath(options.harnessPath),
        "-p",
        judgePrompt(options.rubric, options.output),
        "--output-format",
        "json",
        "--max-turns",
        "1",
        "--model",
        options.model ?? "sonnet",
        "--tools",
        "",
      ],
      cwd: home,
      // Only what the CLI needs: no inherited variable can redirect the judge or change its settings.
      env: {
        PATH: process.env["PATH"] ?? "/usr/bin:/bin",
        HOME: home,
        CLAUDE_CONFIG_DIR: join(home, ".claude"),
        ANTHROPIC_API_KEY: apiKey,
        DISABLE_TELEMETRY: "1",
        DISABLE_AUTOUPDATER: "1",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      },
      timeoutMs: options.timeoutMs ?? 180_000,
    });
    let parsed: { result?: unknown; total_cost_usd?: unknown; is_error?: unknown } | undefined;
    try {
      parsed = JSON.parse(r.stdout) as typeof parsed;
    } catch {
      parsed = undefined;
    }
    // A failed call (the CLI crashed, timed out, or reported an error) is not an answer to read.
    if (r.exitCode !== 0 || !parsed || parsed.is_error === true || typeof parsed.result !== "string") {
      const detail = typeof parsed?.result === "string" ? parsed.result : r.stderr || r.stdout;
      throw new EvalDriverError(
        `paid_judge: the judge call failed (exit ${String(r.exitCode)}${r.timedOut ? ", timed out" : ""}): ${detail.slice(0, 300)}`,
      );
    }
    const verdict = parseJudgeAnswer(parsed.result);
    return {
      ...verdict,
      costUsd: typeof parsed.total_cost_usd === "number" ? parsed.total_cost_usd : 0,
    };
  } finally {
    removeTempDir(home);
  }
}
