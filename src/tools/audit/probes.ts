/**
 * The probes `vigiles audit --run` feeds one registration. A guard (PreToolUse, PermissionRequest)
 * gets its branches driven, not one bland call: per tool its matcher selects, a bland call, then the
 * strings its own source compares against, then the disaster corpus and its benign twins, up to a
 * budget. Every other event gets its synthetic events (one per matcher value).
 */
import { join } from "node:path";
import { disasterCorpus, type DisasterCase } from "../../core/disasters/corpus.js";
import { parseMatcher } from "../../core/audit/hook-events.js";
import { claudeEventName, claudeToolName, nativeToolName } from "../../core/dialect.js";
import type { HookRegistration } from "../../core/audit/hooks-config.js";
import type { RuleContext } from "../../core/hook-config/if-rule.js";
import { selectsTarget } from "./harness-runs.js";
import { callSelectedBy, hasIfGate, ifGateSelects } from "./if-gate.js";
import type { SourceLiteral } from "./source-literals.js";
import { TOOLS, syntheticEvents, toolInput } from "./synthetic-events.js";

/**
 * What a probe stands for, which decides what its answer means.
 * - `bland`: an echo or a read no policy targets; denying it blocks harmless work.
 * - `benign`: a look-alike of a disaster (`git push` for `git push --force`), or a harmless write.
 * - `disaster`: a corpus disaster; a guard may block it or not (its scope is its own).
 * - `source`: a string the hook's source compares against.
 * - `event`: the synthetic event of a non-guard event.
 */
export type ProbeKind = "bland" | "benign" | "disaster" | "source" | "event";

/** One event fed to a hook, and what it stands for. */
export interface AuditProbe {
  /** The matcher value (tool name, source …), when the event takes one. */
  readonly target?: string;
  readonly event: Record<string, unknown>;
  readonly kind: ProbeKind;
  /** How a finding names it: `Bash \`git push --force\`` or `SessionStart (startup)`. */
  readonly label: string;
  /** Why the harness would not run the hook on this probe (its `if:` rule does not select it): not run. */
  readonly notRun?: string;
}

/** Events whose hooks guard an action (Claude Code's names): driven over the corpus. */
export const GUARD_EVENTS: ReadonlySet<string> = new Set(["PreToolUse", "PermissionRequest"]);

/** Whether a registration guards an action, in any harness (Gemini `BeforeTool`, Copilot `preToolUse`). */
export function isGuard(reg: HookRegistration): boolean {
  return GUARD_EVENTS.has(claudeEventName(reg.dialect, reg.event));
}
/** Tools whose bland call is harmless for every policy (a Write may be refused by a TDD guard). */
const HARMLESS_BLAND: ReadonlySet<string> = new Set(["Bash", "Read", "Glob", "Grep", "WebSearch"]);
const FILE_TOOLS: ReadonlySet<string> = new Set(["Write", "Edit", "MultiEdit", "Read", "NotebookEdit"]);

/** A tool name a regex matcher selects when none of the built-in tools fits (`mcp__github__.*`). */
function madeUpName(regex: RegExp): string | undefined {
  const guess = regex.source
    .replace(/\.\*|\.\+/g, "probe")
    .replace(/[\^$\\()]/g, "")
    .split("|")[0];
  return guess !== undefined && guess !== "" && regex.test(guess) ? guess : undefined;
}

/** The tools a guard's matcher selects (at most four), in the order they are probed. */
export function guardTools(reg: HookRegistration): string[] {
  // Probes name Claude Code's tools; the harness's payload renames them (Gemini `run_shell_command`).
  const form = parseMatcher(reg.matcher);
  switch (form.kind) {
    case "all":
      return ["Bash", "Write", "Read"];
    case "names": {
      const names = form.names.map((n) => claudeToolName(reg.dialect, n));
      return names.length > 0 ? [...new Set(names)].slice(0, 4) : ["Bash"];
    }
    case "regex": {
      const regex = form.regex;
      // A matcher that is no valid regex (`Edit(docs/**)`) matches nothing: Claude Code 2.1.328 logs
      // "Invalid regex pattern in hook matcher" and never runs the hook, so nothing is probed.
      if (!regex) return [];
      const hits = TOOLS.filter((t) => regex.test(nativeToolName(reg.dialect, t))).slice(0, 4);
      if (hits.length > 0) return hits;
      const made = madeUpName(regex);
      return [made ?? "Bash"];
    }
  }
}

