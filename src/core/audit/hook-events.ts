/**
 * What the audit reads of a Claude-shaped hooks file whatever the harness: handler types, the
 * default budget and Claude Code's matcher forms. Each harness's events and matcher subjects are its
 * dialect's (src/adapters/<harness>/dialect).
 */

/** Handler types a hooks configuration accepts. */
export const HOOK_HANDLER_TYPES = ["command", "http", "mcp_tool", "prompt", "agent"] as const;

/** The default budget of a command hook, in seconds, when `timeout` is not set. */
export const DEFAULT_COMMAND_TIMEOUT_SECONDS = 600;

/**
 * How the harness reads a matcher: `*`, empty or absent matches everything; a string of only
 * `[A-Za-z0-9_ ,|-]` is a list of exact names split on `|` or `,`; anything else is an unanchored
 * JavaScript regular expression, case-sensitive.
 */
export type MatcherForm =
  | { readonly kind: "all" }
  | { readonly kind: "names"; readonly names: readonly string[] }
  | { readonly kind: "regex"; readonly regex: RegExp | null };

export function parseMatcher(matcher: string | undefined): MatcherForm {
  if (matcher === undefined || matcher === "" || matcher === "*") return { kind: "all" };
  if (/^[A-Za-z0-9_ ,|-]+$/.test(matcher)) {
    const names = matcher
      .split(/[|,]/)
      .map((s) => s.trim())
      .filter((s) => s !== "");
    return { kind: "names", names };
  }
  try {
    return { kind: "regex", regex: new RegExp(matcher) };
  } catch {
    return { kind: "regex", regex: null };
  }
}

/** True when the matcher would fire for `value` (a tool name, a SessionStart source …). */
export function matcherMatches(matcher: string | undefined, value: string): boolean {
  const form = parseMatcher(matcher);
  switch (form.kind) {
    case "all":
      return true;
    case "names":
      return form.names.includes(value);
    case "regex":
      return form.regex !== null && form.regex.test(value);
  }
}
