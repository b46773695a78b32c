/** Budget checks over a run's usage: cost, latency, tokens. */
import { InvalidOptionError } from "../errors.js";
import type { Usage } from "../trace.js";
import { fail, makeCheck, onTrace, pass } from "./define.js";
import type { Check, CheckResult, JsonValue } from "./types.js";

function requireLimit(value: unknown, what: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new InvalidOptionError(`${what} must be a non-negative number, got ${JSON.stringify(value)}.`);
  }
  return value;
}

function usageCheck(
  kind: string,
  json: { [key: string]: JsonValue },
  judge: (usage: Usage) => CheckResult,
): Check {
  const label = `${kind}(${JSON.stringify(json)})`;
  return makeCheck(
    kind,
    label,
    json,
    onTrace(label, (trace) =>
      trace.usage === undefined ? fail(`${label}: usage was not recorded for this run`) : judge(trace.usage),
    ),
  );
}

/**
 * Holds when the run cost at most `maxUsd`.
 *
 * @example
 * ```ts
 * assertChecks(trace, [cost({ maxUsd: 0.05 })]);
 * ```
 */
export function cost(options: { readonly maxUsd: number }): Check {
  const maxUsd = requireLimit(options?.maxUsd, "cost({ maxUsd })");
  return usageCheck("cost", { maxUsd }, (usage) =>
    usage.costUsd <= maxUsd
      ? pass(`the run cost $${usage.costUsd.toFixed(4)}, within $${maxUsd}`)
      : fail(`expected the run to cost at most $${maxUsd}, but it cost $${usage.costUsd.toFixed(4)}`),
  );
}

/** Holds when the run took at most `maxMs` of wall time. */
export function latency(options: { readonly maxMs: number }): Check {
  const maxMs = requireLimit(options?.maxMs, "latency({ maxMs })");
  return usageCheck("latency", { maxMs }, (usage) =>
    usage.durationMs <= maxMs
      ? pass(`the run took ${Math.round(usage.durationMs)} ms, within ${maxMs} ms`)
      : fail(`expected the run to take at most ${maxMs} ms, but it took ${Math.round(usage.durationMs)} ms`),
  );
}

/** Token ceilings: `max` bounds input plus output. */
export interface TokenLimits {
  readonly max?: number;
  readonly maxInput?: number;
  readonly maxOutput?: number;
}

/** Holds when the run's tokens stayed under every ceiling given. */
export function tokens(limits: TokenLimits): Check {
  const json: { [key: string]: JsonValue } = {};
  for (const key of ["max", "maxInput", "maxOutput"] as const) {
    const value = limits?.[key];
    if (value !== undefined) json[key] = requireLimit(value, `tokens({ ${key} })`);
  }
  if (Object.keys(json).length === 0) {
    throw new InvalidOptionError(
      "tokens() needs at least one of max, maxInput, maxOutput, for example tokens({ max: 20000 }).",
    );
  }
  return usageCheck("tokens", json, (usage) => {
    const measured = {
      max: usage.inputTokens + usage.outputTokens,
      maxInput: usage.inputTokens,
      maxOutput: usage.outputTokens,
    };
    const names = { max: "total tokens", maxInput: "input tokens", maxOutput: "output tokens" };
    const over = (["max", "maxInput", "maxOutput"] as const).filter(
      (key) => limits[key] !== undefined && measured[key] > (limits[key] ?? Infinity),
    );
    const summary = `${usage.inputTokens} in + ${usage.outputTokens} out`;
    return over.length === 0
      ? pass(`the run used ${summary} tokens, within budget`)
      : fail(
          `expected ${over.map((key) => `${names[key]} ≤ ${String(limits[key])}`).join(" and ")}, but the run used ${summary}`,
        );
  });
}
