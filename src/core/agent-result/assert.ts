/** Assertions over a subagent's typed outcome: deterministic, in place of a judge model. */
import { AssertionFailedError } from "../errors.js";
import type { AgentResultContract } from "./contract.js";
import { parseAgentResult, type AgentOutput, type AgentResult } from "./parse.js";

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * Throws unless the subagent ended on the ok track (fitting the contract, when given); returns the value.
 *
 * @example
 * ```ts
 * const value = assertAgentOk(result.output, contract);
 * value.files;
 * ```
 */
export function assertAgentOk<Ok = Record<string, unknown>, Err = Record<string, unknown>>(
  output: AgentOutput,
  contract?: AgentResultContract<Ok, Err>,
): Ok {
  const res = parseAgentResult(output, contract);
  if (res.kind !== "ok") {
    throw new AssertionFailedError(
      `expected the subagent to end with vigiles:ok, but it ended with vigiles:err ${show(res.error)}`,
    );
  }
  return res.value;
}

/**
 * Throws unless the subagent ended on the err track (fitting the contract, when given); returns the error.
 *
 * @example
 * ```ts
 * const error = assertAgentErr(result.output, contract);
 * error.reason;
 * ```
 */
export function assertAgentErr<Ok = Record<string, unknown>, Err = Record<string, unknown>>(
  output: AgentOutput,
  contract?: AgentResultContract<Ok, Err>,
): Err {
  const res = parseAgentResult(output, contract);
  if (res.kind !== "err") {
    throw new AssertionFailedError(
      `expected the subagent to end with vigiles:err, but it ended with vigiles:ok ${show(res.value)}`,
    );
  }
  return res.error;
}

/**
 * Throws unless the predicate accepts the parsed outcome; returns the outcome.
 *
 * @example
 * ```ts
 * assertAgentResult(result.output, (res) => res.kind === "ok" && res.value.files.length > 0, contract);
 * ```
 */
export function assertAgentResult<Ok = Record<string, unknown>, Err = Record<string, unknown>>(
  output: AgentOutput,
  predicate: (result: AgentResult<Ok, Err>) => boolean,
  contract?: AgentResultContract<Ok, Err>,
): AgentResult<Ok, Err> {
  const res = parseAgentResult(output, contract);
  if (!predicate(res)) {
    const body = res.kind === "ok" ? res.value : res.error;
    throw new AssertionFailedError(
      `expected the predicate to accept the subagent's result, but it rejected vigiles:${res.kind} ${show(body)}`,
    );
  }
  return res;
}
