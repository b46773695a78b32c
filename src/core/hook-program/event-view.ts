/**
 * What `decide` receives: the raw event plus views that answer the common questions correctly
 * (the command parsed with a real shell parser, the path normalized). Views are built lazily, so a
 * gate that only reads `toolName` never parses anything.
 */
import type { HookEventInputs, HookProgramEvent, ToolEventInput } from "./events.js";
import { createPathView, pathOfToolInput, type PathView } from "./path-view.js";
import { createCommandView, type ShellCommandView } from "./shell/command-view.js";

interface ViewBase<E extends HookProgramEvent> {
  /** The event name the program is defined on. */
  readonly event: E;
  /** The stdin JSON exactly as received. */
  readonly raw: HookEventInputs[E];
  readonly cwd: string | undefined;
  readonly sessionId: string | undefined;
}

/** The view of a tool event (PreToolUse, PermissionRequest …): tool name, input, and parsed command and path views. */
export interface ToolEventView<E extends HookProgramEvent> extends ViewBase<E> {
  readonly toolName: string;
  readonly input: Readonly<Record<string, unknown>>;
  /** The Bash command (any tool input with a string `command`); an empty view for other tools. */
  readonly command: ShellCommandView;
  /** The file a file tool works on; `value` is undefined for other tools. */
  readonly path: PathView;
}

/** The view of a PostToolUse or PostToolUseFailure event: the tool view plus its response and whether it failed. */
export interface PostToolEventView<E extends HookProgramEvent> extends ToolEventView<E> {
  readonly response: unknown;
  /** PostToolUseFailure's error text, or a failed tool_response (`is_error`, non-zero exit, `success:false`). */
  readonly failed: boolean;
  readonly error: string | undefined;
}

/** The view of a UserPromptSubmit event: the prompt. */
export interface PromptEventView<E extends HookProgramEvent> extends ViewBase<E> {
  readonly prompt: string;
}

/** The view of a Stop or SubagentStop event. */
export interface StopEventView<E extends HookProgramEvent> extends ViewBase<E> {
  /** True on a second stop after a block: blocking again risks a loop (the harness caps it at 8). */
  readonly stopHookActive: boolean;
  readonly lastAssistantMessage: string | undefined;
}

/** The view `decide` receives for each event. */
export interface HookEventViews {
  readonly PreToolUse: ToolEventView<"PreToolUse">;
  readonly PermissionRequest: ToolEventView<"PermissionRequest">;
  readonly PostToolUse: PostToolEventView<"PostToolUse">;
  readonly PostToolUseFailure: PostToolEventView<"PostToolUseFailure">;
  readonly UserPromptSubmit: PromptEventView<"UserPromptSubmit">;
  readonly Stop: StopEventView<"Stop">;
  readonly SubagentStop: StopEventView<"SubagentStop">;
  readonly SessionStart: ViewBase<"SessionStart"> & { readonly source: string | undefined };
  readonly SessionEnd: ViewBase<"SessionEnd"> & { readonly reason: string | undefined };
  readonly Notification: ViewBase<"Notification"> & { readonly message: string | undefined };
  readonly SubagentStart: ViewBase<"SubagentStart">;
  readonly StopFailure: ViewBase<"StopFailure"> & { readonly error: string | undefined };
}

/** The view `decide` receives for event `E`. */
export type HookEventView<E extends HookProgramEvent> = HookEventViews[E];

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** Builds the view of a raw event for the program's event. */
export function createEventView<E extends HookProgramEvent>(
  event: E,
  raw: HookEventInputs[E],
): HookEventView<E> {
  const r = raw as Readonly<Record<string, unknown>>;
  const cwd = str(r["cwd"]);
  const base = { event, raw, cwd, sessionId: str(r["session_id"]) };
  switch (event) {
    case "PreToolUse":
    case "PermissionRequest":
      return new ToolView(event, raw as ToolEventInput, cwd) as unknown as HookEventView<E>;
    case "PostToolUse":
    case "PostToolUseFailure":
      return new PostToolView(event, raw as ToolEventInput, cwd) as unknown as HookEventView<E>;
    case "UserPromptSubmit":
      return { ...base, prompt: str(r["prompt"]) ?? "" } as unknown as HookEventView<E>;
    case "Stop":
    case "SubagentStop":
      return {
        ...base,
        stopHookActive: r["stop_hook_active"] === true,
        lastAssistantMessage: str(r["last_assistant_message"]),
      } as unknown as HookEventView<E>;
    case "SessionStart":
      return { ...base, source: str(r["source"]) } as unknown as HookEventView<E>;
    case "SessionEnd":
      return { ...base, reason: str(r["reason"]) } as unknown as HookEventView<E>;
    case "Notification":
      return { ...base, message: str(r["message"]) } as unknown as HookEventView<E>;
    case "StopFailure":
      return { ...base, error: str(r["error"]) } as unknown as HookEventView<E>;
    case "SubagentStart":
      return base as unknown as HookEventView<E>;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** Tool events: a class, so the lazy `command` and `path` getters live on the prototype (the hot path of a gate). */
class ToolView {
  readonly sessionId: string | undefined;
  readonly toolName: string;
  readonly input: Readonly<Record<string, unknown>>;
  #command: ShellCommandView | undefined;
  #path: PathView | undefined;

  constructor(
    readonly event: HookProgramEvent,
    readonly raw: ToolEventInput,
    readonly cwd: string | undefined,
  ) {
    this.sessionId = str(raw.session_id);
    this.toolName = str(raw.tool_name) ?? "";
    const input = raw.tool_input;
    this.input = typeof input === "object" && input !== null ? input : {};
  }

  get command(): ShellCommandView {
    return (this.#command ??= createCommandView(str(this.input["command"]), this.cwd));
  }

  get path(): PathView {
    return (this.#path ??= createPathView(pathOfToolInput(this.input), this.cwd));
  }
}

class PostToolView extends ToolView {
  readonly response: unknown;
  readonly error: string | undefined;
  readonly failed: boolean;

  constructor(event: HookProgramEvent, raw: ToolEventInput, cwd: string | undefined) {
    super(event, raw, cwd);
    const r = raw as Readonly<Record<string, unknown>>;
    this.response = r["tool_response"];
    this.error = str(r["error"]) ?? responseError(this.response);
    this.failed = event === "PostToolUseFailure" || this.error !== undefined;
  }
}

/** A tool_response that reports failure: `is_error`, `success:false`, a non-zero exit, or Bash stderr with `interrupted`. */
function responseError(response: unknown): string | undefined {
  if (typeof response !== "object" || response === null) return undefined;
  const r = response as Record<string, unknown>;
  const code = r["exitCode"] ?? r["exit_code"] ?? r["returncode"];
  if (r["is_error"] === true || r["success"] === false || (typeof code === "number" && code !== 0)) {
    return str(r["error"]) ?? str(r["stderr"]) ?? str(r["content"]) ?? "the tool reported a failure";
  }
  return undefined;
}
