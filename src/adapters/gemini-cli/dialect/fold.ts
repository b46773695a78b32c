/**
 * One Gemini CLI hook run folded into what the CLI will do, by its own protocol (see
 * gemini-rules.ts): output parsed as JSON whatever the exit code, a top-level `decision`, plain text
 * on a failing exit read as a deny. Fields the CLI would ignore (a wrong type, an unknown decision)
 * make the answer `invalid`: the CLI fails open on them.
 */
import { GEMINI_DECISIONS, geminiEventRules, type GeminiEventRules } from "./rules.js";
import { invalid, noDecision, nonEmpty, show } from "../../../core/hook-decision/fold-shared.js";
import { isRecord } from "../../../core/is-record.js";
import type { FoldedHookDecision } from "../../../core/hook-decision/types.js";

export interface GeminiHookOutcome {
  readonly event: string;
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
  readonly signal?: string | null;
}

const FALLBACK: GeminiEventRules = { additionalContext: false, specificFields: [] };

/** Parses like the CLI: an object, or a JSON string holding an object; undefined for text. */
function parseOutput(text: string): { json?: Record<string, unknown>; notObject?: boolean } {
  try {
    let parsed: unknown = JSON.parse(text);
    if (typeof parsed === "string") parsed = JSON.parse(parsed);
    if (isRecord(parsed)) return { json: parsed };
    return { notObject: true };
  } catch {
    return {};
  }
}

export function foldGeminiHook(input: GeminiHookOutcome): FoldedHookDecision {
  const { event } = input;
  const known = geminiEventRules(event);
  const rules = known ?? FALLBACK;
  const warnings: string[] = [];
  if (!known)
    warnings.push(`gemini has no hook event named ${show(event)}; Gemini CLI skips it with a warning.`);
  const done = (d: FoldedHookDecision): FoldedHookDecision => (warnings.length ? { ...d, warnings } : d);

  if (input.timedOut) {
    return done(
      noDecision(event, "timeout", {
        hookError: "the hook timed out and was killed: no decision, the action proceeds",
      }),
    );
  }
  // The CLI reads a missing exit code (a signal) as 0.
  const exitCode = input.exitCode ?? 0;
  const text = input.stdout.trim() || input.stderr.trim();
  if (text === "") {
    if (exitCode === 2 && rules.blocks !== undefined) {
      return done(
        invalid(
          event,
          "exit-code",
          "exit 2 with no output: Gemini CLI blocks only with a reason (stderr or stdout)",
        ),
      );
    }
    return done(
      noDecision(event, exitCode === 0 ? "no-decision" : "crash", {
        ...(exitCode !== 0
          ? { hookError: `exit ${exitCode} with no output: a hook error, the action proceeds` }
          : {}),
      }),
    );
  }
  const { json, notObject } = parseOutput(text);
  if (json === undefined) {
    if (notObject) return done(invalid(event, "no-decision", "the output is JSON but not an object"));
    if (exitCode === 0)
      return done(noDecision(event, "no-decision", { plainText: text, systemMessage: text }));
    if (exitCode === 1) {
      return done(
        noDecision(event, "crash", {
          hookError: `exit 1: a non-blocking warning, the action proceeds (${text.slice(0, 200)})`,
          systemMessage: `Warning: ${text}`,
        }),
      );
    }
    // Any other exit with text is a deny whose reason is the text (exit 2, and also 126, 127 …).
    if (rules.blocks === undefined) {
      return done(
        noDecision(event, "exit-code", {
          reason: text,
          hookError: `exit ${exitCode} does not block on ${event}`,
        }),
      );
    }
    return done({
      event,
      decision: "deny",
      blocked: true,
      halted: false,
      decidedBy: "exit-code",
      reason: text,
    });
  }
  return done(foldGeminiJson(json, event, rules, warnings));
}

