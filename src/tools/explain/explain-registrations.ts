/**
 * `explain` for Codex, GitHub Copilot CLI and Gemini CLI: for one event, which registered command
 * hooks that harness would run, in its own terms (Copilot's camelCase events and whole-name regex
 * matchers on `toolName`, Gemini's `BeforeTool` and `run_shell_command`), why each fires or not,
 * with its file and line, what its verdicts mean there, and with `run` what each decides when run
 * through that harness's hook protocol (`runHook(…, { harness })`, its payload shape and rules).
 * Claude Code keeps its own explain (explain-event.ts: managed settings, `if:` rules, disableAllHooks).
 */
import { resolve } from "node:path";
import { harnessMatcherSubject, testHarnessMatcher } from "../../core/hook-config/harness-matcher.js";
import type {
  RegisteredHook,
  RegisteredTimeout,
  RegistrationSource,
} from "../../core/hook-config/registration.js";
import { combineHookDecisions } from "../../core/hook-decision/combine.js";
import {
  COPILOT_DEFAULT_TIMEOUT_SECONDS,
  copilotCanonicalEvent,
} from "../../core/hook-decision/copilot-rules.js";
import type { HookHarness } from "../../core/hook-decision/event-rules.js";
import {
  CLAUDE_TO_GEMINI_TOOL,
  GEMINI_DEFAULT_HOOK_TIMEOUT_MS,
} from "../../core/hook-decision/gemini-rules.js";
import type { FoldedHookDecision } from "../../core/hook-decision/types.js";
import { fromCopilotCall, toCopilotCall } from "../../core/copilot/tool-names.js";
import { CLAUDE_TO_GEMINI_EVENT } from "../../adapters/gemini-cli/translate-hooks.js";
import { runHook } from "../../tiers/run-hook/run-hook.js";
import { missingScriptOf, type ExplainOptions } from "./explain-event.js";
import { verdictMeaning } from "./verdict-meaning.js";
import { isRecord } from "../../core/is-record.js";

/** A harness explain reads through its registrations (Claude Code has explain-event.ts). */
export type RegistrationHarness = Exclude<HookHarness, "claude-code">;

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
  readonly decision?: Pick<
    FoldedHookDecision,
    "decision" | "blocked" | "decidedBy" | "reason" | "invalidReason"
  >;
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
export function harnessEventName(harness: RegistrationHarness, event: string): string {
  switch (harness) {
    case "copilot":
      return copilotCanonicalEvent(event) ?? event;
    case "gemini":
      return Object.hasOwn(CLAUDE_TO_GEMINI_EVENT, event) ? (CLAUDE_TO_GEMINI_EVENT[event] as string) : event;
    case "codex":
      return event;
    default: {
      const never: never = harness;
      return never;
    }
  }
}

function sameEvent(harness: RegistrationHarness, registered: string, asked: string): boolean {
  return harness === "copilot"
    ? (copilotCanonicalEvent(registered) ?? registered) === asked
    : registered === asked;
}

/** The asked tool in Claude Code's names (what runHook's Copilot payload builder reads). */
function claudeTool(harness: RegistrationHarness, tool: string, input: Json): { tool: string; input: Json } {
  if (harness === "copilot") {
    const c = fromCopilotCall(tool, input);
    return { tool: c.name, input: c.input };
  }
  if (harness === "gemini") {
    const claude = Object.entries(CLAUDE_TO_GEMINI_TOOL).find(([, g]) => g === tool)?.[0];
    return { tool: claude ?? tool, input };
  }
  return { tool, input };
}

/** The payload the harness sends this registration, in the shape runHook takes for it. */
function payloadFor(r: RegisteredHook, asked: Json, tool: { tool: string; input: Json } | undefined): Json {
  const base: Json = { ...asked, hook_event_name: r.event };
  if (tool === undefined) return base;
  // Copilot: runHook turns Claude's names into Copilot's (camelCase event) or keeps them (PascalCase).
  if (r.harness === "copilot") return { ...base, tool_name: tool.tool, tool_input: tool.input };
  if (r.harness === "gemini")
    return { ...base, tool_name: CLAUDE_TO_GEMINI_TOOL[tool.tool] ?? tool.tool, tool_input: tool.input };
  return { ...base, tool_name: tool.tool, tool_input: tool.input };
}

