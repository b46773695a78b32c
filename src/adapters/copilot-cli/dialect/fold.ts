/**
 * One Copilot CLI hook run reduced to what Copilot will do, with the rules of copilot-rules.ts. Kept
 * apart from Claude Code's folding because the answers differ in shape (top-level fields) and in
 * exit-code meaning (preToolUse and permissionRequest deny on any non-zero exit; a timeout lets the
 * action proceed).
 */
import { copilotEventRules, copilotUsesSnakeCase, type CopilotEventRules } from "./rules.js";
import { invalid, noDecision, nonEmpty, show } from "../../../core/hook-decision/fold-shared.js";
import { isRecord } from "../../../core/is-record.js";
import type {
  FoldedHookDecision,
  HookDecisionKind,
  DecisionSource,
} from "../../../core/hook-decision/types.js";

/** What a Copilot hook run produced. */
export interface CopilotHookOutcome {
  readonly event: string;
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
  readonly signal?: string | null;
  /** The hook's process never started (see HookOutcomeInput). */
  readonly notStarted?: boolean;
}

const PERMISSION_DECISIONS = ["allow", "deny", "ask"] as const;

function clip(s: string, max = 200): string {
  return s.length <= max ? s : `${s.slice(0, max)}…`;
}

/** What Copilot tells the model when a hook's exit denies (measured on 1.0.102), never the hook's stderr. */
function exitDenialReason(event: string, exitCode: number): string {
  if (event === "permissionRequest") {
    return exitCode === 2 ? "Permission denied by hook." : "Permission request hook failed";
  }
  return exitCode === 2 ? "hook exited with code 2" : "hook errored";
}

function denyByExit(event: string, exitCode: number, stderr: string): FoldedHookDecision {
  return {
    event,
    decision: "deny",
    blocked: true,
    halted: false,
    decidedBy: "exit-code",
    reason: exitDenialReason(event, exitCode),
    ...(stderr ? { hookError: `exit ${exitCode} (stderr: ${clip(stderr)})` } : {}),
  };
}

/**
 * Folds one Copilot hook run.
 *
 * @example
 * foldCopilotHookDecision({ event: "preToolUse", exitCode: 0, timedOut: false, stderr: "",
 *   stdout: '{"permissionDecision":"deny","permissionDecisionReason":"no rm"}' });
 * // → { decision: "deny", blocked: true, decidedBy: "permission-decision", reason: "no rm", … }
 */
export function foldCopilotHookDecision(input: CopilotHookOutcome): FoldedHookDecision {
  const { event } = input;
  const known = copilotEventRules(event);
  const rules = known ?? copilotEventRules("notification")!;
  const warnings: string[] = [];
  if (!known) {
    warnings.push(
      `Copilot CLI has no hook event named ${show(event)} (its events are camelCase, e.g. preToolUse): the hook never runs.`,
    );
  }
  const withWarnings = (d: FoldedHookDecision): FoldedHookDecision =>
    warnings.length ? { ...d, warnings } : d;

  if (input.timedOut) {
    return withWarnings(
      noDecision(event, "timeout", {
        hookError:
          "the hook timed out: Copilot logs it and the action proceeds (measured on preToolUse and permissionRequest)",
      }),
    );
  }
  if (input.exitCode === null && input.notStarted === true) {
    // A hook whose process cannot start (a `cwd` that does not exist: "spawn /bin/bash ENOENT") is a
    // hook error: on preToolUse the call is denied "(hook errored)", elsewhere Copilot goes on
    // (measured on 1.0.102, test/audit/copilot-hook-cwd.test.ts).
    if (rules.exit === "nonzero-denies") {
      return withWarnings({
        event,
        decision: "deny",
        blocked: true,
        halted: false,
        decidedBy: "exit-code",
        reason: "hook errored",
        hookError: "the hook never started: Copilot counts it as an error and denies",
      });
    }
    return withWarnings(
      noDecision(event, "crash", {
        hookError: "the hook never started: Copilot logs it and goes on",
      }),
    );
  }
  if (input.exitCode === null) {
    const how = input.signal ? `killed by ${input.signal}` : "did not run to an exit code";
    return withWarnings(noDecision(event, "crash", { hookError: `the hook ${how}` }));
  }
  const stderr = input.stderr.trim();
  if (input.exitCode !== 0) {
    if (rules.exit === "nonzero-denies") return withWarnings(denyByExit(event, input.exitCode, stderr));
    return withWarnings(
      noDecision(event, input.exitCode === 2 ? "exit-code" : "crash", {
        hookError: `exit ${input.exitCode} on ${event}: Copilot logs it and skips the hook, the action proceeds${stderr ? ` (stderr: ${clip(stderr)})` : ""}`,
      }),
    );
  }
  return withWarnings(foldCopilotJson(input.stdout, event, rules, warnings));
}

