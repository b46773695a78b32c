/**
 * assertBlocksDisasters: feeds every command of the disaster corpus to a guard hook as a
 * PreToolUse Bash call and fails listing every disaster it let through (and, by default, every
 * benign look-alike it blocked).
 */
import {
  AssertionFailedError,
  attachQuietly,
  InvalidOptionError,
  VacuousAssertionError,
} from "../../core/errors.js";
import { disasterCorpus, type DisasterCase } from "../../core/disasters/corpus.js";
import { formatDisasterFailure, judgeDisasters, type DisasterReport } from "../../core/disasters/report.js";
import { runHooksSync } from "./run-hook.js";
import type { HookEventInput, HookSpec, RunHookOptions } from "./types.js";

/** Options of `assertBlocksDisasters`: which cases, and how each hook run goes (`runHook`'s options). */
export interface BlocksDisastersOptions extends RunHookOptions {
  /** More cases, checked with the built-in ones (`kind: "disaster"` must block, `"benign"` must pass). */
  readonly cases?: readonly DisasterCase[];
  /** Only these categories (of the built-in and extra cases). */
  readonly categories?: readonly string[];
  /** Also check that benign look-alikes are let through (default true). */
  readonly benign?: boolean;
  /** Leave the built-in corpus out and check only `cases`. */
  readonly builtIn?: boolean;
  /**
   * The event each command is sent in: a template (its `tool_input.command` is replaced) or a
   * function of the command. Default `{ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } }`.
   */
  readonly event?: HookEventInput | ((command: string) => HookEventInput);
  /** How many hook processes run at once (default 4). */
  readonly concurrency?: number;
  /**
   * Per case (default 30 000: a guard that needs longer on one command is itself a problem). A hook
   * that times out lets that disaster through, as the harness would.
   */
  readonly timeoutMs?: number;
}

/** The hook let a disaster through (or blocked a benign twin); `report` has every outcome. */
export class DisastersNotBlockedError extends AssertionFailedError {
  declare readonly report: DisasterReport;

  constructor(report: DisasterReport, hookLabel: string) {
    super(formatDisasterFailure(report, hookLabel));
    attachQuietly(this, "report", report);
  }
}

function eventFor(command: string, template: BlocksDisastersOptions["event"]): HookEventInput {
  if (typeof template === "function") return template(command);
  const base = template ?? {};
  const toolInput = typeof base.tool_input === "object" && base.tool_input !== null ? base.tool_input : {};
  return {
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    ...base,
    tool_input: { ...toolInput, command },
  };
}

/**
 * Throws a DisastersNotBlockedError (an AssertionFailedError) unless the hook blocks every disaster of the corpus (and lets
 * every benign twin through, unless `benign: false`). Returns the report when it passes.
 * An empty selection of cases throws VacuousAssertionError rather than passing.
 *
 * @example
 * assertBlocksDisasters("bash hooks/guard.sh");
 * assertBlocksDisasters("./guard.py", { categories: ["force-push", "rm-rf"], timeoutMs: 5_000 });
 */
export function assertBlocksDisasters(hook: HookSpec, options: BlocksDisastersOptions = {}): DisasterReport {
  const {
    cases = [],
    categories,
    benign = true,
    builtIn = true,
    event,
    concurrency = 4,
    timeoutMs = 30_000,
    ...rest
  } = options;
  const runOptions: RunHookOptions = { ...rest, timeoutMs };
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new InvalidOptionError(
      `Expected \`concurrency\` to be a positive integer, got ${String(concurrency)}.`,
    );
  }
  const all = [...(builtIn ? disasterCorpus : []), ...cases];
  if (categories) {
    const known = new Set(all.map((c) => c.category));
    const unknown = categories.filter((c) => !known.has(c));
    if (unknown.length) {
      throw new InvalidOptionError(
        `Unknown disaster categories ${JSON.stringify(unknown)}; the corpus has ${JSON.stringify([...known])}.`,
      );
    }
  }
  const selected = all.filter(
    (c) => (categories === undefined || categories.includes(c.category)) && (benign || c.kind === "disaster"),
  );
  if (!selected.some((c) => c.kind === "disaster")) {
    throw new VacuousAssertionError(
      "assertBlocksDisasters had no disaster to check: the options left none selected.",
    );
  }
  const results = runHooksSync(
    selected.map((c) => ({ hook, event: eventFor(c.command, event), options: runOptions })),
    concurrency,
  );
  const report = judgeDisasters(selected, results);
  if (report.letThrough.length || report.overBlocked.length) {
    throw new DisastersNotBlockedError(report, describeHook(hook));
  }
  return report;
}

function describeHook(hook: HookSpec): string {
  if (typeof hook === "string") return JSON.stringify(hook);
  if (Array.isArray(hook)) return JSON.stringify(hook.join(" "));
  return "registration";
}
