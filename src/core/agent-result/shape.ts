/**
 * The shape language of a result contract: plain data such as `{ files: "string[]", summary: "string" }`,
 * checked with a zod schema built from it and mirrored in the TypeScript types.
 *
 * A field is a type name (`string`, `number`, `boolean`, `unknown`), an array of one (`string[]`),
 * either of those optional (`string?`, `string[]?`), a nested shape, or an array of a nested shape
 * (`[{ path: "string" }]`).
 */
import { z } from "zod";
import { InvalidOptionError } from "../errors.js";

export type ScalarName = "string" | "number" | "boolean" | "unknown";
export type TypeName = ScalarName | `${ScalarName}[]`;
/** One field of a result shape: a type name (`"string"`, `"number[]"`, `"boolean?"` …), a nested shape, or a one-element list of a shape. */
export type FieldSpec = TypeName | `${TypeName}?` | ResultShape | readonly [ResultShape];

/** A declared result shape: field name to field spec. */
export interface ResultShape {
  readonly [field: string]: FieldSpec;
}

type Scalar<N> = N extends "string"
  ? string
  : N extends "number"
    ? number
    : N extends "boolean"
      ? boolean
      : unknown;
type Required<F> = F extends `${infer N}[]`
  ? Scalar<N>[]
  : F extends string
    ? Scalar<F>
    : F extends readonly [infer S]
      ? InferShape<S>[]
      : InferShape<F>;
type IsOptional<F> = F extends `${string}?` ? true : false;
type Strip<F> = F extends `${infer T}?` ? T : F;

type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** The TypeScript type a shape describes. */
export type InferShape<S> = Flatten<
  {
    -readonly [K in keyof S as IsOptional<S[K]> extends true ? never : K]: Required<S[K]>;
  } & {
    -readonly [K in keyof S as IsOptional<S[K]> extends true ? K : never]?: Required<Strip<S[K]>>;
  }
>;

const SCALARS: Record<ScalarName, () => z.ZodType> = {
  string: () => z.string(),
  number: () => z.number(),
  boolean: () => z.boolean(),
  unknown: () => z.unknown(),
};

function isScalarName(name: string): name is ScalarName {
  return Object.hasOwn(SCALARS, name);
}

function fieldSchema(spec: unknown, where: string): z.ZodType {
  if (typeof spec === "string") {
    const optional = spec.endsWith("?");
    const base = optional ? spec.slice(0, -1) : spec;
    const array = base.endsWith("[]");
    const name = array ? base.slice(0, -2) : base;
    if (!isScalarName(name)) {
      throw new InvalidOptionError(
        `Result shape field "${where}" has type ${JSON.stringify(spec)}; use string, number, boolean or unknown, with [] for an array and ? for optional (e.g. "string[]?").`,
      );
    }
    const scalar = SCALARS[name]();
    const typed = array ? z.array(scalar) : scalar;
    return optional ? typed.optional() : typed;
  }
  if (Array.isArray(spec)) {
    if (spec.length !== 1) {
      throw new InvalidOptionError(
        `Result shape field "${where}" is an array of ${spec.length} items; an array of objects is written [{ …shape }].`,
      );
    }
    return z.array(shapeSchema(spec[0], `${where}[]`));
  }
  if (typeof spec === "object" && spec !== null) return shapeSchema(spec, where);
  throw new InvalidOptionError(
    `Result shape field "${where}" is ${JSON.stringify(spec)}; expected a type name or a nested shape.`,
  );
}

/** The zod schema a shape describes (objects keep fields the shape does not name). */
export function shapeSchema(shape: unknown, where = ""): z.ZodType {
  if (typeof shape !== "object" || shape === null || Array.isArray(shape)) {
    throw new InvalidOptionError(
      `A result shape must be an object of fields, e.g. { files: "string[]", summary: "string" }; got ${JSON.stringify(shape)}${where === "" ? "" : ` at "${where}"`}.`,
    );
  }
  const fields: Record<string, z.ZodType> = {};
  for (const [key, spec] of Object.entries(shape)) {
    fields[key] = fieldSchema(spec, where === "" ? key : `${where}.${key}`);
  }
  return z.looseObject(fields);
}

/** Renders a shape as the JSON-like text shown to a subagent in its instructions. */
export function describeShape(shape: ResultShape): string {
  return JSON.stringify(shape);
}
