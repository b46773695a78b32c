/** The hooks section of a settings file or a plugin's hooks.json, as the harness reads it. */

/** Handler kinds the harness knows; only `command` runs as a process. */
export type HookHandlerType = "command" | "http" | "mcp_tool" | "prompt" | "agent";

/** One registered handler: `{ "type": "command", "command": "...", "timeout": 30 }`. */
export interface HookHandler {
  readonly type: HookHandlerType;
  /** The command (run under `sh -c`), or the program when `args` is given (exec form). */
  readonly command?: string;
  /** Exec form: the program's arguments; no shell is involved. */
  readonly args?: readonly string[];
  /** Seconds; the harness kills the hook after it (default 600). */
  readonly timeout?: number;
  /** A permission rule (`Bash(git push:*)`, `Edit(src/**)`) that must match a tool event. */
  readonly if?: string;
  /** Fields of other handler types (url, prompt …) and anything newer, kept as given. */
  readonly [key: string]: unknown;
}

/** A matcher and the handlers it guards. */
export interface HookHandlerGroup {
  readonly matcher?: string;
  readonly hooks: readonly HookHandler[];
}

/** Event name -> handler groups. */
export type HooksConfig = Readonly<Record<string, readonly HookHandlerGroup[]>>;
