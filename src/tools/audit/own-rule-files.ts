/**
 * The command hooks of a hook file that its harness's own rules read (Copilot's flat entries,
 * Gemini's settings), as the audit's registrations: `vigiles audit --run` probes them with their
 * harness's dialect (payload, env, fold) like every other hook.
 */
import { dialectOf } from "../../adapters/registry.js";
import type { HookRegistration } from "../../core/audit/hooks-config.js";
import { readRegistrations } from "../../core/hook-config/read-registrations.js";
import type { DiscoveredHookFile } from "./discover.js";
import { isPersonalHookFile } from "./personal-file.js";

/** The file's command hooks; none when it does not parse (its own rules say so, or the harness skips it). */
export function ownRuleRegistrations(
  hookFile: DiscoveredHookFile,
  file: string,
  text: string,
  projectDir: string | undefined,
): HookRegistration[] {
  const dialect = dialectOf(hookFile.harness);
  let read;
  try {
    read = readRegistrations({
      dialect,
      file,
      source: hookFile.source,
      text,
      ...(hookFile.pluginRoot !== undefined && { pluginRoot: hookFile.pluginRoot }),
    });
  } catch {
    return [];
  }
  const cwdField = dialect.handlers.cwdField;
  return read.map((r) => {
    const at = { line: r.line ?? 1, column: r.column ?? 1 };
    const cwd = cwdField !== undefined ? r.handler[cwdField] : undefined;
    return {
      file,
      harness: hookFile.harness,
      dialect,
      ...(r.pluginRoot !== undefined && { pluginRoot: r.pluginRoot }),
      ...(projectDir !== undefined && { projectDir }),
      ...(isPersonalHookFile(hookFile) && { personal: true }),
      event: r.event,
      eventRange: at,
      ...(r.matcher !== undefined && { matcher: r.matcher }),
      type: "command",
      command: r.command,
      commandRange: at,
      ...(r.timeout !== undefined && { timeoutSeconds: r.timeout.seconds }),
      ...(typeof cwd === "string" && cwd !== "" && { cwd }),
      handlerRange: at,
    };
  });
}
