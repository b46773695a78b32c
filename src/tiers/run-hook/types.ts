/** Inputs of runHook: what to run, the event, and how. */
import type { HarnessId } from "../../core/dialect.js";
import type { HookHandlerGroup, HooksConfig } from "../../core/hook-config/types.js";
import type { ConfineSpec } from "../run-script/types.js";

/**
 * A hook registration as it sits in a config: a settings.json (or its `hooks` object), a plugin
 * hooks.json (optionally with `description`), or one handler group `{ matcher, hooks: [...] }`.
 */
export type HookRegistrationInput =
  HookHandlerGroup | HooksConfig | { readonly hooks: HooksConfig; readonly description?: string } | string;

/** A registration to select from before running: its matcher and `if:` decide whether it runs at all. */
export interface HookRegistration {
  readonly registration: HookRegistrationInput;
  /** The plugin the registration belongs to: `CLAUDE_PLUGIN_ROOT`, and `${CLAUDE_PLUGIN_ROOT}` in commands. */
  readonly pluginRoot?: string;
}

/**
 * What runHook runs: a command string (under `sh -c`, as the harness does), an argv (exec form, no
 * shell), or a registration to select from.
 */
export type HookSpec = string | readonly string[] | HookRegistration;

/**
 * The event sent on stdin. Only the event's own fields are needed: the common fields the CLI sends
 * (`session_id`, `transcript_path`, `cwd`, `permission_mode`, `tool_use_id` …) are filled in when
 * absent, and `hook_event_name` defaults to `PreToolUse` when `tool_name` is present.
 */
export interface HookEventInput {
  readonly hook_event_name?: string;
  readonly tool_name?: string;
  readonly tool_input?: Readonly<Record<string, unknown>>;
  readonly [field: string]: unknown;
}

/** Options of `runHook`: the session's directories, environment, limits and confinement. */
export interface RunHookOptions {
  /** The session's working directory: the hook's cwd and the payload's `cwd`. Default: the current directory. */
  readonly cwd?: string;
  /** `CLAUDE_PROJECT_DIR`. Default: cwd. */
  readonly projectDir?: string;
  /** `CLAUDE_PLUGIN_ROOT` (a registration's own `pluginRoot` wins). */
  readonly pluginRoot?: string;
  /** Added to the inherited environment. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly inheritEnv?: boolean;
  /** Overrides the registered timeout. Default: the registration's `timeout` (seconds), else 600 s as the CLI. */
  readonly timeoutMs?: number;
  readonly killGraceMs?: number;
  /** Cap on captured bytes per stream. Default 4 MiB. */
  readonly maxBufferBytes?: number;
  /** Whose hook rules fold the output. Default `claude-code`. */
  readonly harness?: HarnessId;
  /** Run the hook under bubblewrap (see runScript); the result then carries `filesWritten`. */
  readonly confine?: boolean | ConfineSpec;
  /** For `~/…` rules in `if:`. Default: $HOME. */
  readonly home?: string;
}
