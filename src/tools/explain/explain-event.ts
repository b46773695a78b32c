/**
 * `explain`: for one event, which registered hooks would fire, in order, and why each does or does
 * not (the event, the matcher, the `if:` rule, a settings key that switches hooks off), with its
 * file and line; optionally what each decides when run through the hook protocol. Nothing runs
 * unless asked.
 *
 * The keys that switch hooks off, as Claude Code 2.1.328 applies them (pinned in test/explain):
 * `disableAllHooks: true` in managed settings turns off every hook, managed ones included;
 * `allowManagedHooksOnly: true` in managed settings leaves only managed hooks; `disableAllHooks: true`
 * in user, project or local settings turns off those and plugin hooks, not managed ones.
 */
import { dialectOf } from "../../adapters/registry.js";
import { selectHandlers } from "../../tiers/run-hook/harness-rules.js";
import type { HookHandler } from "../../core/hook-config/types.js";
import type { FoldedHookDecision } from "../../core/hook-decision/types.js";
import { combinedOutcome, effectsOf, type HookEffects } from "./effects.js";
import { runHook } from "../../tiers/run-hook/run-hook.js";
import type { HookSource } from "./hook-sources.js";
import {
  expandVariables,
  findScriptWord,
  isRelativePath,
  resolveScriptPath,
} from "../../core/audit/command-words.js";
import { resolve } from "node:path";
import { existsSync } from "node:fs";

export interface ExplainedHandler {
  readonly source: HookSource["kind"];
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly at: string;
  readonly handler: HookHandler;
  readonly selected: boolean;
  readonly reason: string;
  /** The script the command runs, when it names one that does not exist (the hook fails at every fire). */
  readonly missingScript?: string;
  /** With `run`: what the hook decided, in the harness's terms. */
  readonly decision?: HookEffects;
}

/** A settings key that switched hooks off for this session. */
export interface HookRestriction {
  readonly key: "disableAllHooks" | "allowManagedHooksOnly";
  /** The settings file that sets it. */
  readonly file: string;
  readonly source: HookSource["kind"];
  /** Which hooks it turns off. */
  readonly scope: "all hooks" | "all but managed hooks";
}

export interface Explanation {
  readonly event: string;
  readonly handlers: readonly ExplainedHandler[];
  /** The key that switched hooks off, when one did. */
  readonly restriction?: HookRestriction;
  /** With `run`: the combined answer of the hooks that fired (deny > defer > ask > allow). */
  readonly outcome?: FoldedHookDecision;
}

export interface ExplainOptions {
  readonly cwd: string;
  /** Run each selected command hook and report its decision. */
  readonly run?: boolean;
  /**
   * With `run`: confine each hook with bubblewrap (default true), the repository and the plugin
   * read-only, the invoking HOME masked, no network, no host socket (see `confineArgv`). `false`
   * runs the hooks on the host, as you.
   */
  readonly sandbox?: boolean;
}

/** Which key, if any, switches hooks off: managed settings first, then the merged user, project and local value. */
export function hookRestriction(sources: readonly HookSource[]): HookRestriction | undefined {
  const managed = sources.filter((s) => s.kind === "managed settings");
  const off = managed.find((s) => s.disableAllHooks === true);
  if (off) return { key: "disableAllHooks", file: off.file, source: off.kind, scope: "all hooks" };
  const only = managed.find((s) => s.allowManagedHooksOnly === true);
  if (only)
    return {
      key: "allowManagedHooksOnly",
      file: only.file,
      source: only.kind,
      scope: "all but managed hooks",
    };
  // User, project and local settings merge; a later file's key wins (a local `false` undoes a project `true`).
  const settings = sources.filter((s) => /settings$/.test(s.kind) && s.kind !== "managed settings");
  const last = settings.filter((s) => s.disableAllHooks !== undefined).at(-1);
  return last?.disableAllHooks === true
    ? { key: "disableAllHooks", file: last.file, source: last.kind, scope: "all but managed hooks" }
    : undefined;
}

