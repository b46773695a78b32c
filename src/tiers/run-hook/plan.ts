/**
 * Plans one runHook call without running anything: the completed event, the selection of a
 * registration, and the argv, cwd and timeout of each hook process to start.
 */
import { homedir } from "node:os";
import { parseHooksConfig } from "../../core/hook-config/parse.js";
import { selectHandlers, type HandlerSelection } from "../../core/hook-config/select.js";
import type { HookHandler } from "../../core/hook-config/types.js";
import type { HookSelectionNote } from "../../core/hook-decision/types.js";
import { makeTempDir, removeTempDir } from "../../runtime/temp-dir.js";
import { commandArgv } from "../run-script/prepare.js";
import { copilotHookPayload } from "../../core/copilot/hook-payload.js";
import { completeHookEvent } from "./event.js";
import { expandHookCommand, type ExpandContext } from "./expand.js";
import type { HookEventInput, HookRegistration, HookSpec, RunHookOptions } from "./types.js";

export interface PlannedHookProcess {
  readonly argv: [string, ...string[]];
  readonly timeoutMs: number | undefined;
  readonly at?: string;
  /** The handler's command as registered, before expansion (a registration only). */
  readonly registered?: string;
}

export interface HookPlan {
  readonly event: string;
  readonly payload: Record<string, unknown>;
  readonly cwd: string;
  readonly env: Record<string, string>;
  readonly processes: readonly PlannedHookProcess[];
  /** Set for a registration. */
  readonly selection?: readonly HookSelectionNote[];
  /** For a registration that selected nothing runnable: why. */
  readonly notSelectedReason?: string;
  /** A fresh work dir made for a confined run without a cwd; removed after the run. */
  readonly ownedWorkDir?: string;
}

const isRegistration = (hook: HookSpec): hook is HookRegistration =>
  typeof hook === "object" && hook !== null && !Array.isArray(hook) && "registration" in hook;

export function planHookRun(hook: HookSpec, event: HookEventInput, options: RunHookOptions = {}): HookPlan {
  // A confined run never gets the caller's directory as its writable work dir by default.
  const ownedWorkDir =
    options.cwd === undefined && options.confine ? makeTempDir("vigiles-work-") : undefined;
  const cwd = options.cwd ?? ownedWorkDir ?? process.cwd();
  try {
    return planIn(cwd, hook, event, options, ownedWorkDir);
  } catch (error) {
    if (ownedWorkDir) removeTempDir(ownedWorkDir);
    throw error;
  }
}

function planIn(
  cwd: string,
  hook: HookSpec,
  event: HookEventInput,
  options: RunHookOptions,
  ownedWorkDir: string | undefined,
): HookPlan {
  const completed = completeHookEvent(
    event,
    typeof event.cwd === "string" && options.cwd === undefined ? event.cwd : cwd,
  );
  const eventName = completed.hook_event_name as string;
  // A command run with Copilot's rules gets Copilot's payload (a registration is selected on Claude's fields).
  const payload =
    options.harness === "copilot" && !isRegistration(hook) ? copilotHookPayload(completed) : completed;
  const pluginRoot = (isRegistration(hook) ? hook.pluginRoot : undefined) ?? options.pluginRoot;
  const projectDir = options.projectDir ?? cwd;
  const ctx: ExpandContext = { cwd, projectDir, ...(pluginRoot !== undefined ? { pluginRoot } : {}) };
  const env = hookEnv(options, projectDir, pluginRoot);
  // Gemini CLI runs a command hook under `bash -c`; Claude Code and Codex under `sh -c`.
  const shellArgv = (command: string | readonly string[]): [string, ...string[]] => {
    const argv = commandArgv(command);
    return options.harness === "gemini" && typeof command === "string" ? ["bash", ...argv.slice(1)] : argv;
  };
  const base = { event: eventName, payload, cwd, env, ...(ownedWorkDir ? { ownedWorkDir } : {}) };

  if (!isRegistration(hook)) {
    const argv =
      typeof hook === "string"
        ? shellArgv(expandHookCommand(hook, ctx))
        : commandArgv(hook.map((a) => expandHookCommand(a, ctx)));
    return { ...base, processes: [{ argv, timeoutMs: options.timeoutMs }] };
  }

  const config = parseHooksConfig(hook.registration, eventName);
  const selections = selectHandlers(config, payload, {
    cwd: typeof payload.cwd === "string" ? payload.cwd : cwd,
    projectDir,
    home: options.home ?? homedir(),
  });
  const { notes, processes } = plannedProcesses(
    selections,
    (h) =>
      shellArgv(
        h.args
          ? [expandHookCommand(h.command, ctx), ...h.args.map((a) => expandHookCommand(a, ctx))]
          : expandHookCommand(h.command, ctx),
      ),
    options,
  );
  if (processes.length > 0) return { ...base, processes, selection: notes };
  const notSelectedReason =
    selections.length === 0
      ? `no handler is registered for ${eventName}${Object.keys(config).length ? ` (the config has ${Object.keys(config).join(", ")})` : ""}`
      : notes.map((n) => `${n.at}: ${n.reason}`).join("; ");
  return { ...base, processes, selection: notes, notSelectedReason };
}

