/**
 * The exit-0 half of the folding: stdout read as plain text or as the hook JSON, checked against
 * the event's rules (docs/hook-contract.md, Hook output).
 */
import type { EventRules } from "./event-rules.js";
import { invalid, noDecision, nonEmpty, show } from "./fold-shared.js";
import { isRecord } from "../is-record.js";
import type { ClaudeShapedProfile } from "./profile.js";
import type { DecisionSource, FoldedHookDecision, HookDecisionKind } from "./types.js";

const PERMISSION_DECISIONS = ["allow", "deny", "ask", "defer"] as const;
type PermissionDecision = (typeof PERMISSION_DECISIONS)[number];

/** The universal JSON fields, checked for type. Unknown top-level keys are ignored, as the harness does. */
const UNIVERSAL_TYPES: Readonly<Record<string, "boolean" | "string" | "object">> = {
  continue: "boolean",
  stopReason: "string",
  suppressOutput: "boolean",
  systemMessage: "string",
  decision: "string",
  reason: "string",
  hookSpecificOutput: "object",
};

export function foldExit0(
  stdout: string,
  event: string,
  profile: ClaudeShapedProfile,
  rules: EventRules,
  warnings: string[],
): FoldedHookDecision {
  const trimmed = stdout.trim();
  if (!trimmed.startsWith("{")) {
    // Text printed before the JSON answer makes the harness read all of stdout as plain text: the
    // decision in it is lost (audit --run says the same of a real hook).
    const hookError = endsWithJsonObject(trimmed)
      ? "stdout must be one JSON object; print diagnostics to stderr (text before the JSON made the harness read it as plain text, so its decision was ignored)"
      : undefined;
    return noDecision(event, "no-decision", {
      ...(trimmed ? { plainText: trimmed } : {}),
      ...(hookError ? { hookError } : {}),
    });
  }
  if (profile.asyncAnswers) {
    const background = foldAsyncAnswer(trimmed, event, profile, rules, warnings);
    if (background) return background;
  }
  return foldJsonObject(trimmed, event, profile, rules, warnings);
}

