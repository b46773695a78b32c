/**
 * `explain` read through a harness's registrations: for one event, which registered command hooks
 * that harness would run, in its own terms (its event names, its matcher rules on its own payload:
 * Copilot's whole-name regex on `toolName`, Gemini's `BeforeTool` and `run_shell_command`), why each
 * fires or not, with its file and line, what its verdicts mean there, and with `run` what each
 * decides when run through that harness's hook protocol (`runHook(…, { harness })`). Everything
 * harness-specific comes from the dialect. Claude Code's layered settings have explain-event.ts.
 */
import { resolve } from "node:path";
import { dialectOf } from "../../adapters/registry.js";
import {
  claudeEventName,
  claudeToolName,
  nativeEventName,
  type HarnessId,
  type HookDialect,
} from "../../core/dialect.js";
import {
  explainDialectMatcher,
  matcherSubjectValue,
  matcherSubjectOf,
} from "../../core/hook-config/dialect-matcher.js";
import type {
  RegisteredHook,
  RegisteredTimeout,
  RegistrationSource,
} from "../../core/hook-config/registration.js";
import type { FoldedHookDecision } from "../../core/hook-decision/types.js";
import { combinedOutcome, effectsOf, type HookEffects } from "./effects.js";
import { completeHookEvent } from "../../tiers/run-hook/event.js";
import { runHook } from "../../tiers/run-hook/run-hook.js";
import { missingScriptOf, type ExplainOptions } from "./explain-event.js";
import { isRecord } from "../../core/is-record.js";

/** A harness explain reads through its registrations. */
export type RegistrationHarness = HarnessId;

export interface RegistrationExplainedHandler {
  readonly harness: RegistrationHarness;
  readonly source: RegistrationSource;
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly at: string;
  /** The event as registered. */
  readonly event: string;
  readonly matcher?: string;
  readonly command: string;
  readonly timeout?: RegisteredTimeout;
  readonly selected: boolean;
  readonly reason: string;
  /** What its exit codes and answers do on this event in this harness. */
  readonly meaning: string;
  readonly missingScript?: string;
  readonly decision?: HookEffects;
}

export interface RegistrationExplanation {
  readonly harness: RegistrationHarness;
  /** The event asked about, in the harness's name for it. */
  readonly event: string;
  readonly handlers: readonly RegistrationExplainedHandler[];
  /** With `run`: the combined answer of the hooks that fired (deny > defer > ask > allow). */
  readonly outcome?: FoldedHookDecision;
}

type Json = Record<string, unknown>;

/** The harness's name for the event asked (a Claude Code name is accepted where it has a counterpart). */
export function harnessEventName(dialect: HookDialect, event: string): string {
  return nativeEventName(dialect, claudeEventName(dialect, event)) ?? event;
}

/** The payload a registration gets, Claude-shaped with Claude's tool names (runHook turns it into the harness's). */
function payloadFor(r: RegisteredHook, asked: Json, tool: string | undefined, input: Json): Json {
  const base: Json = { ...asked, hook_event_name: r.event };
  return tool === undefined ? base : { ...base, tool_name: tool, tool_input: input };
}

function selection(
  dialect: HookDialect,
  r: RegisteredHook,
  sent: Json,
  cwd: string,
): { selected: boolean; reason: string } {
  const field = matcherSubjectOf(dialect, r.event);
  // The matcher reads the payload as the harness sends it (Copilot's `toolName: "bash"`).
  const value =
    field === undefined
      ? ""
      : (matcherSubjectValue(dialect, r.event, dialect.payload(completeHookEvent(sent, cwd, dialect))) ?? "");
  const v = explainDialectMatcher(dialect, r.event, r.matcher, field, value);
  return { selected: v.matches, reason: v.reason };
}

/** The command as the harness runs it: its plugin-root placeholders replaced (Gemini's `${extensionPath}`). */
function runnableCommand(dialect: HookDialect, r: RegisteredHook): string {
  if (r.pluginRoot === undefined) return r.command;
  let command = r.command;
  for (const placeholder of dialect.pluginRootPlaceholders)
    command = command.split(placeholder).join(r.pluginRoot);
  return command;
}

