/**
 * Reads the `vigiles:ok` / `vigiles:err` block a subagent ends with.
 *
 * The block format: a fence line of three or more backticks (or tildes), indented by at most three
 * spaces, followed directly by `vigiles:ok` or `vigiles:err`; then one JSON object; then a closing
 * fence of the same character, at least as long. Exactly one such block may appear in the output:
 * none, two, an unclosed fence, an unknown `vigiles:` kind, or JSON that is not an object is
 * malformed and throws AgentResultMalformedError. Text before the block is free.
 */
import type { AgentResultContract } from "./contract.js";
import { AgentResultMalformedError, AgentResultMismatchError } from "./errors.js";
import type { z } from "zod";

/** A subagent's outcome: the ok track's value or the err track's error. */
export type AgentResult<Ok, Err> =
  { readonly kind: "ok"; readonly value: Ok } | { readonly kind: "err"; readonly error: Err };

/** What an agent-result helper reads: the output text, or anything with an `output` (a Trace). */
export type AgentOutput = string | { readonly output: string };

interface Block {
  readonly kind: string;
  readonly body: string;
  readonly line: number;
}

const OPEN = /^ {0,3}(`{3,}|~{3,})\s*vigiles:([A-Za-z_-]*)\s*$/;

function findBlocks(text: string): Block[] {
  const lines = text.split(/\r?\n/);
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = OPEN.exec(lines[i] ?? "");
    if (open === null) continue;
    const fence = open[1] ?? "```";
    const close = new RegExp(`^ {0,3}${fence[0] === "`" ? "`" : "~"}{${fence.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end] ?? "")) end += 1;
    if (end >= lines.length) {
      throw new AgentResultMalformedError(
        `The vigiles:${open[2] ?? ""} block opened on line ${i + 1} is never closed: end it with a ${fence} line.`,
      );
    }
    blocks.push({ kind: open[2] ?? "", body: lines.slice(i + 1, end).join("\n"), line: i + 1 });
    i = end;
  }
  return blocks;
}

function textOf(output: AgentOutput): string {
  if (typeof output === "string") return output;
  if (typeof output === "object" && output !== null && typeof output.output === "string")
    return output.output;
  throw new AgentResultMalformedError(
    `Expected the subagent's output text (or a result with .output), got ${typeof output}.`,
  );
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let here: unknown = value;
  for (const key of path) {
    if (typeof here !== "object" || here === null) return undefined;
    here = (here as Record<PropertyKey, unknown>)[key];
  }
  return here;
}

function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`))
    .join("");
}

function issuesOf(error: z.ZodError, data: unknown): string[] {
  return error.issues.map((issue) => {
    const field = fieldName(issue.path);
    if (issue.path.length > 0 && valueAt(data, issue.path) === undefined && issue.code === "invalid_type") {
      return `missing field "${field}" (expected ${String(issue.expected)})`;
    }
    return `field "${field === "" ? "(block)" : field}": ${issue.message}`;
  });
}

/**
 * Parses the result block at the end of a subagent's output. With a contract, the JSON is validated
 * against the track's shape and a missing or wrong field throws AgentResultMismatchError naming it;
 * without one, any JSON object is accepted. Output without a well-formed block throws
 * AgentResultMalformedError.
 *
 * @example
 * ```ts
 * const res = parseAgentResult('Done.\n```vigiles:ok\n{"files":["a.ts"],"summary":"ok"}\n```', contract);
 * if (res.kind === "ok") res.value.files;
 * ```
 */
export function parseAgentResult<Ok = Record<string, unknown>, Err = Record<string, unknown>>(
  output: AgentOutput,
  contract?: AgentResultContract<Ok, Err>,
): AgentResult<Ok, Err> {
  const text = textOf(output);
  const blocks = findBlocks(text);
  if (blocks.length === 0) {
    const tail = text.trim().slice(-160);
    throw new AgentResultMalformedError(
      `No vigiles:ok or vigiles:err block in the subagent's output (it ends with ${JSON.stringify(tail)}). A subagent with a result contract must end with one; put contract.instructions in its prompt.`,
    );
  }
  if (blocks.length > 1) {
    throw new AgentResultMalformedError(
      `Found ${blocks.length} result blocks (lines ${blocks.map((b) => b.line).join(", ")}); a subagent must end with exactly one.`,
    );
  }
  const block = blocks[0] as Block;
  if (block.kind !== "ok" && block.kind !== "err") {
    throw new AgentResultMalformedError(
      `Unknown result block "vigiles:${block.kind}" on line ${block.line}: use vigiles:ok or vigiles:err.`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(block.body);
  } catch (cause) {
    throw new AgentResultMalformedError(
      `The vigiles:${block.kind} block on line ${block.line} is not valid JSON (${(cause as Error).message}): ${JSON.stringify(block.body.slice(0, 160))}`,
      { cause },
    );
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new AgentResultMalformedError(
      `The vigiles:${block.kind} block on line ${block.line} must hold a JSON object, got ${JSON.stringify(data).slice(0, 80)}.`,
    );
  }
  if (contract !== undefined) {
    const schema = block.kind === "ok" ? contract.okSchema : contract.errSchema;
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issues = issuesOf(parsed.error, data);
      throw new AgentResultMismatchError(
        `The vigiles:${block.kind} block does not fit the contract's ${block.kind} track: ${issues.join("; ")}`,
        issues,
      );
    }
    data = parsed.data;
  }
  return block.kind === "ok" ? { kind: "ok", value: data as Ok } : { kind: "err", error: data as Err };
}
