/** What a hook's verdict means on one Copilot CLI event, in words (explain tells a team porting a guard). */
import { copilotEventRules, copilotUsesSnakeCase } from "./rules.js";

export function copilotMeaning(event: string): string {
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
  if (rules.transformedPrompt)
    parts.push(`{"modifiedTransformedPrompt":"…"} replaces the prompt the model is sent; it stops nothing`);
  else if (!rules.permissionDecision && !rules.blockDecision && !rules.behavior)
    parts.push(
      rules.additionalContext ? "its answer can add context, it stops nothing" : "its answer stops nothing",
    );
  return parts.join("; ");
}