function foldCopilotJson(
  stdout: string,
  event: string,
  rules: CopilotEventRules,
  warnings: string[],
): FoldedHookDecision {
  const trimmed = stdout.trim();
  if (!trimmed.startsWith("{"))
    return noDecision(event, "no-decision", trimmed ? { plainText: trimmed } : {});
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return invalid(event, "no-decision", `stdout starts with "{" but is not valid JSON (${why})`);
  }
  if (!isRecord(parsed)) return invalid(event, "no-decision", "stdout JSON is not an object");
  let json: Record<string, unknown> = parsed;
  const specific = isRecord(json["hookSpecificOutput"]) ? json["hookSpecificOutput"] : undefined;
  if (specific) {
    if (copilotUsesSnakeCase(event)) {
      // The VS Code-compatible variant reads Claude's shape (measured: a PascalCase PreToolUse hook's
      // hookSpecificOutput deny was honoured).
      json = { ...specific, ...json };
    } else {
      warnings.push(
        `hookSpecificOutput is Claude Code's shape: Copilot ignores it on the camelCase event ${event} (measured: a deny there let the call run). Answer with top-level fields, or register the hook under the PascalCase name.`,
      );
    }
  }
  const decided = (
    decision: HookDecisionKind,
    decidedBy: DecisionSource,
    reason: unknown,
    extra: Partial<FoldedHookDecision> = {},
  ): FoldedHookDecision => ({
    event,
    decision,
    blocked: decision === "deny",
    halted: false,
    decidedBy,
    ...extra,
    ...(nonEmpty(reason) ? { reason } : {}),
  });
  const context = typeof json["additionalContext"] === "string" ? json["additionalContext"] : undefined;
  let extra: Partial<FoldedHookDecision> =
    context !== undefined && rules.additionalContext ? { additionalContext: context } : {};
  if (context !== undefined && !rules.additionalContext) {
    warnings.push(`${event} does not take additionalContext: Copilot drops it.`);
  }

  const transformed = json["modifiedTransformedPrompt"];
  if (transformed !== undefined) {
    if (!rules.transformedPrompt) {
      warnings.push(
        `modifiedTransformedPrompt is not an output of ${event} (only userPromptTransformed): Copilot drops it.`,
      );
    } else if (typeof transformed !== "string") {
      return invalid(
        event,
        "no-decision",
        `modifiedTransformedPrompt must be a string, got ${show(transformed)}`,
      );
    } else {
      // The prompt the model is sent, replaced whole (an empty string too, measured on 1.0.102).
      extra = { ...extra, updatedInput: { transformedPrompt: transformed } };
    }
  }

  if (json["permissionDecision"] !== undefined) {
    const value = json["permissionDecision"];
    if (!rules.permissionDecision) {
      return invalid(
        event,
        "permission-decision",
        `permissionDecision is not an output of ${event} (only preToolUse)`,
      );
    }
    if (!PERMISSION_DECISIONS.includes(value as (typeof PERMISSION_DECISIONS)[number])) {
      return invalid(
        event,
        "permission-decision",
        `permissionDecision ${show(value)} is not one of allow|deny|ask`,
      );
    }
    const modified = json["modifiedArgs"];
    if (modified !== undefined && !isRecord(modified)) {
      return invalid(event, "permission-decision", `modifiedArgs must be an object, got ${show(modified)}`);
    }
    return decided(value as HookDecisionKind, "permission-decision", json["permissionDecisionReason"], {
      ...extra,
      ...(isRecord(modified) ? { updatedInput: modified } : {}),
    });
  }
  if (json["behavior"] !== undefined) {
    const value = json["behavior"];
    if (!rules.behavior) {
      return invalid(
        event,
        "permission-request",
        `behavior is not an output of ${event} (only permissionRequest)`,
      );
    }
    if (value !== "allow" && value !== "deny") {
      return invalid(event, "permission-request", `behavior must be "allow" or "deny", got ${show(value)}`);
    }
    return decided(value, "permission-request", json["message"], extra);
  }
  if (json["decision"] !== undefined) {
    const value = json["decision"];
    if (!rules.blockDecision) {
      return invalid(
        event,
        "legacy-decision",
        `a top-level "decision" is not honoured on ${event} (only agentStop, subagentStop)`,
      );
    }
    if (value !== "block" && value !== "allow") {
      return invalid(event, "legacy-decision", `decision ${show(value)} is not "block"`);
    }
    return decided(value === "block" ? "deny" : "allow", "legacy-decision", json["reason"], extra);
  }
  return decided("none", "no-decision", undefined, extra);
}
