/**
 * A harness's hook dialect: what it does with a hook, as data and pure functions. Each harness keeps
 * its own beside its adapter (src/adapters/<harness>/dialect.ts) and the registry hands it out; core
 * defines the shape and the generic readings below, and never names a harness. runHook, explain, the
 * audit, mutate, init and the eval gates all read the same dialect, so they cannot disagree.
 */
import type { EventRules } from "./hook-decision/event-rules.js";
import type { HookOutcomeInput } from "./hook-decision/outcome.js";
import type { FoldedHookDecision } from "./hook-decision/types.js";
import type { LintRuleMeta } from "./audit/types.js";
import type { RegisteredTimeout } from "./hook-config/registration.js";

import type { HarnessId } from "./harness-id.js";

export type { HarnessId } from "./harness-id.js";

/**
 * How a harness compares a matcher with its subject on one event.
 * - `names-or-regex`: Claude Code and Codex. A matcher of only `[A-Za-z0-9_ ,|-]` is a list of exact
 *   names split on `|` or `,`; anything else is an unanchored regular expression.
 * - `pipe-names-or-regex`: the same with the narrow list, `[A-Za-z0-9_|]` split on `|` only (Claude
 *   Code's events outside its wide-list set, such as FileChanged; every Codex event, where `a,b` and
 *   `a | b` are regexes that match nothing).
 * - `regex`: the trimmed matcher as an unanchored regular expression, compared for equality when it
 *   does not compile (Gemini CLI's tool events).
 * - `whole-name`: a regular expression that must match the whole subject (Copilot CLI); `*` and ""
 *   are regexes too there, and fire on nothing.
 * - `exact`: the trimmed matcher must equal the subject (Gemini CLI's SessionStart-style events).
 * - `exact-list-or-regex`: compared exactly with the subject and its aliases first (the dialect's
 *   `matcherAliases`), then, for a `|` list not starting with `^` or `(`, entry by entry (an entry of
 *   `*` or `.*` matches all), and otherwise as an unanchored regular expression of the trimmed,
 *   non-empty entries; one that does not compile never fires (Qwen Code).
 * An absent matcher matches everything under every rule; `*` and "" do too except under
 * `whole-name`. All are case-sensitive.
 */
export type MatcherRule =
  "names-or-regex" | "pipe-names-or-regex" | "regex" | "whole-name" | "exact" | "exact-list-or-regex";

/** Where a dialect's knowledge of one event comes from, when a reader wants to cite it. */
export interface DialectEvent {
  /** The event as written in the harness's config. */
  readonly name: string;
  /** What a hook may do on it, in the shared shape. */
  readonly rules: EventRules;
  /** Claude Code's name for the same moment (Gemini `BeforeTool` is `PreToolUse`); absent when none. */
  readonly claudeEvent?: string;
  /** The payload field its matcher is compared with; absent: the harness ignores a matcher here. */
  readonly matcherSubject?: string;
  /** How the matcher is compared (default: the dialect's `matcherRule`). */
  readonly matcherRule?: MatcherRule;
  /** The subject is the base name of the field's path (Claude Code's FileChanged). */
  readonly subjectTransform?: "basename";
  /**
   * Exit 2 stops the action itself, not only its result (default: `rules.exit2Blocks`). Where it
   * does not, a shell's exit 2 on a script it could not run is a crash (Gemini's AfterTool).
   */
  readonly exit2StopsAction?: boolean;
  /**
   * Exit 2's stderr reaches the model though the action already ran and is not stopped (Claude
   * Code's PostToolUse: test/harness/post-tool-exit-feedback.test.ts). Default: false.
   */
  readonly exit2FeedsModel?: boolean;
  /** The values the subject can take, where the harness lists them (SessionStart sources). */
  readonly matcherValues?: readonly string[];
  /**
   * A tool matcher here selects a call by Claude Code's name of the tool as well as by the harness's
   * own (Copilot CLI's PascalCase `PreToolUse`: `Write|Edit` and `create|edit` both select a file
   * write, test/copilot/copilot-pascal-matcher.test.ts). Default: the harness's own name only.
   */
  readonly matcherTakesClaudeToolNames?: boolean;
  /**
   * Every top-level field the harness's payload may carry on this event, where it is pinned (read
   * from the CLI's own hook input schema). The audit reports a read of a field the harness sends
   * under another name here (`tool_output` for `tool_response`). Absent: not pinned, and the audit
   * falls back to `payload()` on tool events.
   */
  readonly payloadFields?: readonly string[];
  /**
   * Plain (non-JSON) stdout of a hook that exits 0 here reaches no one: no model reads it and the
   * harness shows it nowhere but its hook logs (a Stop reminder `echo`ed into the void). Set only where pinned (a
   * real run, or the session being over); absent: not known, and the audit says nothing.
   */
  readonly plainStdoutReachesNoOne?: boolean;
  /**
   * Stderr of a hook that exits 0 here is in no model request (a guard's warning written there
   * warns no model). Set only where a real run pins it; absent: not known.
   */
  readonly stderrOnExit0ReachesNoModel?: boolean;
}

