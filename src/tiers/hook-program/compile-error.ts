import { VigilesError } from "../../core/errors.js";

/** A compile that cannot go on: unreadable config, a hand-edited registration or bundle without `force`, a program that does not bundle. */
export class CompileError extends VigilesError {
  constructor(
    code:
      | "VIGILES_COMPILE_BAD_CONFIG"
      | "VIGILES_COMPILE_HAND_EDITED"
      | "VIGILES_COMPILE_NO_RUNTIME"
      | "VIGILES_COMPILE_BUNDLE_CLASH"
      | "VIGILES_COMPILE_BUNDLE_FAILED"
      | "VIGILES_COMPILE_NOT_A_PROGRAM"
      | "VIGILES_COMPILE_FORBIDDEN_IMPORT",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
  }
}

/** A reason `compileHooks` with `check` fails: a registration or bundle hand-edited, stale, missing or orphaned. */
export interface CompileProblem {
  readonly kind: "hand-edited" | "stale" | "missing" | "orphan";
  readonly program: string;
  readonly event?: string;
  /** The plugin bundle the problem is about (plugin-relative); absent when it is about the config file. */
  readonly file?: string;
  readonly message: string;
}