/** The corpus, one disaster and one benign twin of each category in turn, so a small budget still spans it. */
function interleaved(cases: readonly DisasterCase[]): DisasterCase[] {
  const byCategory = new Map<string, { disaster: DisasterCase[]; benign: DisasterCase[] }>();
  for (const c of cases) {
    const slot = byCategory.get(c.category) ?? { disaster: [], benign: [] };
    slot[c.kind].push(c);
    byCategory.set(c.category, slot);
  }
  const out: DisasterCase[] = [];
  for (let round = 0; out.length < cases.length; round++) {
    for (const slot of byCategory.values()) {
      const dis = slot.disaster[round];
      const ben = slot.benign[round];
      if (dis) out.push(dis);
      if (ben) out.push(ben);
    }
  }
  return out;
}

const FILE_CASES: readonly { readonly rel: string; readonly kind: "disaster" | "benign" }[] = [
  { rel: ".env", kind: "disaster" },
  { rel: "src/index.ts", kind: "benign" },
  { rel: ".git/config", kind: "disaster" },
  { rel: "README.md", kind: "benign" },
];

function fileInput(tool: string, path: string): Record<string, unknown> {
  switch (tool) {
    case "Write":
      return { file_path: path, content: "vigiles audit probe\n" };
    case "Read":
      return { file_path: path };
    case "NotebookEdit":
      return { notebook_path: path, new_source: "print('probe')" };
    default:
      return { file_path: path, old_string: "before", new_string: "after" };
  }
}

function guardEvent(
  reg: HookRegistration,
  tool: string,
  input: Record<string, unknown>,
): Record<string, unknown> {
  return {
    hook_event_name: reg.event,
    tool_name: tool,
    tool_input: input,
    ...(claudeEventName(reg.dialect, reg.event) === "PermissionRequest"
      ? { permission_suggestions: [] }
      : {}),
  };
}

function show(input: Record<string, unknown>): string {
  const v = input.command ?? input.file_path ?? input.notebook_path;
  return typeof v === "string" ? `\`${v}\`` : "";
}

/** The probes of one tool of a guard, bland first. */
function toolProbes(
  reg: HookRegistration,
  tool: string,
  cwd: string,
  literals: readonly SourceLiteral[],
): { bland: AuditProbe; source: AuditProbe[]; corpus: AuditProbe[] } {
  const probe = (kind: ProbeKind, input: Record<string, unknown>): AuditProbe => ({
    target: tool,
    event: guardEvent(reg, tool, input),
    kind,
    label: `${tool} ${show(input)}`.trim(),
  });
  const bland = probe(HARMLESS_BLAND.has(tool) ? "bland" : "benign", toolInput(tool, cwd));
  const source: AuditProbe[] = [];
  const corpus: AuditProbe[] = [];
  if (tool === "Bash") {
    for (const l of literals) {
      if (l.kind === "command") source.push(probe("source", { command: l.text }));
      if (l.kind === "trailer")
        source.push(
          probe("source", {
            command: `git commit -m 'vigiles audit probe' -m '${l.text.replace(/'/g, "")} vigiles <probe@example.com>'`,
          }),
        );
    }
    for (const c of interleaved(disasterCorpus)) corpus.push(probe(c.kind, { command: c.command }));
  } else if (FILE_TOOLS.has(tool)) {
    for (const l of literals) {
      if (l.kind !== "path") continue;
      const path = l.text.startsWith("/") || l.text.startsWith("~") ? l.text : join(cwd, l.text);
      source.push(probe("source", fileInput(tool, path)));
    }
    for (const f of FILE_CASES) corpus.push(probe(f.kind, fileInput(tool, join(cwd, f.rel))));
  }
  return { bland, source, corpus };
}

/** Options of {@link auditProbes}. */
export interface ProbeOptions {
  /** Most probes for one registration (the bland calls always run). */
  readonly budget: number;
  /** Strings the hook's source compares against. */
  readonly literals?: readonly SourceLiteral[];
  /** Anchors the handler's `if:` rule (default: `cwd` for the session's directory and the project). */
  readonly ifContext?: RuleContext;
}