function foldGeminiJson(
  json: Record<string, unknown>,
  event: string,
  rules: GeminiEventRules,
  warnings: string[],
): FoldedHookDecision {
  const typed: Readonly<Record<string, "boolean" | "string" | "object">> = {
    continue: "boolean",
    stopReason: "string",
    suppressOutput: "boolean",
    systemMessage: "string",
    decision: "string",
    reason: "string",
    hookSpecificOutput: "object",
  };
  for (const [key, type] of Object.entries(typed)) {
    if (json[key] === undefined) continue;
    const ok = type === "object" ? isRecord(json[key]) : typeof json[key] === type;
    if (!ok)
      return invalid(
        event,
        "no-decision",
        `"${key}" must be a ${type}, got ${show(json[key])}; Gemini CLI ignores it`,
      );
  }
  const decision = json["decision"];
  if (decision !== undefined && !(GEMINI_DECISIONS as readonly unknown[]).includes(decision)) {
    return invalid(
      event,
      "legacy-decision",
      `decision ${show(decision)} is not one of ${GEMINI_DECISIONS.join("|")}`,
    );
  }
  const extras: { -readonly [K in keyof FoldedHookDecision]?: FoldedHookDecision[K] } = {};
  if (typeof json["systemMessage"] === "string") extras.systemMessage = json["systemMessage"];
  if (typeof json["stopReason"] === "string") extras.stopReason = json["stopReason"];
  // The CLI reads additionalContext only from hookSpecificOutput (its getAdditionalContext()).
  if (json["additionalContext"] !== undefined) {
    warnings.push(
      "additionalContext at the top level is ignored: Gemini CLI reads it only under hookSpecificOutput.",
    );
  }
  const specific = isRecord(json["hookSpecificOutput"]) ? json["hookSpecificOutput"] : undefined;
  if (specific) {
    if (specific["permissionDecision"] !== undefined) {
      return invalid(
        event,
        "permission-decision",
        'hookSpecificOutput.permissionDecision is Claude Code\'s field; Gemini CLI reads a top-level "decision"',
      );
    }
    const context = specific["additionalContext"];
    if (context !== undefined) {
      if (typeof context !== "string") {
        return invalid(event, "no-decision", `additionalContext must be a string, got ${show(context)}`);
      }
      if (rules.additionalContext) extras.additionalContext = context;
      else warnings.push(`${event} does not take additionalContext: Gemini CLI drops it.`);
    }
    const toolInput = specific["tool_input"];
    if (toolInput !== undefined) {
      if (!rules.specificFields.includes("tool_input")) {
        warnings.push(`${event} does not read hookSpecificOutput.tool_input.`);
      } else if (!isRecord(toolInput)) {
        return invalid(event, "no-decision", `tool_input must be an object, got ${show(toolInput)}`);
      } else {
        extras.updatedInput = toolInput;
      }
    }
    for (const key of ["llm_request", "llm_response", "toolConfig", "clearContext", "tailToolCallRequest"]) {
      if (specific[key] !== undefined && !rules.specificFields.includes(key)) {
        warnings.push(`${event} does not read hookSpecificOutput.${key}.`);
      }
    }
  }
  const reason = nonEmpty(json["stopReason"])
    ? json["stopReason"]
    : nonEmpty(json["reason"])
      ? json["reason"]
      : undefined;
  if (json["continue"] === false) {
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
  if (decision === "deny" || decision === "block") {
    if (rules.blocks === undefined) {
      warnings.push(`decision ${show(decision)} stops nothing on ${event}.`);
      return {
        event,
        decision: "none",
        blocked: false,
        halted: false,
        decidedBy: "legacy-decision",
        ...extras,
      };
    }
    const why = nonEmpty(json["reason"]) ? json["reason"] : undefined;
    return {
      event,
      decision: "deny",
      blocked: true,
      halted: false,
      decidedBy: "legacy-decision",
      ...extras,
      ...(why ? { reason: why } : {}),
    };
  }
  if (decision === "ask" || decision === "allow") {
    return { event, decision, blocked: false, halted: false, decidedBy: "legacy-decision", ...extras };
  }
  return { event, decision: "none", blocked: false, halted: false, decidedBy: "no-decision", ...extras };
}