/** A stdout line parsed as a JSON object, or undefined. */
function objectOf(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Claude Code's async-hook protocol (pinned 2.1.328, its hook runner): when the first stdout line is
 * a JSON object with `"async": true`, the hook is backgrounded at once and the action proceeds
 * without waiting. When it ends, its answer is the first of [every line after the marker, joined;
 * each line alone] that parses as an object without an `async` key; a line that opens with `{` but
 * reads as no answer is dropped with an error in the debug log. The answer arrives after the action
 * ran, so a decision in it (`permissionDecision`, `decision`, `continue`) has no effect.
 */
function foldAsyncAnswer(
  trimmed: string,
  event: string,
  profile: ClaudeShapedProfile,
  rules: EventRules,
  warnings: string[],
): FoldedHookDecision | undefined {
  const lines = trimmed.split("\n");
  const marker = objectOf((lines[0] ?? "").trim());
  if (marker?.async !== true) return undefined;
  const rest = lines.slice(1);
  const candidates = [rest.join("\n").trim(), ...rest.map((l) => l.trim())];
  const answer = candidates.map(objectOf).find((o) => o !== undefined && !("async" in o));
  const extra: { -readonly [K in keyof FoldedHookDecision]?: FoldedHookDecision[K] } = { backgrounded: true };
  if (answer === undefined) {
    if (rest.some((l) => l.trim().startsWith("{"))) {
      warnings.push(
        'After its {"async": true} line the hook printed a line opening with "{" that is no JSON answer: Claude Code drops it.',
      );
    }
    return noDecision(event, "no-decision", extra);
  }
  const later = foldJsonObject(JSON.stringify(answer), event, profile, rules, warnings);
  if (later.decision !== "none" && later.decision !== "invalid") {
    warnings.push(
      `The async hook's later answer decides "${later.decision}" (${later.decidedBy}), but it arrives after the action ran: it has no effect.`,
    );
    extra.ignoredDecision = later.decision;
  }
  if (later.additionalContext !== undefined) extra.additionalContext = later.additionalContext;
  if (later.systemMessage !== undefined) extra.systemMessage = later.systemMessage;
  if (later.decision === "invalid" && later.invalidReason !== undefined) {
    warnings.push(`The async hook's later answer is outside the contract: ${later.invalidReason}`);
  }
  return noDecision(event, "no-decision", extra);
}

function foldJsonObject(
  trimmed: string,
  event: string,
  profile: ClaudeShapedProfile,
  rules: EventRules,
  warnings: string[],
): FoldedHookDecision {
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return invalid(event, "no-decision", `stdout starts with "{" but is not valid JSON (${why})`);
  }
  if (!isRecord(json)) return invalid(event, "no-decision", "stdout JSON is not an object");

  for (const [key, type] of Object.entries(UNIVERSAL_TYPES)) {
    if (!(key in json) || json[key] === undefined) continue;
    const value = json[key];
    const ok = type === "object" ? isRecord(value) : typeof value === type;
    if (!ok) return invalid(event, "no-decision", `"${key}" must be a ${type}, got ${show(value)}`);
  }

  const extras: { -readonly [K in keyof FoldedHookDecision]?: FoldedHookDecision[K] } = {};
  if (typeof json.systemMessage === "string") extras.systemMessage = json.systemMessage;
  if (typeof json.stopReason === "string") extras.stopReason = json.stopReason;

  // hookSpecificOutput, checked against the event.
  const specific = isRecord(json.hookSpecificOutput) ? json.hookSpecificOutput : undefined;
  let permission: { decision: PermissionDecision; reason?: string } | undefined;
  let request: { behavior: "allow" | "deny"; message?: string } | undefined;
  if (specific) {
    if (!nonEmpty(specific.hookEventName)) {
      return invalid(event, "no-decision", "hookSpecificOutput.hookEventName is required");
    }
    if (specific.hookEventName !== event) {
      return invalid(
        event,
        "no-decision",
        `hookSpecificOutput.hookEventName is ${show(specific.hookEventName)} but the event is ${show(event)}`,
      );
    }
    if (specific.permissionDecision !== undefined) {
      const value = specific.permissionDecision;
      if (!rules.permissionDecision) {
        return invalid(
          event,
          "permission-decision",
          `permissionDecision is not an output of ${event} (only PreToolUse)`,
        );
      }
      if (!PERMISSION_DECISIONS.includes(value as PermissionDecision)) {
        return invalid(
          event,
          "permission-decision",
          `permissionDecision ${show(value)} is not one of allow|deny|ask|defer`,
        );
      }
      const reason = specific.permissionDecisionReason;
      if (reason !== undefined && typeof reason !== "string") {
        return invalid(
          event,
          "permission-decision",
          `permissionDecisionReason must be a string, got ${show(reason)}`,
        );
      }
      if (profile.askRejected && value === "ask") {
        return invalid(
          event,
          "permission-decision",
          `${profile.displayName} rejects permissionDecision "ask" on ${event}`,
        );
      }
      if (profile.denyNeedsReason && value === "deny" && !nonEmpty(reason)) {
        return invalid(
          event,
          "permission-decision",
          `${profile.displayName} needs a non-empty permissionDecisionReason with "deny"`,
        );
      }
      permission = { decision: value as PermissionDecision, ...(reason ? { reason } : {}) };
    }
    if (specific.decision !== undefined) {
      const d = specific.decision;
      if (!rules.permissionRequest) {
        return invalid(
          event,
          "permission-request",
          `hookSpecificOutput.decision is not an output of ${event} (only PermissionRequest)`,
        );
      }
      if (!isRecord(d) || (d.behavior !== "allow" && d.behavior !== "deny")) {
        return invalid(
          event,
          "permission-request",
          `decision.behavior must be "allow" or "deny", got ${show(isRecord(d) ? d.behavior : d)}`,
        );
      }
      if (d.message !== undefined && typeof d.message !== "string") {
        return invalid(
          event,
          "permission-request",
          `decision.message must be a string, got ${show(d.message)}`,
        );
      }
      if (d.updatedInput !== undefined) {
        if (!isRecord(d.updatedInput)) {
          return invalid(
            event,
            "permission-request",
            `decision.updatedInput must be an object, got ${show(d.updatedInput)}`,
          );
        }
        extras.updatedInput = d.updatedInput;
      }
      request = { behavior: d.behavior, ...(typeof d.message === "string" ? { message: d.message } : {}) };
    }
    if (specific.additionalContext !== undefined) {
      if (typeof specific.additionalContext !== "string") {
        return invalid(
          event,
          "no-decision",
          `additionalContext must be a string, got ${show(specific.additionalContext)}`,
        );
      }
      if (rules.additionalContext) extras.additionalContext = specific.additionalContext;
      else warnings.push(`${event} does not take additionalContext: the harness drops it.`);
    }
    if (specific.updatedInput !== undefined) {
      if (!rules.permissionDecision) {
        return invalid(event, "no-decision", `hookSpecificOutput.updatedInput is not an output of ${event}`);
      }
      if (!isRecord(specific.updatedInput)) {
        return invalid(
          event,
          "no-decision",
          `updatedInput must be an object, got ${show(specific.updatedInput)}`,
        );
      }
      extras.updatedInput = specific.updatedInput;
    }
  }

  // Legacy top-level decision.
  let legacy: "approve" | "block" | undefined;
  if (json.decision !== undefined) {
    const value = json.decision;
    // "approve" passes Claude Code's one output schema on every event and does nothing where the
    // event has no permission to give (2.1.328); "block" there is kept invalid, its effect unpinned.
    const ignoredApprove = !rules.legacyDecision && profile.decisionOnEveryEvent && value === "approve";
    if (!rules.legacyDecision && !ignoredApprove) {
      return invalid(event, "legacy-decision", `a top-level "decision" is not honoured on ${event}`);
    }
    if (value !== "approve" && value !== "block") {
      return invalid(event, "legacy-decision", `decision ${show(value)} is not "approve" or "block"`);
    }
    if (ignoredApprove)
      warnings.push(`${event} ignores a top-level "decision": "approve" allows nothing here.`);
    if (value === "block" && rules.blockNeedsReason && !nonEmpty(json.reason)) {
      const who = profile.exit2NeedsStderr ? profile.displayName : event;
      return invalid(event, "legacy-decision", `decision "block" needs a non-empty "reason" on ${who}`);
    }
    if (rules.legacyDecision) legacy = value;
  }

  // continue:false ends the session once the hooks have run. It stops the action itself only where the
  // event's rules say so (UserPromptSubmit: the prompt never reaches the model); a PreToolUse call still
  // runs and a Stop still stops (Claude Code 2.1.328, pinned in test/harness/continue-false.test.ts), so
  // there `blocked` comes from the rest of the answer.
  const halts = json.continue === false;
  if (halts && profile.continueFalseRejectedOn.includes(event)) {
    return invalid(event, "continue-false", `${profile.displayName} rejects continue:false on ${event}`);
  }
  const haltBlocks = halts && rules.continueFalseBlocks;
  const stopReason = typeof json.stopReason === "string" ? json.stopReason : undefined;
  const decided = (
    decision: HookDecisionKind,
    decidedBy: DecisionSource,
    reason?: string,
  ): FoldedHookDecision => {
    const final: HookDecisionKind = haltBlocks ? "deny" : decision;
    const why = nonEmpty(reason) ? reason : halts ? stopReason : undefined;
    return {
      event,
      decision: final,
      blocked: final === "deny",
      halted: halts,
      decidedBy: halts && (haltBlocks || decision !== "deny") ? "continue-false" : decidedBy,
      ...extras,
      ...(nonEmpty(why) ? { reason: why } : {}),
    };
  };
  // permissionDecision outranks the deprecated top-level decision on PreToolUse.
  if (permission) return decided(permission.decision, "permission-decision", permission.reason);
  if (request) return decided(request.behavior, "permission-request", request.message);
  if (legacy) {
    const reason = typeof json.reason === "string" ? json.reason : undefined;
    if (legacy === "block" && event === "PostToolUse") {
      warnings.push(
        'PostToolUse runs after the tool: decision "block" feeds the reason to the model, it cannot undo the call.',
      );
    }
    return decided(legacy === "block" ? "deny" : "allow", "legacy-decision", reason);
  }
  return decided("none", "no-decision");
}

/** Whether a line of `text` (after the first) starts a JSON object that runs to the end. */
function endsWithJsonObject(text: string): boolean {
  const lines = text.split("\n");
  for (let i = 1; i < lines.length; i++) {
    if (!lines[i]?.trimStart().startsWith("{")) continue;
    try {
      const value: unknown = JSON.parse(lines.slice(i).join("\n"));
      if (isRecord(value)) return true;
    } catch {
      // Not JSON from this line on; try a later one.
    }
  }
  return false;
}
