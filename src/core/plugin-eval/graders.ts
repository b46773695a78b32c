/**
 * The deterministic graders of a plugin eval suite, scored over vigiles' Trace the way Claude Code
 * 2.1.328's `claude plugin eval` scores them over its run: `regex`, `tool_used`, `tool_order`,
 * `file_exists`. `llm` and `baseline` go to the judge (tiers/eval/plugin-suite-judge.ts).
 */
import picomatch from "picomatch";
import { assertNever } from "../errors.js";
import type { ToolCall, Trace } from "../trace.js";
import type { Grader, GraderTarget } from "./schema.js";

/** A grader's verdict on one run. `scorable: false` means it could not be read from this trace. */
export interface GraderVerdict {
  readonly name: string;
  readonly passed: boolean;
  readonly explanation: string;
  /** False when the trace cannot answer the grader (say, `mock_calls` with no MCP stand-in). */
  readonly scorable: boolean;
}

/**
 * What a run's MCP stand-ins give a `mock_calls` target: the calls (`served`), nothing because the
 * case has no mocks (`none`: the CLI fails the grader), or nothing because the driver did not serve
 * them (`not-served`: cannot be scored).
 */
export type MockCallsView =
  | { readonly kind: "served"; readonly text: string }
  | { readonly kind: "none" }
  | { readonly kind: "not-served"; readonly why: string };

const NOT_SERVED: MockCallsView = { kind: "not-served", why: "MCP stand-ins were not served in this run" };
/** The CLI's explanation of a mock_calls grader on a run without stand-ins. */
export const NO_MOCKS_ACTIVE =
  "no mock stand-ins were active in this run (no mocks/ directory applies to this case); a mock_calls grader has nothing to check";

/** The text a `target` or `focus` names, or undefined when this trace cannot provide it. */
export function targetText(
  trace: Trace,
  target: GraderTarget,
  mockCalls: MockCallsView = NOT_SERVED,
): string | undefined {
  if (typeof target === "object") return trace.file(target.path) ?? undefined;
  switch (target) {
    case "last_message":
      return trace.output;
    // The child's raw stream-json, its system/init event included (as the CLI greps it).
    case "trace":
      return trace.stdout;
    // Paths only, one a line. vigiles records created and changed files; the CLI counts created ones.
    case "files":
      return trace.filesWritten?.join("\n");
    // One JSON line per mocked call (core/plugin-eval/stand-in-spec.ts mockCallsText).
    case "mock_calls":
      return mockCalls.kind === "served" ? mockCalls.text : undefined;
    default:
      return assertNever(target, "grader target");
  }
}

type Deterministic = Exclude<Grader, { type: "llm" | "baseline" }>;

/** A tool call's name as the suite spells it (Claude Code's names); identity by default. */
export type ToolNaming = (nativeName: string) => string;

/**
 * Scores one deterministic grader over one run's trace. `naming` maps the harness's own tool names
 * to the suite's, so `tool: Write` finds another harness's write call.
 */
export function gradeDeterministic(
  grader: Deterministic,
  trace: Trace,
  naming: ToolNaming = (n) => n,
  mockCalls: MockCallsView = NOT_SERVED,
): GraderVerdict {
  const calls = trace.toolCalls.map((c) => ({ ...c, name: naming(c.name) }));
  const verdict = (passed: boolean, explanation: string, scorable = true): GraderVerdict => ({
    name: grader.name,
    passed,
    explanation,
    scorable,
  });
  switch (grader.type) {
    case "regex": {
      if (grader.target === "mock_calls" && mockCalls.kind === "none") return verdict(false, NO_MOCKS_ACTIVE);
      // A file the run did not leave fails the grader and counts in the score, whatever the match
      // mode: Claude Code 2.1.328's grader throws on it and scores the run as failed. "Cannot be
      // scored" would drop it from the score and raise the run's (test/plugin-eval/side-by-side).
      if (typeof grader.target === "object" && trace.file(grader.target.path) === null)
        return verdict(false, `file ${grader.target.path} does not exist after the run`);
      const text = targetText(trace, grader.target, mockCalls);
      if (text === undefined)
        return verdict(
          false,
          grader.target === "mock_calls" && mockCalls.kind === "not-served"
            ? `cannot be scored: ${mockCalls.why}`
            : `cannot be scored: ${describe(grader.target)} was not recorded`,
          false,
        );
      return regexVerdict(grader, text, verdict);
    }
    case "tool_used": {
      const count = callsMatching(calls, grader.tool, grader.input_match).length;
      const min = grader.min ?? 1;
      const passed = count >= min && (grader.max === undefined || count <= grader.max);
      const range = grader.max === undefined ? `at least ${min}` : `${min}..${grader.max}`;
      return verdict(passed, `${grader.tool} called ${count} time(s), wanted ${range}`);
    }
    case "tool_order": {
      const before = firstIndex(calls, grader.before);
      const after = firstIndex(calls, grader.after);
      const passed = before >= 0 && after >= 0 && before < after;
      return verdict(
        passed,
        `first ${grader.before.tool} at ${before}, first ${grader.after.tool} at ${after}`,
      );
    }
    case "file_exists": {
      if (trace.filesWritten === undefined)
        return verdict(false, "cannot be scored: written files were not recorded", false);
      const isMatch = picomatch(grader.path, { dot: true });
      const hit = trace.filesWritten.find((p) => isMatch(p));
      const passed = (hit !== undefined) === grader.exists;
      return verdict(
        passed,
        hit !== undefined ? `${hit} was written` : `no written file matches ${grader.path}`,
      );
    }
    default:
      return assertNever(grader, "grader");
  }
}

