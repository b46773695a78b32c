/**
 * The mistakes the plugin eval-suite reader names. Each kind matches one refusal of the pinned CLI
 * (Claude Code 2.1.328's `claude plugin eval`), so a suite vigiles refuses is one the CLI refuses.
 */
import { VigilesError } from "../errors.js";

/** Every way a case can fail to load, one name each. */
export type SuiteErrorKind =
  | "unterminated-frontmatter"
  | "invalid-frontmatter-yaml"
  | "frontmatter-not-object"
  | "unknown-prompt-key"
  | "grader-without-type"
  | "invalid-case-yaml"
  | "case-yaml-not-object"
  | "schema-version-missing"
  | "schema-version-invalid"
  | "schema-version-too-new"
  | "invalid-case"
  | "prompt-missing"
  | "template-prompt"
  | "template-grader"
  | "env-key-not-eval"
  | "no-case-definition"
  | "file-too-large"
  | "too-many-grader-files"
  | "too-deep"
  | "invalid-mock";

/** A case of an eval suite that the CLI would refuse to load; `file` is relative to the suite. */
export class SuiteFormatError extends VigilesError {
  readonly kind: SuiteErrorKind;
  readonly file: string;
  /** The message without the file in front. */
  readonly reason: string;

  constructor(kind: SuiteErrorKind, file: string, reason: string) {
    super("VIGILES_PLUGIN_EVAL_FORMAT", `${file}: ${reason}`);
    this.kind = kind;
    this.file = file;
    this.reason = reason;
  }
}
