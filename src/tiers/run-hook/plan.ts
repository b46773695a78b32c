/**
 * Plans one runHook call without running anything: the completed event, the selection of a
 * registration, and the argv, cwd and timeout of each hook process to start.
 */
import { homedir } from "node:os";
import { parseHooksConfig } from "../../core/hook-config/parse.js";
import { selectHandlersWith, type HandlerSelection } from "../../core/hook-config/select.js";
import type { HookHandler } from "../../core/hook-config/types.js";
import type { HookDialect } from "../../core/dialect.js";
import { dialectOf } from "../../adapters/registry.js";
import type { HookSelectionNote } from "../../core/hook-decision/types.js";
import { makeTempDir, removeTempDir } from "../../runtime/temp-dir.js";
import { commandArgv } from "../run-script/prepare.js";
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
  const dialect = dialectOf(options.harness);
  const completed = completeHookEvent(
    event,
    typeof event.cwd === "string" && options.cwd === undefined ? event.cwd : cwd,
    dialect,
  );
  const eventName = completed.hook_event_name as string;
  // The payload as the harness sends it (Copilot's camelCase `toolName`/`toolArgs` …); a registration
  // is selected on it, as the harness selects.
  const payload = dialect.payload(completed);
  const pluginRoot = (isRegistration(hook) ? hook.pluginRoot : undefined) ?? options.pluginRoot;
  const projectDir = options.projectDir ?? cwd;
  const ctx: ExpandContext = {
    cwd,
    projectDir,
    ...(pluginRoot !== undefined ? { pluginRoot } : {}),
    pluginRootPlaceholders: dialect.pluginRootPlaceholders,
    pluginCommandVariables: dialect.pluginCommandVariables,
    substituteProjectDir: "CLAUDE_PROJECT_DIR" in dialect.hookEnv(projectDir),
  };
  const env = hookEnv(dialect, projectDir, pluginRoot);
  // A string command runs under the harness's shell (`sh -c`, Gemini and Copilot `bash -c`).
  const shellArgv = (command: string | readonly string[]): [string, ...string[]] => {
    const argv = commandArgv(command);
    return dialect.shell !== "sh" && typeof command === "string" ? [dialect.shell, ...argv.slice(1)] : argv;
  };
  const base = { event: eventName, payload, cwd, env, ...(ownedWorkDir ? { ownedWorkDir } : {}) };

  if (!isRegistration(hook)) {
    const argv =
      typeof hook === "string"
        ? shellArgv(expandHookCommand(hook, ctx))
        : commandArgv(hook.map((a) => expandHookCommand(a, ctx)));
    return { ...base, processes: [{ argv, timeoutMs: options.timeoutMs }] };
  }

  const config = parseHooksConfig(hook.registration, eventName, dialect.handlers);
  const selections = selectHandlersWith(dialect, config, payload, {
    event: eventName,
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
    dialect,
  );
  if (processes.length > 0) return { ...base, processes, selection: notes };
  const notSelectedReason =
    selections.length === 0
      ? `no handler is registered for ${eventName}${Object.keys(config).length ? ` (the config has ${Object.keys(config).join(", ")})` : ""}`
      : notes.map((n) => `${n.at}: ${n.reason}`).join("; ");
  return { ...base, processes, selection: notes, notSelectedReason };
}

/**
 * The variables the harness sets for a hook: the project dir under its names, the plugin root. A
 * variable the harness neither sets nor substitutes is left to the shell, which expands it to ""
 * (Gemini CLI and `${CLAUDE_PLUGIN_ROOT}`: the command becomes `/hooks/…`).
 */
function hookEnv(
  dialect: HookDialect,
  projectDir: string,
  pluginRoot: string | undefined,
): Record<string, string> {
  const unset = new Set(dialect.unsetVariables);
  return {
    ...Object.fromEntries([...unset].map((name) => [name, ""])),
    ...dialect.hookEnv(projectDir),
    ...(pluginRoot !== undefined && !unset.has("CLAUDE_PLUGIN_ROOT")
      ? { CLAUDE_PLUGIN_ROOT: pluginRoot }
      : {}),
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
  dialect: HookDialect,
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
      // The registered timeout, in the unit the harness reads it in (Gemini CLI: milliseconds).
      timeoutMs:
        options.timeoutMs ??
        (h.timeout !== undefined
          ? dialect.timeout.unit === "ms"
            ? h.timeout
            : h.timeout * 1000
          : undefined),
      at: s.at,
      registered: h.command,
    });
  }
  return { notes, processes };
}