function regexVerdict(
  grader: Extract<Grader, { type: "regex" }>,
  text: string,
  verdict: (passed: boolean, explanation: string, scorable?: boolean) => GraderVerdict,
): GraderVerdict {
  let pattern: RegExp;
  try {
    pattern = new RegExp(grader.pattern, grader.flags.replace(/[gy]/g, ""));
  } catch (error) {
    return verdict(false, `invalid pattern: ${(error as Error).message}`);
  }
  if (grader.match === "contains")
    return verdict(pattern.test(text), `/${grader.pattern}/ ${pattern.test(text) ? "found" : "not found"}`);
  if (grader.match === "not_contains")
    return verdict(!pattern.test(text), `/${grader.pattern}/ ${pattern.test(text) ? "found" : "not found"}`);
  const wanted = Number(grader.match.slice("count:".length));
  const global = new RegExp(pattern.source, `${pattern.flags}g`);
  const count = [...text.matchAll(global)].length;
  return verdict(count === wanted, `/${grader.pattern}/ matched ${count} time(s), wanted ${wanted}`);
}

function callsMatching(calls: readonly ToolCall[], tool: string, inputMatch: string | undefined): ToolCall[] {
  const input = inputMatch === undefined ? undefined : new RegExp(inputMatch);
  return calls.filter((c) => c.name === tool && (input === undefined || input.test(JSON.stringify(c.input))));
}

function firstIndex(
  calls: readonly ToolCall[],
  ref: { readonly tool: string; readonly input_match?: string | undefined },
): number {
  const match = callsMatching(calls, ref.tool, ref.input_match)[0];
  return match === undefined ? -1 : calls.indexOf(match);
}

function describe(target: GraderTarget): string {
  return typeof target === "object" ? `file ${target.path}` : target;
}

/**
 * Which graders score only in the with arm, as the CLI decides: `arm: with-only`, or, with `arm`
 * unset, a `tool_used` of `Skill` (the plugin's skill cannot fire without the plugin). When every
 * grader is with-only, all of them score in both arms.
 */
export function withOnlyGraders(graders: readonly Grader[]): ReadonlySet<string> {
  const withOnly = graders.filter(
    (g) => g.arm === "with-only" || (g.arm === undefined && g.type === "tool_used" && g.tool === "Skill"),
  );
  return withOnly.length === graders.length ? new Set() : new Set(withOnly.map((g) => g.name));
}

/** A grader's verdict with what scoring needs. */
export interface ScoredVerdict extends GraderVerdict {
  readonly weight: number;
  /** Reported but not counted in this arm's score. */
  readonly withOnly: boolean;
  /** The three judge votes of an llm or baseline grader. */
  readonly judgeVotes?: readonly boolean[];
  /** What an llm grader showed its judge (the CLI writes it as `evidence`). */
  readonly evidence?: string;
}

/**
 * The run score: weight of passed scored graders over weight of scored graders (0 when none is
 * scored). A with-only grader never counts; one that cannot be scored is left out, never a fail.
 */
export function runScore(verdicts: readonly ScoredVerdict[]): number {
  let total = 0;
  let passed = 0;
  for (const v of verdicts) {
    if (v.withOnly || !v.scorable) continue;
    total += v.weight;
    if (v.passed) passed += v.weight;
  }
  return total > 0 ? passed / total : 0;
}
