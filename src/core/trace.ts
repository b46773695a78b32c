/**
 * The Trace: the observable record of one run, the same shape from every tier (runHook,
 * runHarnessTest, the eval ctx), so one set of predicates and checks reads them all.
 */

/** What a tool handed back to the model. */
export interface ToolResult {
  /** The result flattened to text (string content, or every text block of an array). */
  readonly text: string;
  /** The harness marked the result as an error (a hook block, a failed command, an unknown tool). */
  readonly isError: boolean;
  /** The call was refused before it ran (a hook or permission denial), when the harness says so. */
  readonly denied?: boolean;
  /**
   * Who refused a denied call, when the harness says: `hook` (a PreToolUse hook's deny), `harness`
   * (the CLI's own rule, with no hook involved: Codex 0.169.0 refuses `rm -rf`-style commands itself).
   */
  readonly deniedBy?: "hook" | "harness";
}

/** One tool invocation by the agent or one of its subagents. */
export interface ToolCall {
  /** The harness's own id for the call (Claude Code `tool_use.id`, Codex item id). */
  readonly id: string;
  readonly name: string;
  readonly input: Readonly<Record<string, unknown>>;
  /** Undefined when the run ended before the tool answered. */
  readonly result?: ToolResult;
  /** The id of the Agent/Task call whose subagent made this call; undefined for the main agent. */
  readonly parentId?: string;
}

/** How a hook run ended, as the CLI's stream reports it. */
export type HookOutcome = "success" | "error" | "cancelled";

/** One hook execution, as the harness itself reported it (never inferred from side effects). */
export interface HookFire {
  /** `Event:Matcher-subject` as the CLI names it, e.g. `PreToolUse:Bash`. */
  readonly name: string;
  /** The event, in the harness's own name (`PreToolUse`, Gemini's `BeforeTool`). */
  readonly event: string;
  /**
   * The same fire in Claude Code's names, where the harness names it otherwise (Gemini's
   * `BeforeTool:run_shell_command` is `PreToolUse:Bash`); hook queries match either name.
   */
  readonly alias?: string;
  /** Null when the hook was killed or never exited. */
  readonly exitCode: number | null;
  /** The hook stopped the action (exit 2 where the event blocks, a deny, `decision:"block"`, `continue:false` on UserPromptSubmit). */
  readonly blocked: boolean;
  /** The harness's summary of what the hook said (its `output` field). */
  readonly output: string;
  /** The hook's stdout, as the harness recorded it. */
  readonly stdout: string;
  /** The hook's stderr, as the harness recorded it. */
  readonly stderr: string;
  /** How the harness reported the hook ended: `success`, `error` or `cancelled`. */
  readonly outcome: HookOutcome;
}

/** What a run cost. Free tiers report zero cost with real durations and token counts from the mock. */
export interface Usage {
  readonly costUsd: number;
  readonly durationMs: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** One message of a model request, flattened to text (every content-block kind, system reminders included). */
export interface ModelRequestMessage {
  readonly role: string;
  readonly text: string;
}

/** A request that reached the (mock) model. */
export interface ModelRequest {
  /** Bookkeeping traffic (titles, summaries, token counts): not an agent turn. */
  readonly sideChannel: boolean;
  /** The subagent the request came from (Claude Code's `x-claude-code-agent-id`), undefined for the main agent. */
  readonly agentId?: string;
  readonly model?: string;
  /** The system prompt flattened to text. */
  readonly system: string;
  /** Names of the tools offered to the model. */
  readonly tools: readonly string[];
  readonly messages: readonly ModelRequestMessage[];
  /** The request body as received, for anything the flattened view leaves out. */
  readonly body: unknown;
}

/** What `sh(cmd)` returns: a command run against the post-run file system. */
export interface ShResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number | null;
}

/** What one agent run did: tool calls, hook fires, what reached the model, the final answer, usage and files written. */
export interface Trace {
  /** Every tool call of the run, in order, with its input and what it returned. */
  readonly toolCalls: readonly ToolCall[];
  /** Undefined when hook fires were not recorded (no transcript): checks on hooks then fail as "not recorded". */
  readonly hooks: readonly HookFire[] | undefined;
  /** The agent's final answer. */
  readonly output: string;
  /** Undefined when no mock sat between the harness and the model (requests were not observed). */
  readonly modelRequests: readonly ModelRequest[] | undefined;
  /** Agent turns: model requests of the main agent's loop (a blocked Stop adds one). */
  readonly turns: number;
  /** Tokens and cost, where the CLI reports them. */
  readonly usage?: Usage;
  /** Paths (relative to the work dir) created or changed; undefined = nobody looked, [] = looked, none. */
  readonly filesWritten?: readonly string[];
  /** Both streams of the process that produced the trace (the CLI, the hook, the script). */
  readonly stdout: string;
  /** The process's stderr (see `stdout`). */
  readonly stderr: string;
  /** Reads a file of the post-run tree, relative to the work dir; null when it does not exist. */
  file(path: string): string | null;
  /** Runs a shell command in the post-run work dir. Undefined on tiers that kept no tree. */
  readonly sh?: (command: string) => ShResult;
}
