/**
 * `explain`: for one event, which registered hooks would fire, in order, and why each does or does
 * not (the event, the matcher, the `if:` rule), with its file and line; optionally what each
 * decides when run through the hook protocol. Nothing runs unless asked.
 */
import { combineHookDecisions } from "../../core/hook-decision/combine.js";
import { selectHandlers } from "../../core/hook-config/select.js";
import type { HookHandler } from "../../core/hook-config/types.js";
import type { FoldedHookDecision } from "../../core/hook-decision/types.js";
import { runHook } from "../run-hook/run-hook.js";
import type { HookSource } from "./hook-sources.js";

export interface ExplainedHandler {
  readonly source: HookSource["kind"];
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly at: string;
  readonly handler: HookHandler;
  readonly selected: boolean;
  readonly reason: string;
  /** With `run`: what the hook decided, in the harness's terms. */
  readonly decision?: Pick<
    FoldedHookDecision,
    "decision" | "blocked" | "decidedBy" | "reason" | "invalidReason"
  >;
}

export interface Explanation {
  readonly event: string;
  readonly handlers: readonly ExplainedHandler[];
  /** With `run`: the combined answer of the hooks that fired (deny > defer > ask > allow). */
  readonly outcome?: FoldedHookDecision;
}

export interface ExplainOptions {
  readonly cwd: string;
  /** Run each selected command hook and report its decision. */
  readonly run?: boolean;
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
  for (const source of sources) {
    for (const s of selectHandlers(source.hooks, full, { cwd: options.cwd, projectDir: options.cwd })) {
      const where = source.locate(s.event, s.groupIndex, s.handlerIndex);
      let decision: ExplainedHandler["decision"];
      if (options.run && s.selected && s.handler.type === "command") {
        const r = runHook(
          {
            registration: { ...(s.matcher !== undefined ? { matcher: s.matcher } : {}), hooks: [s.handler] },
            ...(source.pluginRoot ? { pluginRoot: source.pluginRoot } : {}),
          },
          full,
          { cwd: options.cwd, projectDir: options.cwd },
        );
        decisions.push(r);
        decision = {
          decision: r.decision,
          blocked: r.blocked,
          decidedBy: r.decidedBy,
          ...(r.reason !== undefined ? { reason: r.reason } : {}),
          ...(r.invalidReason !== undefined ? { invalidReason: r.invalidReason } : {}),
        };
      }
      handlers.push({
        source: source.kind,
        file: source.file,
        ...(where ?? {}),
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
    ...(options.run && decisions.length > 0 ? { outcome: combineHookDecisions(decisions) } : {}),
  };
}
