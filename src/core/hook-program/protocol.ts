/**
 * The answer a compiled hook gives the harness for an outcome: exit code, stdout JSON, stderr, per
 * docs/hook-contract.md, Hook output. Every decision is exit 0 with JSON (never a bare exit 2), so the
 * reason travels in the field the harness shows and no stray exit code can be read as a decision.
 */
import type { HookProgramOutcome } from "./run.js";

/** What a compiled hook prints and exits with. */
export interface ProtocolAnswer {
  readonly exitCode: number;
  /** JSON or empty. */
  readonly stdout: string;
  /** Notices and observe-mode records. */
  readonly stderr: string;
}

const json = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** The exit code, stdout and stderr a compiled hook prints for a program's outcome, as the harness's hook protocol expects. */
export function toProtocolAnswer(outcome: HookProgramOutcome): ProtocolAnswer {
  const silent: ProtocolAnswer = { exitCode: 0, stdout: "", stderr: "" };
  const { event } = outcome;
  switch (outcome.kind) {
    case "decision": {
      if (outcome.observed) {
        const o = outcome.observed;
        return {
          ...silent,
          stderr: `vigiles observe: ${event} would ${o.kind}${o.kind === "allow" ? "" : `: ${o.reason}`}\n`,
        };
      }
      if (outcome.decision === "allow") {
        // PermissionRequest exists to answer the dialog, so allow approves; elsewhere allow means "no
        // objection" and prints nothing: a PreToolUse permissionDecision "allow" would skip the user's
        // permission rules, which a guard saying "not my concern" must not do.
        if (event === "PermissionRequest")
          return {
            ...silent,
            stdout: json({ hookSpecificOutput: { hookEventName: event, decision: { behavior: "allow" } } }),
          };
        return silent;
      }
      const reason = outcome.reason ?? "";
      if (event === "PreToolUse") {
        return {
          ...silent,
          stdout: json({
            hookSpecificOutput: {
              hookEventName: event,
              permissionDecision: outcome.decision,
              permissionDecisionReason: reason,
            },
          }),
        };
      }
      if (event === "PermissionRequest") {
        return {
          ...silent,
          stdout: json({
            hookSpecificOutput: { hookEventName: event, decision: { behavior: "deny", message: reason } },
          }),
        };
      }
      // UserPromptSubmit, Stop, SubagentStop: the top-level block decision.
      return { ...silent, stdout: json({ decision: "block", reason }) };
    }
    case "injection":
      if (!outcome.delivered)
        return {
          ...silent,
          stderr: `vigiles observe: ${event} would inject ${JSON.stringify(outcome.text)}\n`,
        };
      return {
        ...silent,
        stdout: json({ hookSpecificOutput: { hookEventName: event, additionalContext: outcome.text } }),
      };
    case "reaction": {
      if (outcome.notice === undefined) return silent;
      const prefix = outcome.mode === "observe" ? "vigiles observe: " : "";
      return { ...silent, stderr: `${prefix}${outcome.notice}\n` };
    }
    default: {
      const never: never = outcome;
      return never;
    }
  }
}