function timeoutMs(dialect: HookDialect, r: RegisteredHook): number {
  return (r.timeout?.seconds ?? dialect.timeout.defaultSeconds) * 1000;
}

/**
 * Explains `payload` (an event in the harness's or Claude Code's names: `hook_event_name`, and for a
 * tool event `tool_name` and `tool_input`) against the registrations of `harness`.
 */
export function explainRegistrations(
  harness: RegistrationHarness,
  payload: Readonly<Json>,
  registrations: readonly RegisteredHook[],
  options: ExplainOptions & {
    /** Why the harness will not run a registration at all (a settings switch), or undefined. */
    readonly switchedOff?: (r: RegisteredHook) => string | undefined;
  },
): RegistrationExplanation {
  const dialect = dialectOf(harness);
  const event = harnessEventName(dialect, String(payload["hook_event_name"] ?? ""));
  const claudeEvent = claudeEventName(dialect, event);
  const tool =
    typeof payload["tool_name"] === "string" ? claudeToolName(dialect, payload["tool_name"]) : undefined;
  const input = isRecord(payload["tool_input"]) ? payload["tool_input"] : {};
  const asked: Json = { cwd: options.cwd, ...payload };
  const handlers: RegistrationExplainedHandler[] = [];
  const decisions: FoldedHookDecision[] = [];
  for (const r of registrations) {
    if (r.harness !== dialect.harness || claudeEventName(dialect, r.event) !== claudeEvent) continue;
    const sent = payloadFor(r, asked, tool, input);
    const matched = selection(dialect, r, sent, options.cwd);
    const off = options.switchedOff?.(r);
    const { selected, reason } =
      off !== undefined && matched.selected
        ? { selected: false, reason: `${off} (else: ${matched.reason})` }
        : matched;
    const command = runnableCommand(dialect, r);
    let decision: RegistrationExplainedHandler["decision"];
    if (options.run && selected) {
      const handlerCwd =
        typeof r.handler["cwd"] === "string" ? resolve(options.cwd, r.handler["cwd"]) : options.cwd;
      const env = isRecord(r.handler["env"])
        ? Object.fromEntries(
            Object.entries(r.handler["env"]).filter((e): e is [string, string] => typeof e[1] === "string"),
          )
        : {};
      const d = runHook(command, sent, {
        harness,
        cwd: handlerCwd,
        projectDir: options.cwd,
        env,
        timeoutMs: timeoutMs(dialect, r),
        ...(options.sandbox !== false
          ? {
              confine: {
                network: "none",
                readOnly: [options.cwd, ...(r.pluginRoot !== undefined ? [r.pluginRoot] : [])],
              },
            }
          : {}),
      });
      decisions.push(d);
      decision = effectsOf(d);
    }
    const missingScript = missingScriptOf({ ...r.handler, command }, r.pluginRoot, options.cwd, {
      ...dialect.hookEnv(options.cwd),
      ...(r.pluginRoot !== undefined && !dialect.unsetVariables.includes("CLAUDE_PLUGIN_ROOT")
        ? { CLAUDE_PLUGIN_ROOT: r.pluginRoot }
        : {}),
    });
    handlers.push({
      harness: dialect.harness,
      source: r.source,
      file: r.file,
      ...(r.line !== undefined ? { line: r.line, column: r.column as number } : {}),
      at: r.at,
      event: r.event,
      ...(r.matcher !== undefined ? { matcher: r.matcher } : {}),
      command: r.command,
      ...(r.timeout !== undefined ? { timeout: r.timeout } : {}),
      selected,
      reason,
      meaning: dialect.verdictMeaning(r.event, r.timeout),
      ...(missingScript !== undefined ? { missingScript } : {}),
      ...(decision ? { decision } : {}),
    });
  }
  return {
    harness: dialect.harness,
    event,
    handlers,
    ...(options.run && decisions.length > 0 ? { outcome: combinedOutcome(decisions) } : {}),
  };
}
