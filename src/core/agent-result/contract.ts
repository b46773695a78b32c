/**
 * Subagent result contracts (the railway pattern): a subagent ends its turn with one fenced block,
 * ```` ```vigiles:ok ```` carrying the ok-track JSON or ```` ```vigiles:err ```` carrying the
 * err-track JSON, and a test reads that block deterministically instead of asking a judge model.
 */
import type { z } from "zod";
import { shapeSchema, describeShape, type InferShape, type ResultShape } from "./shape.js";

/** A declared result contract: the shape of each track, their schemas, and prompt text for the subagent. */
export interface AgentResultContract<Ok, Err> {
  readonly ok: ResultShape;
  readonly err: ResultShape;
  readonly okSchema: z.ZodType;
  readonly errSchema: z.ZodType;
  /** Text to put in the subagent's prompt so it ends its turn with a block this contract reads. */
  readonly instructions: string;
  /** Type-only carriers of the two track types; always undefined at run time. */
  readonly _types?: { readonly ok: Ok; readonly err: Err };
}

function instructionsFor(ok: ResultShape, err: ResultShape): string {
  return [
    "End your final message with exactly one fenced block, and nothing after it.",
    "On success:",
    "```vigiles:ok",
    describeShape(ok),
    "```",
    "On failure:",
    "```vigiles:err",
    describeShape(err),
    "```",
    "The block holds one JSON object with those fields (the values above are their types).",
  ].join("\n");
}

/**
 * Declares a result contract from the shape of the ok track and of the err track.
 *
 * @example
 * ```ts
 * const contract = experimental_agent.result(
 *   { files: "string[]", summary: "string" },
 *   { reason: "string", step: "string" },
 * );
 * ```
 */
function result<const Ok extends ResultShape, const Err extends ResultShape>(
  ok: Ok,
  err: Err,
): AgentResultContract<InferShape<Ok>, InferShape<Err>> {
  const okSchema = shapeSchema(ok);
  const errSchema = shapeSchema(err);
  return Object.freeze({ ok, err, okSchema, errSchema, instructions: instructionsFor(ok, err) });
}

/**
 * Experimental builders for subagent specs. `result(okShape, errShape)` declares the typed outcome
 * a subagent reports; `assertAgentOk` / `assertAgentErr` / `assertAgentResult` read it.
 */
export const experimental_agent = Object.freeze({ result });
