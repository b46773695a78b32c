/** What a hook's verdict means on one Gemini CLI event, in words (explain tells a team porting a guard). */
import type { RegisteredTimeout } from "../../../core/hook-config/registration.js";
import { geminiEventRules, type GeminiEventRules } from "./rules.js";

const GEMINI_STOPS: Readonly<Record<NonNullable<GeminiEventRules["blocks"]>, string>> = {
  tool: "the tool call",
  "tool-result": "the tool's result reaching the model",
  agent: "the prompt",
  "agent-continues": "the agent stopping (it takes another turn)",
  "model-call": "the model call",
};

export function geminiMeaning(event: string, timeout: RegisteredTimeout | undefined): string {
  const rules = geminiEventRules(event);
  if (rules === undefined)
    return `Gemini CLI has no hook event named ${JSON.stringify(event)} (it skips it with a warning): the hook never runs`;
  const parts = [
    rules.blocks !== undefined
      ? `exit 2 with a reason on stderr, or {"decision":"deny"} on any exit, stops ${GEMINI_STOPS[rules.blocks]}; exit 1 is only a warning; text on another exit (127 …) denies`
      : `nothing a hook answers on ${event} stops anything`,
  ];
  if (timeout !== undefined && timeout.unit === "ms" && timeout.raw < 1000)
    parts.push(
      `timeout ${timeout.raw} is milliseconds: it reads like seconds, and a killed hook decides nothing (fails open)`,
    );
  return parts.join("; ");
}
