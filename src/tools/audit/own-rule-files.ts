/**
 * The command hooks of a hook file that its harness's own rules read (Copilot's flat entries,
 * Gemini's settings), as the audit's registrations: `vigiles audit --run` probes them with their
 * harness's dialect (payload, env, fold) like every other hook. An entry the harness discards for
 * its shape is reported (`hooks-shape`), not dropped unseen.
 */
import { dialectOf } from "../../adapters/registry.js";
import { dialectEvent, type HookDialect } from "../../core/dialect.js";
import { finding } from "../../core/audit/finding.js";
import { hooksShapeRule, type HookRegistration } from "../../core/audit/hooks-config.js";
import type { LintFinding } from "../../core/audit/types.js";
import { readRegistrations, type RegistrationProblem } from "../../core/hook-config/read-registrations.js";
import type { DiscoveredHookFile } from "./discover.js";
import { isPersonalHookFile } from "./personal-file.js";

/** The registrations of one own-rule hook file, and the findings on entries its harness discards. */
export interface OwnRuleReading {
  readonly registrations: HookRegistration[];
  readonly findings: LintFinding[];
}

/**
 * The `hooks-shape` finding on a skipped entry the harness is known to discard: a flat entry where the
 * dialect reads only groups (Gemini CLI 0.61.0's processHookDefinition drops a definition without a
 * `hooks` array; a real run pins it in test/gemini/gemini-extension-hooks.test.ts). An entry under an
 * event the harness does not have is left to its unknown-event rule; the other problems to its own
 * rules (Copilot's copilot-hooks-file-shape).
 */
function shapeFinding(dialect: HookDialect, file: string, problem: RegistrationProblem): LintFinding[] {
  if (problem.kind !== "not-a-group" || problem.event === undefined) return [];
  if (dialectEvent(dialect, problem.event) === undefined) return [];
  return [
    finding(
      hooksShapeRule,
      file,
      problem.line !== undefined ? { line: problem.line, column: problem.column ?? 1 } : undefined,
      `A "${problem.event}" entry has no "hooks" list (a handler written straight in the event's list): ${dialect.displayName} discards it, so its hook never runs.`,
      {
        fix: `Nest the handler in a group: "${problem.event}": [{"matcher": "…", "hooks": [{"type": "command", "command": "…"}]}].`,
      },
    ),
  ];
}

/** The file's command hooks; none when it does not parse (its own rules say so, or the harness skips it). */
export function ownRuleRegistrations(
  hookFile: DiscoveredHookFile,
  file: string,
  text: string,
  projectDir: string | undefined,
): OwnRuleReading {
  const dialect = dialectOf(hookFile.harness);
  const findings: LintFinding[] = [];
  let read;
  try {
    read = readRegistrations({
      dialect,
      file,
      source: hookFile.source,
      text,
      ...(hookFile.pluginRoot !== undefined && { pluginRoot: hookFile.pluginRoot }),
      onProblem: (_message, problem) => findings.push(...shapeFinding(dialect, file, problem)),
    });
  } catch {
    return { registrations: [], findings: [] };
  }
  const cwdField = dialect.handlers.cwdField;
  const registrations = read.map((r): HookRegistration => {
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
  return { registrations, findings };
}