/** The value the harness compares the matcher with, as it sends it. */
function subjectOf(r: RegisteredHook, payload: Json): { field: string; value: string } | undefined {
  const field = harnessMatcherSubject(r.harness, r.event);
  if (field === undefined) return undefined;
  if (field === "toolName") {
    const call = toCopilotCall({ tool: String(payload["tool_name"] ?? ""), input: {} });
    return { field, value: call.tool };
  }
  const v = payload[field];
  return { field, value: typeof v === "string" ? v : "" };
}

const MATCHER_WORDS: Readonly<Record<RegistrationHarness, string>> = {
  copilot: "a regex over the whole name",
  gemini: "a regex, unanchored",
  codex: "Claude Code's matcher rules",
};

function selection(
  harness: RegistrationHarness,
  r: RegisteredHook,
  payload: Json,
): { selected: boolean; reason: string } {
  const subject = subjectOf(r, payload);
  if (subject === undefined)
    return {
      selected: true,
      reason:
        r.matcher && r.matcher !== "*"
          ? `${r.event} has no matcher subject: matcher ${JSON.stringify(r.matcher)} is ignored`
          : `${r.event} has no matcher subject`,
    };
  const v = testHarnessMatcher(r.harness, r.matcher, subject.value);
  const shown = `${subject.field} ${JSON.stringify(subject.value)}`;
  if (v.kind === "all")
    return { selected: true, reason: `matcher ${JSON.stringify(r.matcher ?? "")} matches every ${r.event}` };
  if (v.error !== undefined)
    return {
      selected: false,
      reason: `matcher ${JSON.stringify(r.matcher)} is not a valid regex (${v.error}): it never fires`,
    };
  const words = MATCHER_WORDS[harness];
  return {
    selected: v.matches,
    reason: `matcher ${JSON.stringify(r.matcher)} (${words}) ${v.matches ? "matches" : "does not match"} ${shown}`,
  };
}

/** The command as the harness runs it: Gemini expands an extension's `${extensionPath}`. */
function runnableCommand(r: RegisteredHook): string {
  return r.harness === "gemini" && r.pluginRoot !== undefined
    ? r.command.split("${extensionPath}").join(r.pluginRoot)
    : r.command;
}

function timeoutMs(r: RegisteredHook): number {
  if (r.timeout !== undefined) return r.timeout.seconds * 1000;
  switch (r.harness) {
    case "copilot":
      return COPILOT_DEFAULT_TIMEOUT_SECONDS * 1000;
    case "gemini":
      return GEMINI_DEFAULT_HOOK_TIMEOUT_MS;
    case "claude-code":
    case "codex":
      return 600_000;
    default: {
      const never: never = r.harness;
      return never;
    }
  }
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
  const event = harnessEventName(harness, String(payload["hook_event_name"] ?? ""));
  const tool =
    typeof payload["tool_name"] === "string"
      ? claudeTool(
          harness,
          payload["tool_name"],
          isRecord(payload["tool_input"]) ? payload["tool_input"] : {},
        )
      : undefined;
  const asked: Json = { cwd: options.cwd, ...payload };
  const handlers: RegistrationExplainedHandler[] = [];
  const decisions: FoldedHookDecision[] = [];
  for (const r of registrations) {
    if (r.harness !== harness || !sameEvent(harness, r.event, event)) continue;
    const sent = payloadFor(r, asked, tool);
    const matched = selection(harness, r, sent);
    const off = options.switchedOff?.(r);
    const { selected, reason } =
      off !== undefined && matched.selected
        ? { selected: false, reason: `${off} (else: ${matched.reason})` }
        : matched;
    const command = runnableCommand(r);
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
        timeoutMs: timeoutMs(r),
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
      decision = {
        decision: d.decision,
        blocked: d.blocked,
        decidedBy: d.decidedBy,
        ...(d.reason !== undefined ? { reason: d.reason } : {}),
        ...(d.invalidReason !== undefined ? { invalidReason: d.invalidReason } : {}),
      };
    }
    const missingScript = missingScriptOf({ ...r.handler, command }, r.pluginRoot, options.cwd);
    handlers.push({
      harness,
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
      meaning: verdictMeaning(r),
      ...(missingScript !== undefined ? { missingScript } : {}),
      ...(decision ? { decision } : {}),
    });
  }
  return {
    harness,
    event,
    handlers,
    ...(options.run && decisions.length > 0 ? { outcome: combineHookDecisions(decisions) } : {}),
  };
}
