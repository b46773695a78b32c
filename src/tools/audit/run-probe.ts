/**
 * One probe of `vigiles audit --run`: a registered command hook run once on one event, as the harness
 * runs it (planHookRun: the payload, `CLAUDE_PROJECT_DIR`/`CLAUDE_PLUGIN_ROOT`, `sh -c` or exec form),
 * in the audit's scratch copy, confined by default: bubblewrap with the file system read-only but the
 * copy and the hook's private HOME/TMPDIR, no network, one PID namespace (a detached child dies with it).
 */
import { existsSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import { foldHookDecision } from "../../tiers/run-hook/fold.js";
import type { HarnessId } from "../../core/dialect.js";
import type { HookRunResult } from "../../core/hook-decision/types.js";
import { dialectOf, managedSettingsDirs } from "../../adapters/registry.js";
import { confineArgv } from "../../runtime/confine.js";
import { runProcess } from "../../runtime/process.js";
import { buildEnv } from "../../tiers/run-script/prepare.js";
import { diagnoseHookFailure } from "../../tiers/run-hook/diagnose.js";
import { planHookRun } from "../../tiers/run-hook/plan.js";
import type { HookSpec } from "../../tiers/run-hook/types.js";
import type { AuditScratch } from "./audit-scratch.js";
import { NO_PROCESS } from "../../core/hook-decision/no-process.js";

/** How one probe runs. */
export interface ProbeRunOptions {
  readonly scratch: AuditScratch;
  /** The hook's private HOME and TMPDIR (bound writable when confined). */
  readonly dirs: { readonly home: string; readonly tmp: string };
  /** The registration's project in the copy: its hooks' cwd and `CLAUDE_PROJECT_DIR` (default: the copy's root). */
  readonly projectDir?: string;
  /** Where the command runs, when the handler names a directory of its own (default: `projectDir`). */
  readonly cwd?: string;
  /** The handler's directory as its file writes it (for the finding when it does not exist). */
  readonly cwdAsWritten?: string;
  readonly pluginRoot?: string;
  readonly timeoutMs: number;
  readonly harness: HarnessId;
  /** Under bubblewrap (the default of the audit). */
  readonly sandbox: boolean;
}

/** Runs the hook once on `event` and folds its answer. */
export async function runProbe(
  spec: HookSpec,
  event: Record<string, unknown>,
  options: ProbeRunOptions,
): Promise<HookRunResult> {
  const { scratch, dirs } = options;
  const projectDir = options.projectDir ?? scratch.tree;
  const cwd = options.cwd ?? projectDir;
  // The CLI's session transcript exists when its hooks run: a hook that reads it must find a file,
  // not a path into nowhere (a hook reading transcript_path crashed on ENOENT in the audit only).
  const transcript = join(dirs.tmp, "vigiles-audit-transcript.jsonl");
  if (!existsSync(transcript)) writeFileSync(transcript, "");
  const plan = planHookRun(
    spec,
    { transcript_path: transcript, ...event },
    {
      cwd,
      projectDir,
      ...(options.pluginRoot !== undefined && { pluginRoot: options.pluginRoot }),
      timeoutMs: options.timeoutMs,
      harness: options.harness,
    },
  );
  const process0 = plan.processes[0];
  if (process0 === undefined)
    throw new InvalidOptionError(`Expected a hook command to run, got ${JSON.stringify(spec)}.`);
  // The harness spawns the hook in its directory as written; where that does not exist the hook
  // never starts (Copilot CLI 1.0.102: "spawn /bin/bash ENOENT"). Run nothing and fold that, rather
  // than letting the spawn's ENOENT read as a missing shell.
  if (options.cwd !== undefined && !isDirectory(cwd)) {
    return notStarted(plan.event, process0.argv, plan.payload, options, cwd);
  }
  // Unconfined as well, HOME and TMPDIR point into the scratch area: a hook that writes `~/.claude`
  // or `$TMPDIR` writes there.
  const env = {
    ...buildEnv({ env: { ...plan.env, HOME: dirs.home, TMPDIR: dirs.tmp } }),
  };
  const argv = options.sandbox
    ? confineArgv(process0.argv, {
        managedSettingsDirs: managedSettingsDirs(),
        workDir: scratch.tree,
        // The hook runs in its project, as the harness runs it (a nested project's relative scripts).
        chdir: cwd,
        home: dirs.home,
        tmpDir: dirs.tmp,
        network: "none",
      })
    : process0.argv;
  const run = await runProcess({
    argv,
    cwd,
    env,
    input: JSON.stringify(plan.payload),
    timeoutMs: options.timeoutMs,
  });
  const folded = foldHookDecision({
    event: plan.event,
    exitCode: run.exitCode,
    stdout: run.stdout,
    stderr: run.stderr,
    timedOut: run.timedOut,
    signal: run.signal,
    harness: options.harness,
  });
  const diagnosis = diagnoseHookFailure(process0.argv, cwd, run.exitCode, run.spawnError);
  return {
    ...folded,
    ...(diagnosis ? { hookError: diagnosis } : {}),
    exitCode: run.exitCode,
    signal: run.signal,
    stdout: run.stdout,
    stderr: run.stderr,
    timedOut: run.timedOut,
    truncated: run.truncated,
    durationMs: run.durationMs,
    input: plan.payload,
    command: process0.argv,
  };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The result of a hook whose directory does not exist: it never started, folded as the harness folds that. */
function notStarted(
  event: string,
  argv: readonly string[],
  payload: Record<string, unknown>,
  options: ProbeRunOptions,
  cwd: string,
): HookRunResult {
  const folded = foldHookDecision({
    event,
    exitCode: null,
    notStarted: true,
    stdout: "",
    stderr: "",
    timedOut: false,
    harness: options.harness,
  });
  const written = options.cwdAsWritten ?? cwd;
  const name = dialectOf(options.harness).displayName;
  return {
    ...folded,
    hookError:
      `its cwd ${JSON.stringify(written)} does not exist (${options.scratch.fromCopy(cwd)}): ${name} takes a ` +
      "cwd as written, expanding no variable and no ~, so the hook never starts",
    ...NO_PROCESS,
    input: payload,
    command: argv,
  };
}
