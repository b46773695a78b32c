/**
 * What a harness test is: the prompt, the model script, and the harness around it.
 */
import type { HarnessAdapter, ModelScriptInput } from "../../adapters/port.js";

/** A plugin for the run: its directory, or anything with a `dir` (a `LoadedPlugin`). */
export type PluginSource = string | { readonly dir: string };

/** The spec of one harness test. Everything but `prompt` and `model` is optional. */
export interface HarnessTestSpec {
  /** The user prompt, or several user turns sent one after another. */
  readonly prompt: string | readonly string[];
  /** The scripted model: a `scriptModel(...)` or a plain `ModelTurn[]`. */
  readonly model: ModelScriptInput;
  /**
   * A whole project directory, copied into the work dir as it is: file modes (an executable hook
   * script runs without an interpreter prefix), symlinks inside it, binary files. `.git`,
   * `node_modules` and `.vigiles` are left out; `files`, `settings`, `skills` … are written over it.
   * `vigiles record` replays sessions with it.
   */
  readonly project?: string;
  /** Fixture files, relative to the work dir. */
  readonly files?: Readonly<Record<string, string>>;
  /** Written to `.claude/settings.json`; `{cwd}` in any string becomes the work dir. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /**
   * A plugin under test (untrusted, like every harness run: confined unless `sandbox: false`). A
   * harness that loads a copy of it gets one without `.git`, its `node_modules` a link to the
   * plugin's own (read-only when confined), so `plugin: "."` in a plugin repository copies no dependencies.
   */
  readonly plugin?: PluginSource;
  /** Same as `plugin`, by directory. */
  readonly pluginDir?: string;
  /** More plugins (each a `--plugin-dir`). */
  readonly plugins?: readonly PluginSource[];
  /** Project skills by name: the SKILL.md text (written to `.claude/skills/<name>/SKILL.md`). */
  readonly skills?: Readonly<Record<string, string>>;
  /** Project subagents by name: the agent file's text (written to `.claude/agents/<name>.md`). */
  readonly agents?: Readonly<Record<string, string>>;
  /** The project's CLAUDE.md. */
  readonly claudeMd?: string;
  /** Extra environment for the CLI and its hooks (credentials and endpoints are refused). */
  readonly env?: Readonly<Record<string, string>>;
  /** `--max-turns`. */
  readonly maxTurns?: number;
  /** `--allowedTools`; with it the default permission mode is `acceptEdits` instead of `bypassPermissions`. */
  readonly allowedTools?: readonly string[];
  readonly disallowedTools?: readonly string[];
  /** `--permission-mode`. */
  readonly permissionMode?: string;
  /** The model name passed to the CLI (`--model`); the mock serves the script whatever it is. */
  readonly modelName?: string;
  /** The reasoning effort the CLI is pinned to (CLAUDE_CODE_EFFORT_LEVEL): low, medium, high, xhigh, max, auto. */
  readonly effort?: string;
  /** Record hook fires from the CLI's stream (`--include-hook-events`); without it `hooks` is undefined. */
  readonly transcript?: boolean;
  /**
   * Let hooks crash without failing the run. By default a fire that exits other than 0 and 2 (1, a
   * signal, 126/127 for a script that cannot run), or is killed at its timeout, throws
   * `HookCrashedError`: a crashed guard checks nothing, and the CLI carries on as if it had allowed.
   * So does exit 2 on an event where exit 2 blocks nothing (the harness's event rules) when the shell
   * says it could not run the script (bash's syntax error, dash's "cannot open" on a missing script).
   * Set it when a crash is what the test is about, and assert on the fire (`transcript: true`).
   */
  readonly allowHookCrashes?: boolean;
  /**
   * Let scripted turns go unserved. By default a run that ends before the CLI asked for every turn of
   * the script (the main agent's, and each started subagent's) throws `UnservedTurnsError`, naming how
   * many were served and the turn that came next: the CLI stops its loop on a turn without a tool
   * call, so `[{ text }, { tool }, { text }]` runs the first turn only, and the rest tests nothing.
   * Set it when stopping early is what the test is about (a hook that ends the session or blocks the
   * prompt, a turn cap).
   */
  readonly allowUnservedTurns?: boolean;
  /**
   * Confine the CLI with bubblewrap (default true: every run, with or without a plugin). Inside, the
   * host is read-only except the run's own work dir, HOME and TMPDIR; the invoking user's HOME, /root
   * and the machine-wide managed settings are empty; no host unix socket is connectable; there is no
   * network but the mock; every process the run starts ends with it. Where bubblewrap cannot run, the run throws
   * `ConfinementUnavailableError` (see `vigiles doctor`) and never falls back.
   * `false` runs the CLI and every scripted command and hook on the host, as you: they can read your
   * HOME (keys, CLI logins), write anywhere you can, reach your sockets and the network, and leave
   * processes behind. Use it only for code you trust, on a machine where bubblewrap cannot run.
   */
  readonly sandbox?: boolean;
  /**
   * A folder bound read-only where the harness reads machine-wide managed settings (Claude Code:
   * `/etc/claude-code`, holding `managed-settings.json` and `managed-settings.d/`; Codex:
   * `/etc/codex`; Gemini CLI: `/etc/gemini-cli`, holding `policies/*.toml`). Without it a confined
   * run sees that folder empty. Needs confinement.
   */
  readonly managedSettingsDir?: string;
  /** Kill the run after this long. Default 120 000 ms. */
  readonly timeoutMs?: number;
  /** An explicit CLI path (else VIGILES_CLAUDE_BIN, node_modules, PATH). */
  readonly harnessPath?: string;
  /**
   * Another release of the CLI (`2.1.332`, `latest`), taken from the harness cache
   * (`npx vigiles fetch-harness claude-code@2.1.332` fills it). Default: VIGILES_HARNESS_VERSION, else
   * the pinned install.
   */
  readonly harnessVersion?: string;
  /** Stops the run (the CLI's process group is killed) and rejects. */
  readonly signal?: AbortSignal;
}

/** How to run a spec. */
export interface HarnessTestOptions {
  /** The harness; Claude Code when omitted. */
  readonly adapter?: HarnessAdapter;
}

export const DEFAULT_HARNESS_TIMEOUT_MS = 120_000;

export function pluginDirsOf(spec: HarnessTestSpec): string[] {
  const sources: PluginSource[] = [
    ...(spec.plugin !== undefined ? [spec.plugin] : []),
    ...(spec.pluginDir !== undefined ? [spec.pluginDir] : []),
    ...(spec.plugins ?? []),
  ];
  return sources.map((s) => (typeof s === "string" ? s : s.dir));
}
