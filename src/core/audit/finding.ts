/** Builds a finding from a rule's metadata. */
import type { LintFinding, LintRuleMeta, SourceRange, TextEdit } from "./types.js";

export function finding(
  rule: LintRuleMeta,
  file: string,
  range: SourceRange | undefined,
  message: string,
  extra?: { fix?: string; edits?: readonly TextEdit[] },
): LintFinding {
  return {
    ruleId: rule.id,
    severity: rule.severity,
    message,
    file,
    ...(range !== undefined && { range }),
    fix: extra?.fix ?? rule.fix,
    ...(extra?.edits !== undefined && { edits: extra.edits }),
  };
}

/** The range of a 0-based offset span inside a one-line string value whose range is known. */
export function subRange(valueRange: SourceRange, start: number, end: number): SourceRange {
  // The value range starts at the opening quote; +1 steps over it. Escapes inside the string may
  // shift columns by a few characters; the line is always right.
  return {
    line: valueRange.line,
    column: valueRange.column + 1 + start,
    endLine: valueRange.line,
    endColumn: valueRange.column + 1 + end,
  };
}
