/** Substring-or-regex matching of text, shared by output and received checks. */

/** A substring to find, or a pattern to match. */
export type TextPattern = string | RegExp;

/** Whether `text` contains the string or matches the pattern. */
export function textMatches(text: string, pattern: TextPattern): boolean {
  if (typeof pattern === "string") return text.includes(pattern);
  pattern.lastIndex = 0;
  return pattern.test(text);
}

/** How a pattern reads in a message: `"done"` or `/done/i`. */
export function describePattern(pattern: TextPattern): string {
  return typeof pattern === "string" ? JSON.stringify(pattern) : String(pattern);
}

/** A short quote of possibly long text for a failure message. */
export function quote(text: string, max = 200): string {
  const flat = text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  return JSON.stringify(flat);
}
