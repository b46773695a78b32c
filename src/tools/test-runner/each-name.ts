/**
 * The name of one case of `test.each`, formatted as Vitest formats it: `%s` (string), `%d`/`%i`
 * (integer), `%f` (number), `%j`/`%o` (JSON), `%#` (the case's index), `%%` (a percent sign), and
 * `$field` (a field of an object case).
 */
import { format } from "node:util";

/** The arguments a case passes to the test: an array case is spread, any other case is passed whole. */
export function eachArgs(item: unknown): unknown[] {
  return Array.isArray(item) ? item : [item];
}

export function eachCaseName(template: string, item: unknown, index: number): string {
  const args = eachArgs(item);
  let next = 0;
  const named = template.replace(/%[sdifjo#%]/g, (spec) => {
    if (spec === "%%") return "%";
    if (spec === "%#") return String(index);
    const value = args[next++];
    switch (spec) {
      case "%d":
      case "%i":
        return String(Math.trunc(Number(value)));
      case "%f":
        return String(Number(value));
      case "%j":
      case "%o":
        return JSON.stringify(value);
      default:
        return typeof value === "string" ? value : format("%o", value);
    }
  });
  if (item === null || typeof item !== "object" || Array.isArray(item)) return named;
  const fields = item as Record<string, unknown>;
  return named.replace(/\$([A-Za-z_]\w*)/g, (whole, key: string) =>
    key in fields
      ? typeof fields[key] === "string"
        ? (fields[key] as string)
        : format("%o", fields[key])
      : whole,
  );
}
