/**
 * The vocabulary of the static lint: findings, rule metadata and the text edits of a safe fix.
 * Rules are pure functions over inputs the audit tier has already read and parsed.
 */

/** How bad a finding is. `error` fails the audit (non-zero exit); the others only report. */
export type LintSeverity = "error" | "warning" | "note";

/** A 1-based line and column range inside one file. */
export interface SourceRange {
  readonly line: number;
  readonly column: number;
  readonly endLine?: number;
  readonly endColumn?: number;
}

/** Replace the characters `[start, end)` of `file` with `text` (offsets into the file as read). */
export interface TextEdit {
  readonly file: string;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** One problem found in one file. */
export interface LintFinding {
  readonly ruleId: string;
  readonly severity: LintSeverity;
  /** What is wrong, naming the value that is wrong. */
  readonly message: string;
  /** Path of the file, as the audit names it (relative to the audited root when it can be). */
  readonly file: string;
  /** Absent when the finding is about the file as a whole. */
  readonly range?: SourceRange;
  /** What to do about it. */
  readonly fix: string;
  /** A safe mechanical fix, applied by `vigiles audit --fix`. */
  readonly edits?: readonly TextEdit[];
}

/** What a rule is and why it exists; listed in SARIF output and `vigiles audit --rules`. */
export interface LintRuleMeta {
  readonly id: string;
  readonly severity: LintSeverity;
  /** The harness behaviour the rule encodes: what silently goes wrong. */
  readonly behaviour: string;
  /** The general remedy. */
  readonly fix: string;
  /** The rule can attach edits that `--fix` applies. */
  readonly autofix: boolean;
  /**
   * Where its harness fact comes from, for docs/harness-facts.md (a harness's own rules carry it in
   * their adapter folder; the shared rules' sources are in scripts/gen-harness-facts.ts).
   */
  readonly source?: string;
}
