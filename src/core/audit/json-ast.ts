/**
 * Small helpers over @humanwhocodes/momoa ASTs: JSON read with positions, so every finding points
 * at the line and column of the value at fault.
 */
import {
  parse,
  type DocumentNode,
  type MemberNode,
  type ObjectNode,
  type ValueNode,
} from "@humanwhocodes/momoa";
import type { SourceRange } from "./types.js";

export type { DocumentNode, MemberNode, ObjectNode, ValueNode };

/** A parsed JSON file, or the place its syntax broke. */
export type ParsedJson =
  | { readonly ok: true; readonly document: DocumentNode }
  | { readonly ok: false; readonly message: string; readonly range: SourceRange };

interface MomoaSyntaxError {
  message: string;
  line?: number;
  column?: number;
}

/** Parses JSON text (comments are allowed, as the harness's own settings reader tolerates them). */
export function parseJson(text: string): ParsedJson {
  try {
    return { ok: true, document: parse(text, { mode: "jsonc", ranges: true }) };
  } catch (error) {
    const e = error as MomoaSyntaxError;
    return {
      ok: false,
      message: e.message,
      range: {
        line: typeof e.line === "number" ? e.line : 1,
        column: typeof e.column === "number" ? e.column : 1,
      },
    };
  }
}

/** The 1-based range of a node. */
export function rangeOf(node: {
  loc: { start: { line: number; column: number }; end: { line: number; column: number } };
}): SourceRange {
  return {
    line: node.loc.start.line,
    column: node.loc.start.column,
    endLine: node.loc.end.line,
    endColumn: node.loc.end.column,
  };
}

/** Start and end offsets of a node. */
export function offsetsOf(node: {
  loc: { start: { offset: number }; end: { offset: number } };
}): [number, number] {
  return [node.loc.start.offset, node.loc.end.offset];
}

/** The name of an object member (string or identifier key). */
export function memberName(member: MemberNode): string {
  return member.name.type === "String" ? member.name.value : member.name.name;
}

/** The member of an object by key, if present. */
export function getMember(node: ValueNode, key: string): MemberNode | undefined {
  if (node.type !== "Object") return undefined;
  return node.members.find((m) => memberName(m) === key);
}

/** The string value of a node, if it is a string. */
export function stringValue(node: ValueNode | undefined): string | undefined {
  return node?.type === "String" ? node.value : undefined;
}

/** A short name of a JSON node's kind for messages. */
export function kindName(node: ValueNode): string {
  switch (node.type) {
    case "Object":
      return "an object";
    case "Array":
      return "an array";
    case "String":
      return "a string";
    case "Number":
      return "a number";
    case "Boolean":
      return "a boolean";
    case "Null":
      return "null";
    default:
      return node.type;
  }
}

/**
 * The offsets that remove one element of a list (array elements or object members) together with
 * the comma that separates it, leaving valid JSON behind.
 */
export function removalOffsets(
  items: readonly { loc: { start: { offset: number }; end: { offset: number } } }[],
  index: number,
): [number, number] {
  const item = items[index];
  if (item === undefined) throw new RangeError(`no item ${index}`);
  const next = items[index + 1];
  const prev = items[index - 1];
  if (next !== undefined) return [item.loc.start.offset, next.loc.start.offset];
  if (prev !== undefined) return [prev.loc.end.offset, item.loc.end.offset];
  return [item.loc.start.offset, item.loc.end.offset];
}
