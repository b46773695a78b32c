/**
 * What a hook's verdict means on one event of one harness, in words, read from the core tables
 * (copilot-rules.ts, gemini-rules.ts, event-rules.ts), so `explain` tells a team porting a guard
 * what its exit codes and answers do there: "exit 2 blocks nothing on postToolUse under Copilot".
 */
import type { RegisteredHook } from "../../core/hook-config/registration.js";
import { copilotEventRules, copilotUsesSnakeCase } from "../../core/hook-decision/copilot-rules.js";
import { eventRules } from "../../core/hook-decision/event-rules.js";
import { geminiEventRules, type GeminiEventRules } from "../../core/hook-decision/gemini-rules.js";

function copilotMeaning(event: string): string {
  const rules = copilotEventRules(event);
  if (rules === undefined)
    return `Copilot CLI has no hook event named ${JSON.stringify(event)} (its events are camelCase, e.g. preToolUse): the hook never runs`;
  const parts: string[] = [];
  switch (rules.exit) {
    case "nonzero-denies":
      parts.push(
        `any non-zero exit denies the call on ${event} (exit 2 and exit 1 alike, measured on 1.0.102); a timeout lets it run`,
      );
      break;
    case "ignored":
      parts.push(`exit 2 blocks nothing on ${event} under Copilot: a non-zero exit is logged and skipped`);
      break;
    default: {
      const never: never = rules.exit;
      return never;
    }
  }
  const snake = copilotUsesSnakeCase(event);
  if (rules.permissionDecision)
    parts.push(
      snake
        ? `the PascalCase name gets the VS Code-compatible payload (snake_case, Claude's tool names) and Claude's hookSpecificOutput.permissionDecision is read`
        : `answer {"permissionDecision":"deny","permissionDecisionReason":"…"} on stdout (a hookSpecificOutput answer is ignored here)`,
    );
  if (rules.blockDecision)
    parts.push(`{"decision":"block","reason":"…"} sends the reason back and the agent goes on`);
  if (rules.behavior) parts.push(`{"behavior":"deny","message":"…"} decides the permission request`);
  if (!rules.permissionDecision && !rules.blockDecision && !rules.behavior)
    parts.push(
      rules.additionalContext ? "its answer can add context, it stops nothing" : "its answer stops nothing",
    );
  return parts.join("; ");
}

const GEMINI_STOPS: Readonly<Record<NonNullable<GeminiEventRules["blocks"]>, string>> = {
  tool: "the tool call",
  "tool-result": "the tool's result reaching the model",
  agent: "the prompt",
  "agent-continues": "the agent stopping (it takes another turn)",
  "model-call": "the model call",
};

function geminiMeaning(event: string, r: RegisteredHook): string {
  const rules = geminiEventRules(event);
  if (rules === undefined)
    return `Gemini CLI has no hook event named ${JSON.stringify(event)} (it skips it with a warning): the hook never runs`;
  const parts = [
    rules.blocks !== undefined
      ? `exit 2 with a reason on stderr, or {"decision":"deny"} on any exit, stops ${GEMINI_STOPS[rules.blocks]}; exit 1 is only a warning; text on another exit (127 …) denies`
      : `nothing a hook answers on ${event} stops anything`,
  ];
  if (r.timeout !== undefined && r.timeout.unit === "ms" && r.timeout.raw < 1000)
    parts.push(
      `timeout ${r.timeout.raw} is milliseconds: it reads like seconds, and a killed hook decides nothing (fails open)`,
    );
  return parts.join("; ");
}

function codexMeaning(event: string): string {
  const rules = eventRules(event, "codex");
  if (rules === undefined)
    return `Codex has no hook event named ${JSON.stringify(event)}: the hook never runs`;
  return rules.exit2Blocks
    ? `exit 2 with a non-empty stderr, or a JSON deny, blocks ${event}`
    : `exit 2 blocks nothing on ${event} under Codex`;
}

/** What the registration's verdicts mean in its harness (docs/hook-contract.md). */
export function verdictMeaning(r: RegisteredHook): string {
  switch (r.harness) {
    case "copilot":
      return copilotMeaning(r.event);
    case "gemini":
      return geminiMeaning(r.event, r);
    case "codex":
      return codexMeaning(r.event);
    case "claude-code": {
      const rules = eventRules(r.event);
      return rules?.exit2Blocks ? `exit 2 blocks ${r.event}` : `exit 2 blocks nothing on ${r.event}`;
    }
    default: {
      const never: never = r.harness;
      return never;
    }
  }
}