function restrictionReason(r: HookRestriction): string {
  return r.scope === "all hooks"
    ? `${r.key} in ${r.file} (${r.source}) turns off every hook, managed ones included`
    : r.key === "allowManagedHooksOnly"
      ? `${r.key} in ${r.file} (${r.source}): only managed hooks run`
      : `${r.key} in ${r.file} (${r.source}) turns off user, project, local and plugin hooks; managed hooks still run`;
}

export function explainEvent(
  payload: Readonly<Record<string, unknown>>,
  sources: readonly HookSource[],
  options: ExplainOptions,
): Explanation {
  const event = String(payload["hook_event_name"] ?? "");
  const full = { cwd: options.cwd, ...payload };
  const handlers: ExplainedHandler[] = [];
  const decisions: FoldedHookDecision[] = [];
  const restriction = hookRestriction(sources);
  for (const source of sources) {
    const suppressed =
      restriction !== undefined && (restriction.scope === "all hooks" || source.kind !== "managed settings");
    for (const selected of selectHandlers(source.hooks, full, {
      cwd: options.cwd,
      projectDir: options.cwd,
    })) {
      const s =
        suppressed && selected.selected
          ? {
              ...selected,
              selected: false,
              reason: `${restrictionReason(restriction)} (else: ${selected.reason})`,
            }
          : selected;
      const where = source.locate(s.event, s.groupIndex, s.handlerIndex);
      let decision: ExplainedHandler["decision"];
      if (options.run && s.selected && s.handler.type === "command") {
        const r = runHook(
          {
            registration: { ...(s.matcher !== undefined ? { matcher: s.matcher } : {}), hooks: [s.handler] },
            ...(source.pluginRoot ? { pluginRoot: source.pluginRoot } : {}),
          },
          full,
          {
            cwd: options.cwd,
            projectDir: options.cwd,
            ...(options.sandbox !== false
              ? {
                  confine: {
                    network: "none",
                    readOnly: [options.cwd, ...(source.pluginRoot ? [source.pluginRoot] : [])],
                  },
                }
              : {}),
          },
        );
        decisions.push(r);
        decision = effectsOf(r);
      }
      const missingScript = missingScriptOf(s.handler, source.pluginRoot, options.cwd, {
        ...dialectOf().hookEnv(options.cwd),
        ...(source.pluginRoot !== undefined ? { CLAUDE_PLUGIN_ROOT: source.pluginRoot } : {}),
      });
      handlers.push({
        source: source.kind,
        file: source.file,
        ...(where ?? {}),
        ...(missingScript !== undefined ? { missingScript } : {}),
        at: s.at,
        handler: s.handler,
        selected: s.selected,
        reason: s.reason,
        ...(decision ? { decision } : {}),
      });
    }
  }
  return {
    event,
    handlers,
    ...(restriction ? { restriction } : {}),
    ...(options.run && decisions.length > 0 ? { outcome: combinedOutcome(decisions) } : {}),
  };
}

/** The script a command hook runs, when the command names one (`node x.mjs`, `./x.sh`) that is not there. */
export function missingScriptOf(
  handler: HookHandler,
  pluginRoot: string | undefined,
  cwd: string,
  /**
   * The variables the harness gives the hook; given, every other `$VAR` in the command expands to ""
   * as in the harness's clean environment (a Codex hook naming $CLAUDE_PROJECT_DIR runs `/x.sh`).
   */
  vars?: Readonly<Record<string, string>>,
): string | undefined {
  if (handler.type !== "command" || typeof handler.command !== "string") return undefined;
  const command =
    vars === undefined
      ? handler.command
      : expandVariables(handler.command, (name, fallback) => {
          // The shell's own: PWD is the hook's cwd; HOME and USER are the session's, unknown here.
          if (name === "PWD") return cwd;
          if (name === "HOME" || name === "USER") return undefined;
          const value = vars[name];
          return value !== undefined && value !== "" ? value : (fallback ?? "");
        });
  const word = findScriptWord(command);
  if (word === undefined) return undefined;
  // A relative script resolves against the session's folder, where the harness runs the hook.
  const path = isRelativePath(word.word.value)
    ? resolve(cwd, word.word.value)
    : resolveScriptPath(word.word.value, {
        ...(pluginRoot !== undefined ? { pluginRoot } : {}),
        projectDir: cwd,
      });
  return path !== undefined && !existsSync(path) ? path : undefined;
}