/** The variables the harness sets for a hook: the project dir under each harness's names, the plugin root. */
function hookEnv(
  options: RunHookOptions,
  projectDir: string,
  pluginRoot: string | undefined,
): Record<string, string> {
  return {
    CLAUDE_PROJECT_DIR: projectDir,
    ...(options.harness === "copilot" ? { COPILOT_PROJECT_DIR: projectDir } : {}),
    // Gemini CLI sets its own names beside CLAUDE_PROJECT_DIR (which it keeps for compatibility).
    ...(options.harness === "gemini" ? { GEMINI_PROJECT_DIR: projectDir, GEMINI_CWD: projectDir } : {}),
    ...(pluginRoot !== undefined ? { CLAUDE_PLUGIN_ROOT: pluginRoot } : {}),
  };
}

/** A command handler with its command. */
type CommandHandler = HookHandler & { readonly command: string };

/**
 * The processes the selected command handlers start, once per distinct argv (the harness dedupes),
 * and a note per handler saying whether it runs and why.
 */
function plannedProcesses(
  selections: readonly HandlerSelection[],
  argvOf: (handler: CommandHandler) => [string, ...string[]],
  options: RunHookOptions,
): { notes: HookSelectionNote[]; processes: PlannedHookProcess[] } {
  const notes: HookSelectionNote[] = [];
  const processes: PlannedHookProcess[] = [];
  const seen = new Set<string>();
  for (const s of selections) {
    if (!s.selected) {
      notes.push({ at: s.at, selected: false, reason: s.reason });
      continue;
    }
    const h = s.handler;
    if (h.type !== "command" || h.command === undefined) {
      notes.push({
        at: s.at,
        selected: true,
        reason: `${s.reason}; a ${h.type} handler: runHook runs command hooks only, so it did not run`,
      });
      continue;
    }
    const argv = argvOf({ ...h, command: h.command });
    const key = JSON.stringify(argv);
    if (seen.has(key)) {
      notes.push({
        at: s.at,
        selected: true,
        reason: `${s.reason}; identical to a handler already selected: the harness runs it once`,
      });
      continue;
    }
    seen.add(key);
    notes.push({ at: s.at, selected: true, reason: s.reason });
    processes.push({
      argv,
      // Gemini CLI reads `timeout` in milliseconds; Claude Code and Codex in seconds.
      timeoutMs:
        options.timeoutMs ??
        (h.timeout !== undefined ? (options.harness === "gemini" ? h.timeout : h.timeout * 1000) : undefined),
      at: s.at,
      registered: h.command,
    });
  }
  return { notes, processes };
}
