/**
 * `explain` for hooks a harness runs as code in its own process (the registry's `codeHooks`:
 * OpenCode's plugins). There is no matcher to read: a module whose source declares the event is
 * called for every call of it, and decides inside its function which ones it acts on. So each module
 * is listed with whether it declares the event, what a throw there does, and what the audit says
 * would keep it from loading; with `run`, its hook is run on the call through the harness's host
 * command and runHook, confined like any other hook unless `sandbox` is false, and the decision,
 * a load failure and changed arguments are shown.
 */
import { combineHookDecisions } from "../../core/hook-decision/combine.js";
import type { FoldedHookDecision } from "../../core/hook-decision/types.js";
import { claudeToolName } from "../../core/dialect.js";
import { isRecord } from "../../core/is-record.js";
import type { CodeHookRunDetail } from "../../adapters/code-hook-port.js";
import type { HarnessEntry } from "../../adapters/harness-entry.js";
import { dialectOf } from "../../adapters/registry.js";
import { runHook } from "../../tiers/run-hook/run-hook.js";
import type { ExplainOptions } from "./explain-event.js";
import { harnessEventName } from "./explain-registrations.js";

/** A code hook is awaited by its harness; explain gives it this long. */
const CODE_HOOK_TIMEOUT_MS = 30_000;

export interface CodeExplainedHandler {
  readonly file: string;
  readonly event: string;
  readonly selected: boolean;
  readonly reason: string;
  readonly meaning: string;
  /** Audit findings that would keep the harness from loading the module (a guard gone silently). */
  readonly problems: readonly string[];
  readonly decision?: Pick<FoldedHookDecision, "decision" | "blocked" | "decidedBy" | "reason" | "hookError">;
  readonly detail?: CodeHookRunDetail;
  /** Why `run` could not run it outside the harness. */
  readonly notRun?: string;
}

export interface CodeExplanation {
  readonly harness: string;
  readonly event: string;
  readonly handlers: readonly CodeExplainedHandler[];
  readonly outcome?: FoldedHookDecision;
}

type Json = Record<string, unknown>;

/** The code hooks of `harness` in `options.cwd` for `payload` (an event in the harness's or Claude Code's names). */
export function explainCodeHooks(
  harness: HarnessEntry,
  payload: Readonly<Json>,
  options: ExplainOptions,
): CodeExplanation {
  const code = harness.codeHooks;
  // The dialect as bound for this run (`--harness-version` may name another release's rules).
  const dialect = dialectOf(harness.id);
  const event = harnessEventName(dialect, String(payload["hook_event_name"] ?? ""));
  if (code === undefined) return { harness: harness.id, event, handlers: [] };
  const tool = typeof payload["tool_name"] === "string" ? payload["tool_name"] : undefined;
  const input = isRecord(payload["tool_input"]) ? payload["tool_input"] : {};
  const decisions: FoldedHookDecision[] = [];
  const handlers = code.list(options.cwd).map((module): CodeExplainedHandler => {
    const declared = module.hooks.find((h) => h.event === event);
    const problems = module.findings.filter((f) => f.severity === "error").map((f) => f.message);
    const base = {
      file: module.file,
      event,
      selected: declared !== undefined,
      reason:
        declared !== undefined
          ? `declares ${event}: called on every ${event}, it decides in its own code which calls it acts on`
          : `declares no ${event} hook (it declares ${module.hooks.map((h) => h.event).join(", ") || "none"})`,
      meaning: declared?.meaning ?? dialect.verdictMeaning(event, undefined),
      problems,
    };
    if (!options.run || declared === undefined) return base;
    const argv = code.hostArgv(module, options.cwd, {
      event,
      ...(tool !== undefined ? { tool } : {}),
      input,
    });
    if ("refused" in argv) return { ...base, notRun: argv.refused };
    const sent: Json = {
      ...payload,
      hook_event_name: event,
      ...(tool !== undefined ? { tool_name: claudeToolName(dialect, tool) } : {}),
    };
    const d = runHook(argv, sent, {
      harness: harness.id,
      cwd: options.cwd,
      projectDir: options.cwd,
      timeoutMs: CODE_HOOK_TIMEOUT_MS,
      ...(options.sandbox !== false
        ? { confine: { network: "none", readOnly: [options.cwd, ...code.hostPaths] } }
        : {}),
    });
    const detail = code.runDetail(d.stdout);
    if (detail.loadError === undefined) decisions.push(d);
    return {
      ...base,
      decision: {
        decision: d.decision,
        blocked: d.blocked,
        decidedBy: d.decidedBy,
        ...(d.reason !== undefined ? { reason: d.reason } : {}),
        ...(d.hookError !== undefined ? { hookError: d.hookError } : {}),
      },
      detail,
    };
  });
  return {
    harness: harness.id,
    event,
    handlers,
    ...(options.run && decisions.length > 0 ? { outcome: combineHookDecisions(decisions) } : {}),
  };
}

/** The text explain prints for code hooks. */
export function describeCodeExplanation(
  harness: HarnessEntry,
  explanation: CodeExplanation,
  subject: string,
): string {
  const files = harness.codeHooks?.files ?? "";
  const lines = [
    `${explanation.event}${subject} (${harness.displayName}): ${explanation.handlers.length} plugin(s) read (${files})`,
  ];
  if (explanation.handlers.length === 0) lines.push("  no plugin is there to run");
  for (const h of explanation.handlers) {
    lines.push(`  ${h.selected ? "✓ fires  " : "✗ skipped"} ${h.file}`, `              ${h.reason}`);
    if (h.selected) lines.push(`              ${h.meaning}`);
    for (const p of h.problems) lines.push(`              ⚠ will not load: ${p}`);
    if (h.notRun !== undefined) lines.push(`              → not run: ${h.notRun}`);
    if (h.detail?.loadError !== undefined) lines.push(`              → did not load: ${h.detail.loadError}`);
    else if (h.decision !== undefined) {
      const d = h.decision;
      const why = d.reason ?? d.hookError;
      lines.push(
        `              → ${d.decision}${d.blocked ? " (blocks)" : ""} by ${d.decidedBy}${why !== undefined ? `: ${why}` : ""}`,
      );
    }
    if (h.detail?.changedArgs !== undefined)
      lines.push(`              → the tool runs with ${JSON.stringify(h.detail.changedArgs)}`);
  }
  if (explanation.outcome !== undefined) {
    const o = explanation.outcome;
    lines.push(`outcome: ${o.decision}${o.blocked ? " (the action is blocked)" : ""}`);
  }
  return `${lines.join("\n")}\n`;
}
