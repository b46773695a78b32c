/**
 * The directory a handler names for its command (the dialect's `cwdField`, Copilot CLI's `cwd`):
 * the harness spawns the hook there as written, so one that does not exist means the hook never
 * starts, whatever its command is. What the harness then does with the guarded action is its
 * dialect's fold of a hook that never started.
 */
import { finding } from "../finding.js";
import type { HookRegistration } from "../hooks-config.js";
import type { LintFinding, LintRuleMeta } from "../types.js";

/** A handler's directory as the audit found it on disk. */
export interface HandlerDir {
  /** As reported in findings (relative to the audited root). */
  readonly file: string;
  readonly exists: boolean;
}

export const hookCwdMissingRule: LintRuleMeta = {
  id: "hook-cwd-missing",
  severity: "error",
  behaviour:
    "A handler's `cwd` is where the harness spawns its command, taken as written: no variable " +
    "(`${workspaceRoot}`, `$PROJECT_DIR`) and no `~` is expanded there. A directory that does not exist means the " +
    "hook never starts: a harness that counts that as an error denies every call the hook guards, the others " +
    "skip the hook and the action proceeds.",
  fix: "Give `cwd` as a path relative to the repository (`.github/hooks`), or leave it out to run at the repository root.",
  autofix: false,
};

/** What the harness does with the guarded action when this registration's hook never starts. */
export function notStartedConsequence(reg: HookRegistration): string {
  const folded = reg.dialect.fold({
    event: reg.event,
    exitCode: null,
    notStarted: true,
    stdout: "",
    stderr: "",
    timedOut: false,
    harness: reg.harness,
  });
  return folded.blocked
    ? `${reg.dialect.displayName} counts that as a hook error and denies every call the hook guards`
    : `${reg.dialect.displayName} skips the hook and the action proceeds`;
}

/** A cwd holding what a shell would expand. */
const EXPANDS = /\$|^~/;

export function checkHandlerCwd(reg: HookRegistration, dir: HandlerDir | undefined): LintFinding[] {
  if (reg.cwd === undefined || dir === undefined || dir.exists) return [];
  const written = JSON.stringify(reg.cwd);
  const why = EXPANDS.test(reg.cwd)
    ? `holds ${reg.cwd.startsWith("~") ? "~" : "a variable"}, which ${reg.dialect.displayName} does not expand in a cwd: the directory ${dir.file} does not exist`
    : `names ${dir.file}, which does not exist`;
  return [
    finding(
      hookCwdMissingRule,
      reg.file,
      reg.handlerRange,
      `The ${reg.event} hook's cwd ${written} ${why}, so the hook never starts: ${notStartedConsequence(reg)}.`,
    ),
  ];
}
