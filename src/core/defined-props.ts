/**
 * `definedProps({ a, b })`: the same props without those whose value is undefined, so a spread
 * `...definedProps({ cwd, shard })` replaces `...(cwd !== undefined ? { cwd } : {})` for each. A prop
 * whose type admits undefined comes out optional (and without undefined); the others stay required.
 * Only undefined is dropped: null, 0, "" and false are values.
 */

/** Keys of `T` whose value type admits undefined. */
type MaybeUndefinedKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];

export type DefinedProps<T> = {
  [K in Exclude<keyof T, MaybeUndefinedKeys<T>>]: T[K];
} & {
  [K in MaybeUndefinedKeys<T>]?: Exclude<T[K], undefined>;
};

export function definedProps<T extends object>(props: T): DefinedProps<T> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (value !== undefined) kept[key] = value;
  }
  return kept as DefinedProps<T>;
}
