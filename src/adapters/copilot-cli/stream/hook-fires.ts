/**
 * Hook fires of a Copilot run, from the transparent recorder's fires dir (read by
 * ../../shared/hook-records.ts), folded with Copilot's own rules; a camelCase fire
 * (`preToolUse:bash`) also answers to Claude Code's names (`PreToolUse:Bash`).
 */
import { fromCopilotCall } from "../dialect/tool-names.js";
import type { HookFire } from "../../../core/trace.js";
import { readHookFires, type FireNaming } from "../../shared/hook-records.js";
import { copilotDialect } from "../dialect.js";

const COPILOT_FIRE_NAMING: FireNaming = { claudeTool: (tool) => fromCopilotCall(tool, {}).name };

/** Every fire the recorder left in `dir`, in the order they started; an absent dir means no hook ran. */
export function readCopilotHookFires(dir: string): HookFire[] {
  return readHookFires(dir, copilotDialect, COPILOT_FIRE_NAMING);
}
