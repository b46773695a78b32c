/**
 * foldHookDecision: one hook's exit code and output reduced to what the harness will do, with the
 * event's own rules (HOOK-CONTRACT.md). Pure: the same folding serves a subprocess hook, an
 * in-process hook program and a recorded hook fire.
 */
import { eventRules, type EventRules, type HookHarness } from "./event-rules.js";
import type { DecisionSource, FoldedHookDecision, HookDecisionKind } from "./types.js";

/** What a hook run produced, as the harness sees it. */
export interface HookOutcomeInput {
  /** The event the hook ran for (`hook_event_name`). */
  readonly event: string;
  /** Null when the hook was killed by a signal or could not start. */
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Killed at its timeout: the harness cancels it and goes on without a decision. */
  readonly timedOut: boolean;
  readonly signal?: string | null;
  /** Whose rules apply; Claude Code by default. */
  readonly harness?: HookHarness;
}

const PERMISSION_DECISIONS = ["allow", "deny", "ask", "defer"] as const;
type PermissionDecision = (typeof PERMISSION_DECISIONS)[number];

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const nonEmpty = (s: unknown): s is string => typeof s === "string" && s.trim() !== "";
const show = (v: unknown): string => JSON.stringify(v) ?? String(v);

function noDecision(
  event: string,
  decidedBy: DecisionSource,
  extra: Partial<FoldedHookDecision> = {},
): FoldedHookDecision {
  return { event, decision: "none", blocked: false, halted: false, decidedBy, ...extra };
}

/**
 * Folds one hook run into a decision.
 *
 * - Exit 2 blocks where the event can block (reason: stderr); elsewhere it is a non-blocking error.
 *   Stdout is ignored on exit 2, so a JSON "allow" cannot undo it.
 * - Any other non-zero exit (1, 126, 127), a signal or a timeout: the hook failed, the action proceeds.
 * - Exit 0: stdout is JSON only when its first non-blank character is `{`; otherwise it is plain text.
 *   JSON outside the contract is `invalid` (with `invalidReason`), which the harness ignores: it
 *   fails open. Valid JSON: `continue:false` outranks every decision; then the event's own decision
 *   (`permissionDecision`, PermissionRequest `decision.behavior`, legacy `decision`).
 *
 * @example
 * foldHookDecision({ event: "PreToolUse", exitCode: 2, stdout: "", stderr: "no force push", timedOut: false });
 * // → { decision: "deny", blocked: true, decidedBy: "exit-code", reason: "no force push", … }
 */
export function foldHookDecision(input: HookOutcomeInput): FoldedHookDecision {
  const harness = input.harness ?? "claude-code";
  const { event } = input;
  const known = eventRules(event, harness);
  const rules = known ?? eventRules("Notification", "claude-code")!;
  const warnings: string[] = [];
  if (!known)
    warnings.push(
      `${harness} has no hook event named ${show(event)}; it was folded as a non-blocking event.`,
    );
  const withWarnings = (d: FoldedHookDecision): FoldedHookDecision =>
    warnings.length ? { ...d, warnings } : d;

  if (input.timedOut) {
    return withWarnings(
      noDecision(event, "timeout", {
        hookError: "the hook timed out and was cancelled: no decision, the action proceeds",
      }),
    );
  }
  if (input.exitCode === null) {
    const how = input.signal ? `killed by ${input.signal}` : "did not run to an exit code";
    return withWarnings(
      noDecision(event, "crash", { hookError: `the hook ${how}: a non-blocking error, the action proceeds` }),
    );
  }
  if (rules.outputIgnored) {
    warnings.push(`${event} ignores hook output and exit codes.`);
    return withWarnings(noDecision(event, "no-decision"));
  }
  const stderr = input.stderr.trim();
  if (input.exitCode === 2) return withWarnings(foldExit2(event, harness, rules, stderr));
  if (input.exitCode !== 0) {
    return withWarnings(
      noDecision(event, "crash", {
        hookError: `exit ${input.exitCode}: a non-blocking hook error, the action proceeds${stderr ? ` (stderr: ${clip(stderr)})` : ""}`,
      }),
    );
  }
  return withWarnings(foldExit0(input.stdout, event, harness, rules, warnings));
}

function clip(s: string, max = 200): string {
  return s.length <= max ? s : `${s.slice(0, max)}…`;
}

function foldExit2(
  event: string,
  harness: HookHarness,
  rules: EventRules,
  stderr: string,
): FoldedHookDecision {
  if (!rules.exit2Blocks) {
    return noDecision(event, "exit-code", {
      hookError: `exit 2 does not block on ${event}: the action proceeds${stderr ? " (stderr goes to the model or the user)" : ""}`,
      ...(stderr ? { reason: stderr } : {}),
    });
  }
  if (harness === "codex" && stderr === "") {
    return invalid(
      event,
      "exit-code",
      "exit 2 with an empty stderr: Codex blocks only with a reason on stderr",
    );
  }
  return {
    event,
    decision: "deny",
    blocked: true,
    halted: false,
    decidedBy: "exit-code",
    ...(stderr ? { reason: stderr } : {}),
  };
}

function invalid(event: string, decidedBy: DecisionSource, invalidReason: string): FoldedHookDecision {
  return {
    event,
    decision: "invalid",
    blocked: false,
    halted: false,
    decidedBy,
    invalidReason: `${invalidReason}. The harness ignores this output (fails open): the action proceeds.`,
  };
}

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

function foldExit0(
  stdout: string,
  event: string,
  harness: HookHarness,
  rules: EventRules,
  warnings: string[],
): FoldedHookDecision {
  const trimmed = stdout.trim();
  if (!trimmed.startsWith("{")) {
    return noDecision(event, "no-decision", trimmed ? { plainText: trimmed } : {});
  }
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
      if (harness === "codex" && value === "ask") {
        return invalid(event, "permission-decision", `Codex rejects permissionDecision "ask" on ${event}`);
      }
      if (harness === "codex" && value === "deny" && !nonEmpty(reason)) {
        return invalid(
          event,
          "permission-decision",
          'Codex needs a non-empty permissionDecisionReason with "deny"',
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
    if (!rules.legacyDecision) {
      return invalid(event, "legacy-decision", `a top-level "decision" is not honoured on ${event}`);
    }
    if (value !== "approve" && value !== "block") {
      return invalid(event, "legacy-decision", `decision ${show(value)} is not "approve" or "block"`);
    }
    if (value === "block" && rules.blockNeedsReason && !nonEmpty(json.reason)) {
      const who = harness === "codex" ? "Codex" : event;
      return invalid(event, "legacy-decision", `decision "block" needs a non-empty "reason" on ${who}`);
    }
    legacy = value;
  }

  if (json.continue === false) {
    if (harness === "codex" && event === "PreToolUse") {
      return invalid(event, "continue-false", "Codex rejects continue:false on PreToolUse");
    }
    const reason = typeof json.stopReason === "string" ? json.stopReason : undefined;
    return {
      event,
      decision: "deny",
      blocked: true,
      halted: true,
      decidedBy: "continue-false",
      ...extras,
      ...(reason ? { reason } : {}),
    };
  }

  const decided = (
    decision: HookDecisionKind,
    decidedBy: DecisionSource,
    reason?: string,
  ): FoldedHookDecision => ({
    event,
    decision,
    blocked: decision === "deny",
    halted: false,
    decidedBy,
    ...extras,
    ...(nonEmpty(reason) ? { reason } : {}),
  });
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