/** A variable a harness replaces textually in a plugin's hook commands, and what it becomes. */
export interface PluginCommandVariable {
  /** As written in the command (`${/}`). */
  readonly placeholder: string;
  /** `project-dir`: the project (workspace) the session runs in; `path-separator`: `/` on POSIX. */
  readonly value: "project-dir" | "path-separator";
}

/** What one harness does with hooks. */
export interface HookDialect {
  readonly harness: HarnessId;
  readonly displayName: string;
  /** Every hook event, as written in its config (aliases included, such as Copilot's PascalCase names). */
  readonly events: readonly DialectEvent[];
  /** How matchers are compared where an event does not say otherwise. */
  readonly matcherRule: MatcherRule;
  /**
   * What a matcher does on an event with no matcher subject: ignored (Claude Code: the hook fires),
   * or the group never runs (Codex 0.169.0: any matcher, `*` included, on UserPromptSubmit or Stop).
   */
  readonly subjectlessMatcher: "ignored" | "never-fires";
  /**
   * An explicit allow from a tool hook (`permissionDecision: "allow"`, the legacy `"approve"`) runs the
   * call without the permission prompt (Claude Code). Omitted: not known to.
   */
  readonly allowSkipsPrompt?: boolean;
  /**
   * Other names a tool matcher may give the subject, compared exactly (Qwen Code: `Bash` and `Shell`
   * for `run_shell_command`); read by the `exact-list-or-regex` rule. Omitted: none.
   */
  readonly matcherAliases?: (subject: string) => readonly string[];
  /** The harness's own tool names by Claude Code's (`Bash` → `run_shell_command`); a name missing here is the same on both. */
  readonly toolNames: Readonly<Record<string, string>>;
  /**
   * The name the agent calls an MCP server's tool by, where it is not Claude Code's
   * `mcp__<server>__<tool>` (measured with a registered stand-in, test/plugin-eval/stand-in-real-cli.test.ts).
   */
  readonly mcpToolName?: (server: string, tool: string) => string;
  /**
   * The tool names the harness offers, where they are pinned: a tool matcher naming none of them is
   * reported by the audit. Omitted: the harness's tool list is not pinned.
   */
  readonly knownTools?: readonly string[];
  /** The unit the registered `timeout` is read in, its field, and the default when none is set. */
  readonly timeout: {
    readonly unit: "s" | "ms";
    readonly field: string;
    readonly defaultSeconds: number;
  };
  /** The shell a string command runs under. */
  readonly shell: "sh" | "bash";
  /** How a handler reads in its hooks file. */
  readonly handlers: {
    /** The fields a command may be in, in the order the harness looks (Copilot: `bash`, then `command`). */
    readonly commandFields: readonly string[];
    /** A handler without `type` is a command hook (Copilot CLI). */
    readonly typeOptional: boolean;
    /** Keys of the `hooks` object that configure hooks rather than name an event (Gemini: `enabled` …). */
    readonly configKeys: readonly string[];
    /** An entry may be the handler itself, with its own matcher, instead of a group (Copilot CLI). */
    readonly flatEntries: boolean;
    /**
     * The handler key naming the directory its command runs in, relative to the project, when the
     * harness honours one (Copilot CLI's `cwd`, measured on 1.0.102).
     */
    readonly cwdField?: string;
  };
  /**
   * The keys of a hook's JSON answer the harness reads, where they are pinned from its CLI: at the
   * top level, and under `hookSpecificOutput` (the audit names a key read only there when a hook
   * prints it at the top level). Omitted: not pinned, and the audit says nothing of unknown keys.
   */
  readonly answerKeys?: {
    readonly topLevel: readonly string[];
    readonly underSpecific: readonly string[];
    /**
     * The keys `hookSpecificOutput` carries on each event, where the harness reads it per event
     * (Claude Code's answer schema, a union by `hookEventName`); an event not listed reads
     * `underSpecific`. A key read only at the top level (`decision`) printed under
     * `hookSpecificOutput` on an event that does not read it there is reported by the audit.
     */
    readonly underSpecificByEvent?: Readonly<Record<string, readonly string[]>>;
  };
  /** The environment the harness gives a command hook, for a project dir. */
  hookEnv(projectDir: string): Readonly<Record<string, string>>;
  /**
   * Variables a command may name that this harness neither sets nor substitutes, so they expand to
   * "" (Gemini CLI and `${CLAUDE_PLUGIN_ROOT}`).
   */
  readonly unsetVariables: readonly string[];
  /** The stdin payload the harness sends, from a completed Claude-shaped event. */
  payload(completed: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /** Folds one hook run into what the harness does with it. */
  fold(input: HookOutcomeInput): FoldedHookDecision;
  /** What a hook's exit codes and answers do on `event`, in words (explain shows it beside each hook). */
  verdictMeaning(event: string, timeout: RegisteredTimeout | undefined): string;
  /**
   * Placeholders the harness replaces with a plugin's root in its commands, textually (Claude Code
   * `${CLAUDE_PLUGIN_ROOT}`, Gemini CLI `${extensionPath}`).
   */
  readonly pluginRootPlaceholders: readonly string[];
  /**
   * The other variables the harness replaces textually in a plugin's hook commands before its shell
   * runs them, and what each becomes. A shell given one unreplaced fails (`${/}` is a bash "bad
   * substitution"), so `--run` and the audit replace them as the harness does. Empty: none.
   */
  readonly pluginCommandVariables: readonly PluginCommandVariable[];
  /** Static audit rules that only this harness needs (its own file formats and pitfalls). */
  readonly auditRules: readonly LintRuleMeta[];
  /**
   * Hook events the release's CLI carries that this dialect does not model (read from its release
   * surface): a hook on one may run, but what it can do there was never pinned, so the audit warns
   * rather than calling it "never runs".
   */
  readonly unpinnedEvents?: readonly string[];
}

/** The event of a dialect by the name written in a config, or undefined when the harness has none by that name. */
export function dialectEvent(dialect: HookDialect, name: string): DialectEvent | undefined {
  return dialect.events.find((e) => e.name === name);
}

/** Every event name of a dialect, in its order. */
export function dialectEventNames(dialect: HookDialect): readonly string[] {
  return dialect.events.map((e) => e.name);
}

/** The rules of an event, or undefined for a name the harness does not have. */
export function dialectEventRules(dialect: HookDialect, name: string): EventRules | undefined {
  return dialectEvent(dialect, name)?.rules;
}

/** Claude Code's name for an event of this dialect; the name itself when it has no other. */
export function claudeEventName(dialect: HookDialect, name: string): string {
  return dialectEvent(dialect, name)?.claudeEvent ?? name;
}

/** The event of this dialect that stands for a Claude Code event (`PreToolUse` → Gemini `BeforeTool`), if any. */
export function nativeEventName(dialect: HookDialect, claudeEvent: string): string | undefined {
  // The harness's own name first (Copilot's camelCase `preToolUse` before its PascalCase alias).
  return (
    dialect.events.find((e) => e.claudeEvent === claudeEvent)?.name ??
    dialect.events.find((e) => e.name === claudeEvent && e.claudeEvent === undefined)?.name
  );
}

/** The harness's name for a Claude Code tool name. */
export function nativeToolName(dialect: HookDialect, claudeTool: string): string {
  return Object.hasOwn(dialect.toolNames, claudeTool) ? dialect.toolNames[claudeTool]! : claudeTool;
}

/** Claude Code's name for one of the harness's tool names (the first Claude name that maps to it). */
export function claudeToolName(dialect: HookDialect, nativeTool: string): string {
  for (const [claude, native] of Object.entries(dialect.toolNames)) if (native === nativeTool) return claude;
  return nativeTool;
}

/**
 * Whether a hook on this event is heard by the model only through its blocking answer (exit 2's
 * stderr, or the dialect's block): the event blocks, or it feeds exit 2's stderr back after the
 * action ran (a post-tool lint gate). There a message on any other exit reaches no model.
 */
export function blockingAnswerReachesModel(dialect: HookDialect, name: string): boolean {
  const e = dialectEvent(dialect, name);
  return e !== undefined && !e.rules.outputIgnored && (e.rules.exit2Blocks || e.exit2FeedsModel === true);
}

/** Whether the action an event's hook answers has already run when the hook runs (post-tool events). */
export function actionAlreadyRan(dialect: HookDialect, name: string): boolean {
  const e = dialectEvent(dialect, name);
  return e !== undefined && (e.exit2FeedsModel === true || e.exit2StopsAction === false);
}

/** The values a plugin hook command's textual variables take on this run. */
export interface PluginCommandValues {
  readonly pluginRoot: string;
  readonly projectDir: string;
  readonly pathSeparator: string;
}

/**
 * A plugin hook command as the harness hands it to its shell: its plugin-root placeholders and other
 * textual variables (the dialect's `pluginRootPlaceholders` and `pluginCommandVariables`) replaced.
 */
export function substitutePluginVariables(
  dialect: Pick<HookDialect, "pluginRootPlaceholders" | "pluginCommandVariables">,
  text: string,
  values: PluginCommandValues,
): string {
  let out = text;
  for (const placeholder of dialect.pluginRootPlaceholders)
    out = out.split(placeholder).join(values.pluginRoot);
  for (const variable of dialect.pluginCommandVariables) {
    const value = variable.value === "project-dir" ? values.projectDir : values.pathSeparator;
    out = out.split(variable.placeholder).join(value);
  }
  return out;
}