/** The probes for one registration, in the order they run. */
export function auditProbes(reg: HookRegistration, cwd: string, options: ProbeOptions): AuditProbe[] {
  // Only the calls the harness's own matcher selects: Copilot CLI's `*` (a whole-name regex that
  // does not compile) selects none, so nothing is run for it.
  const probes = ungatedProbes(reg, cwd, options).filter((p) => selectsTarget(reg, p.target));
  if (!hasIfGate(reg)) return probes;
  return gated(reg, probes, options.ifContext ?? { cwd, projectDir: cwd }).filter(
    (p) => p.notRun !== undefined || selectsTarget(reg, p.target),
  );
}

/**
 * The probes of a handler with an `if:` rule, as the harness runs it: the probes the rule does not
 * select are kept but marked not run (the first of them only, to say so once), and a call the rule
 * selects, made from the rule, runs first.
 */
function gated(
  reg: HookRegistration & { condition: string },
  probes: readonly AuditProbe[],
  ctx: RuleContext,
): AuditProbe[] {
  const selects = (p: AuditProbe) =>
    p.target === undefined || ifGateSelects(reg, p.target, p.event.tool_input, ctx);
  const kept = probes.filter(selects);
  const skipped = probes.find((p) => !selects(p));
  const template = probes.find((p) => p.target !== undefined);
  const call = callSelectedBy(reg.condition, ctx);
  const fromRule: AuditProbe[] =
    call !== undefined && template !== undefined
      ? [
          {
            target: call.tool,
            event: { ...template.event, tool_name: call.tool, tool_input: call.input },
            kind: isGuard(reg) ? "source" : "event",
            label: `${call.tool} ${show(call.input)}`.trim(),
          },
        ]
      : [];
  const notRun: AuditProbe[] =
    skipped !== undefined
      ? [{ ...skipped, notRun: `its if: rule ${JSON.stringify(reg.condition)} does not select it` }]
      : [];
  return [...fromRule, ...kept, ...notRun];
}

/**
 * A file call's event again for each extension the hook's source selects files by: a post-tool
 * gate that lints only `*.ts` never reaches its failing path on the bland `.txt` probe.
 */
function extensionProbes(
  reg: HookRegistration,
  events: readonly AuditProbe[],
  cwd: string,
  literals: readonly SourceLiteral[],
): AuditProbe[] {
  const exts = literals.filter((l) => l.kind === "extension");
  if (exts.length === 0) return [];
  // The file tool the matcher names, else an Edit where it selects every tool.
  const named = events.find((p) => p.target !== undefined && FILE_TOOLS.has(p.target));
  const first = events.find((p) => p.target !== undefined);
  const tool = named?.target ?? (first !== undefined && selectsTarget(reg, "Edit") ? "Edit" : undefined);
  const template = named ?? first;
  if (tool === undefined || template === undefined) return [];
  return [...new Set(exts.map((l) => l.text))].slice(0, 3).map((ext) => {
    const input = fileInput(tool, join(cwd, `vigiles-audit-probe${ext}`));
    return {
      target: tool,
      event: { ...template.event, tool_name: tool, tool_input: input },
      kind: "event" as const,
      label: `${reg.event} (${tool} ${show(input)})`,
    };
  });
}

function ungatedProbes(reg: HookRegistration, cwd: string, options: ProbeOptions): AuditProbe[] {
  if (!isGuard(reg)) {
    const events = syntheticEvents(reg, cwd).map((e) => ({
      ...e,
      kind: "event" as const,
      label: e.target !== undefined ? `${reg.event} (${e.target})` : reg.event,
    }));
    return [...events, ...extensionProbes(reg, events, cwd, options.literals ?? [])];
  }
  const perTool = guardTools(reg).map((t) => toolProbes(reg, t, cwd, options.literals ?? []));
  const out: AuditProbe[] = perTool.map((p) => p.bland);
  const room = () => Math.max(0, options.budget - out.length);
  // Source strings take at most a third of the budget; the corpus fills the rest, tools in turn.
  const sourceCap = Math.ceil(options.budget / 3);
  const sources = perTool.flatMap((p) => p.source).slice(0, Math.min(sourceCap, room()));
  out.push(...sources);
  const queues = perTool.map((p) => [...p.corpus]);
  while (room() > 0 && queues.some((q) => q.length > 0)) {
    for (const q of queues) {
      const next = q.shift();
      if (next && room() > 0) out.push(next);
    }
  }
  return out;
}
