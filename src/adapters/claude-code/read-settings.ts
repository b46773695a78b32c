/**
 * Reads a Claude Code settings file the way the pinned CLI does before vigiles judges it: the CLI
 * strips a leading UTF-8 BOM and applies the file (2.1.328, verified by a real run in
 * test/harness/endpoint-leaks.test.ts), so a plain `JSON.parse` that throws on the BOM must not let
 * the file through unchecked. The CLI ignores a file with comments or trailing commas; vigiles reads
 * one leniently anyway, so a file that would route if a later CLI accepted it is still refused.
 */
import { evaluate, parse } from "@humanwhocodes/momoa";

/** The text with a leading UTF-8 BOM removed, as the CLI reads it. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The settings object in `text`, or undefined when it is no JSON object even read leniently
 * (comments, trailing commas). Used only to decide what to refuse, never to decide what runs.
 */
export function readSettingsText(text: string): Record<string, unknown> | undefined {
  const body = stripBom(text);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    try {
      value = evaluate(parse(body, { mode: "jsonc", allowTrailingCommas: true }).body);
    } catch {
      return undefined;
    }
  }
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
