/**
 * Builds a complete Trace from the parts a caller has. Tiers use it to assemble what they
 * recorded; tests use it to hand-build runs for predicates, checks and matchers.
 */
import type {
  HookFire,
  HookOutcome,
  ModelRequest,
  ModelRequestMessage,
  ShResult,
  ToolCall,
  ToolResult,
  Trace,
  Usage,
} from "./trace.js";

/** A tool call with everything but the name optional; `result` may be plain text (not an error). */
export interface ToolCallPart {
  /** Generated as `toolu_<index>` when absent. */
  readonly id?: string;
  readonly name: string;
  readonly input?: Readonly<Record<string, unknown>>;
  readonly result?: ToolResult | string;
  readonly parentId?: string;
}

/** A hook fire with everything but the event optional. */
export interface HookFirePart {
  /** Defaults to the event (a fire without a matcher subject, e.g. `UserPromptSubmit`). */
  readonly name?: string;
  readonly event: string;
  /** The fire in Claude Code's names, where the harness names it otherwise (`PreToolUse:Bash`). */
  readonly alias?: string;
  /** Defaults to 0. */
  readonly exitCode?: number | null;
  /** Defaults to false. */
  readonly blocked?: boolean;
  readonly output?: string;
  readonly stdout?: string;
  readonly stderr?: string;
  /** Defaults to `success` for exit 0 and `error` otherwise. */
  readonly outcome?: HookOutcome;
}

/** A model request with everything optional; a message may be a bare string (a `user` message). */
export interface ModelRequestPart {
  readonly sideChannel?: boolean;
  readonly agentId?: string;
  readonly model?: string;
  readonly system?: string;
  readonly tools?: readonly string[];
  readonly messages?: readonly (ModelRequestMessage | string)[];
  readonly body?: unknown;
}

/** The parts of a Trace; anything left out gets the value that means "empty" or "not recorded". */
export interface TraceParts {
  readonly toolCalls?: readonly ToolCallPart[];
  /** Leave out to mean "hooks not recorded"; `[]` means "recorded, none fired". */
  readonly hooks?: readonly HookFirePart[];
  readonly output?: string;
  /** Leave out to mean "requests not observed". */
  readonly modelRequests?: readonly ModelRequestPart[];
  /** Defaults to the main agent's non-bookkeeping requests when those are given, else 1. */
  readonly turns?: number;
  readonly usage?: Partial<Usage>;
  /** Leave out to mean "nobody looked"; `[]` means "looked, nothing written". */
  readonly filesWritten?: readonly string[];
  readonly stdout?: string;
  readonly stderr?: string;
  /** The post-run tree as a map of relative path to contents (used when `file` is absent). */
  readonly files?: Readonly<Record<string, string>>;
  readonly file?: (path: string) => string | null;
  readonly sh?: (command: string) => ShResult;
}

function toolCallFrom(part: ToolCallPart, index: number): ToolCall {
  const result: ToolResult | undefined =
    typeof part.result === "string" ? { text: part.result, isError: false } : part.result;
  return {
    id: part.id ?? `toolu_${index}`,
    name: part.name,
    input: part.input ?? {},
    ...(result === undefined ? {} : { result }),
    ...(part.parentId === undefined ? {} : { parentId: part.parentId }),
  };
}

function hookFireFrom(part: HookFirePart): HookFire {
  const exitCode = part.exitCode === undefined ? 0 : part.exitCode;
  return {
    name: part.name ?? part.event,
    event: part.event,
    ...(part.alias === undefined ? {} : { alias: part.alias }),
    exitCode,
    blocked: part.blocked ?? false,
    output: part.output ?? "",
    stdout: part.stdout ?? "",
    stderr: part.stderr ?? "",
    outcome: part.outcome ?? (exitCode === 0 ? "success" : "error"),
  };
}

function modelRequestFrom(part: ModelRequestPart): ModelRequest {
  return {
    sideChannel: part.sideChannel ?? false,
    ...(part.agentId === undefined ? {} : { agentId: part.agentId }),
    ...(part.model === undefined ? {} : { model: part.model }),
    system: part.system ?? "",
    tools: part.tools ?? [],
    messages: (part.messages ?? []).map((m) => (typeof m === "string" ? { role: "user", text: m } : m)),
    body: part.body ?? null,
  };
}

function normalizePath(path: string): string {
  return path.replace(/^\.\//, "");
}

/**
 * A full Trace from its parts.
 *
 * @example
 * ```ts
 * const trace = createTrace({
 *   toolCalls: [{ name: "Read", input: { file_path: "a.ts" } }, { name: "Edit" }],
 *   output: "done",
 *   files: { DONE: "ok" },
 *   filesWritten: ["DONE"],
 * });
 * trace.file("DONE"); // "ok"
 * ```
 */
export function createTrace(parts: TraceParts = {}): Trace {
  const modelRequests = parts.modelRequests?.map(modelRequestFrom);
  const files = parts.files;
  const file =
    parts.file ??
    ((path: string): string | null => (files === undefined ? null : (files[normalizePath(path)] ?? null)));
  const turns =
    parts.turns ??
    (modelRequests === undefined
      ? 1
      : modelRequests.filter((r) => !r.sideChannel && r.agentId === undefined).length);
  const usage: Usage | undefined =
    parts.usage === undefined
      ? undefined
      : {
          costUsd: parts.usage.costUsd ?? 0,
          durationMs: parts.usage.durationMs ?? 0,
          inputTokens: parts.usage.inputTokens ?? 0,
          outputTokens: parts.usage.outputTokens ?? 0,
        };
  return {
    toolCalls: (parts.toolCalls ?? []).map(toolCallFrom),
    hooks: parts.hooks?.map(hookFireFrom),
    output: parts.output ?? "",
    modelRequests,
    turns,
    ...(usage === undefined ? {} : { usage }),
    ...(parts.filesWritten === undefined ? {} : { filesWritten: parts.filesWritten.map(normalizePath) }),
    stdout: parts.stdout ?? "",
    stderr: parts.stderr ?? "",
    file,
    ...(parts.sh === undefined ? {} : { sh: parts.sh }),
  };
}
