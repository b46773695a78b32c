import { VigilesError } from "../errors.js";

/** A hook program misbehaved: `decide` threw, or returned something its event cannot take. */
export class HookProgramError extends VigilesError {
  constructor(
    code:
      | "VIGILES_HOOK_DECIDE_THREW"
      | "VIGILES_HOOK_ILLEGAL_ANSWER"
      | "VIGILES_HOOK_EVENT_MISMATCH"
      | "VIGILES_HOOK_NOT_A_PROGRAM",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
  }
}
