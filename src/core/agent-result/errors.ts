/** The two ways a subagent's result can be wrong. */
import { AssertionFailedError, VigilesError } from "../errors.js";

/** The output holds no readable `vigiles:ok` / `vigiles:err` block: a broken contract, never a pass. */
export class AgentResultMalformedError extends VigilesError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("VIGILES_AGENT_RESULT_MALFORMED", message, options);
  }
}

/** The block is well formed but its JSON does not fit the contract's shape; names every bad field. */
export class AgentResultMismatchError extends AssertionFailedError {
  /** `field: problem` for every field that did not fit. */
  readonly issues: readonly string[];

  constructor(message: string, issues: readonly string[]) {
    super(message);
    this.issues = issues;
  }
}
