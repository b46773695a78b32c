/**
 * A model script: the turns the mock serves to the main agent and, separately, to each subagent.
 *
 * Subagents run concurrently with their parent (Claude Code 2.1.328 starts them in the background),
 * so their requests interleave with the parent's and cannot be served by order. The mock tells them
 * apart by the `x-claude-code-agent-id` header and binds each new agent id to the Agent/Task call
 * that started it: the call whose `prompt` the subagent's first user message carries. The script
 * for that subagent is looked up in `agents` by the call's `subagent_type`, then its `description`,
 * then `"*"`. Each subagent instance reads its script from the first turn, with its own cursor.
 * Every adapter's mock serves scripts through this session; each one fills `agentId` in the
 * recorded request its own way. See ../claude-code/mock/README.md for Claude Code's protocol.
 *
 * A script may also hold `byRequest` conversations, answered by what a request carries instead of by
 * a cursor: several runs against one mock (a CLI that starts child runs in parallel, and asks a judge
 * besides) then get the same answers whatever order their requests arrive in.
 */
import type { ModelTurn, ModelTurnSource } from "../../core/model-turn.js";
import type { ModelRequest } from "../../core/trace.js";
import type { ModelScript, ModelScriptInput, RequestScript, UnservedTurns } from "../port.js";

export type { ModelScript, ModelScriptInput, RequestScript };

/** Options of `scriptModel`: turns for subagents and the model name the mock reports. */
export interface ScriptModelOptions {
  /** Turns per subagent, keyed by the `subagent_type` (or the `description`) of the Agent call, or `"*"`. */
  readonly agents?: Readonly<Record<string, readonly ModelTurnSource[]>>;
  /** The model name the mock reports; defaults to the one the request asked for. */
  readonly model?: string;
  /** Conversations answered by what a request carries (see `requestScriptTurn`). */
  readonly byRequest?: readonly RequestScript[];
}

/**
 * Builds the script a mock model serves: `turns` for the main agent, `options.agents` for subagents.
 *
 * @example
 * const model = scriptModel(
 *   [{ tool: "Agent", input: { subagent_type: "general-purpose", description: "look", prompt: "list files" } }, { text: "done" }],
 *   { agents: { "general-purpose": [{ tool: "Bash", input: { command: "ls" } }, { text: "two files" }] } },
 * );
 */
export function scriptModel(
  turns: readonly ModelTurnSource[],
  options: ScriptModelOptions = {},
): ModelScript {
  return {
    kind: "vigiles.model-script",
    turns: [...turns],
    agents: { ...(options.agents ?? {}) },
    ...(options.model !== undefined ? { model: options.model } : {}),
    ...(options.byRequest !== undefined ? { byRequest: [...options.byRequest] } : {}),
  };
}

export function isModelScript(value: unknown): value is ModelScript {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { kind?: unknown }).kind === "vigiles.model-script"
  );
}

export function toModelScript(input: ModelScriptInput): ModelScript {
  return isModelScript(input) ? input : scriptModel(input as readonly ModelTurnSource[]);
}

/** An Agent/Task call the script made, waiting for its subagent's first request. */
interface SpawnedAgent {
  readonly subagentType?: string;
  readonly description?: string;
  readonly prompt?: string;
  bound: boolean;
}

interface Cursor {
  readonly label: string;
  readonly turns: readonly ModelTurnSource[];
  next: number;
}

/** The head of a scripted turn, for a message: its JSON, or "a turn function". */
export function describeTurnSource(source: ModelTurnSource | undefined): string {
  if (source === undefined) return "(none)";
  if (typeof source === "function") return "a turn function";
  const json = JSON.stringify(source);
  return json.length > 120 ? `${json.slice(0, 117)}...` : json;
}

export type NextTurn =
  | { readonly kind: "turn"; readonly turn: ModelTurn; readonly label: string; readonly index: number }
  | { readonly kind: "overrun"; readonly message: string };

const AGENT_TOOLS = new Set(["Agent", "Task"]);

/** The `byRequest` conversation that answers `request`: the first whose strings match its text and channel. */
export function matchRequestScript(script: ModelScript, request: ModelRequest): RequestScript | undefined {
  if (script.byRequest === undefined) return undefined;
  const text = [request.system, ...request.messages.map((m) => m.text)].join("\n");
  const channel = request.sideChannel ? "side" : "agent";
  return script.byRequest.find(
    (entry) =>
      (entry.channel ?? "agent") === channel &&
      entry.contains.every((s) => text.includes(s)) &&
      !(entry.lacks ?? []).some((s) => text.includes(s)),
  );
}

/**
 * The turn a `byRequest` conversation gives `request`, or undefined when none matches. Stateless: the
 * turn is indexed by the assistant messages the request already holds, so interleaved runs, a
 * retried request and a judge asked three times all get the same answer.
 */
export function requestScriptTurn(script: ModelScript, request: ModelRequest): NextTurn | undefined {
  const entry = matchRequestScript(script, request);
  if (entry === undefined) return undefined;
  const index = request.messages.filter((m) => m.role === "assistant").length;
  const label = `request script ${JSON.stringify(entry.contains)}`;
  const source = entry.turns[index];
  if (source === undefined) {
    return {
      kind: "overrun",
      message:
        `the ${label} has ${entry.turns.length} turn(s) and a request with ${index} assistant message(s) ` +
        `asked for turn ${index + 1}; add a turn (usually a final { text }) to it`,
    };
  }
  return { kind: "turn", turn: typeof source === "function" ? source(request) : source, label, index };
}

function stringField(input: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const v = input[key];
  return typeof v === "string" ? v : undefined;
}

/** One run's reading of a script: cursors for the main agent and for each subagent id. */
export class ScriptSession {
  private readonly main: Cursor;
  private readonly byAgent = new Map<string, Cursor>();
  private readonly spawned: SpawnedAgent[] = [];

  constructor(private readonly script: ModelScript) {
    this.main = { label: "main agent", turns: script.turns, next: 0 };
  }

  /** Whether a `byRequest` conversation answers this request (a side-channel one included). */
  answers(request: ModelRequest): boolean {
    return matchRequestScript(this.script, request) !== undefined;
  }

  /** The next turn for a request, or why there is none. Never repeats a turn of a cursor. */
  next(request: ModelRequest): NextTurn {
    const keyed = requestScriptTurn(this.script, request);
    if (keyed !== undefined) {
      if (keyed.kind === "turn") this.noteSpawns(keyed.turn);
      return keyed;
    }
    if (
      request.agentId === undefined &&
      (this.script.byRequest ?? []).length > 0 &&
      this.script.turns.length === 0
    ) {
      const firstUser = request.messages.find((m) => m.role === "user")?.text ?? "";
      return {
        kind: "overrun",
        message: `no request script matches this request (its first user message starts ${JSON.stringify(firstUser.slice(0, 160))}); add a byRequest entry whose strings it carries`,
      };
    }
    const cursor = request.agentId === undefined ? this.main : this.cursorFor(request);
    if (typeof cursor === "string") return { kind: "overrun", message: cursor };
    const index = cursor.next;
    const source = cursor.turns[index];
    if (source === undefined) {
      return {
        kind: "overrun",
        message:
          `the script for the ${cursor.label} has ${cursor.turns.length} turn(s) and the CLI asked for turn ` +
          `${index + 1}; add a turn (usually a final { text }) to the script`,
      };
    }
    cursor.next += 1;
    const turn = typeof source === "function" ? source(request) : source;
    this.noteSpawns(turn);
    return { kind: "turn", turn, label: cursor.label, index };
  }

  /** Turns served so far, per script label. */
  served(): Record<string, number> {
    const out: Record<string, number> = { "main agent": this.main.next };
    for (const c of this.byAgent.values()) out[c.label] = c.next;
    return out;
  }

  /**
   * The scripts that stopped before their last turn: the main agent's, and each started subagent's
   * (a subagent script never started is not counted: no request asked for it).
   */
  unserved(): UnservedTurns[] {
    return [this.main, ...this.byAgent.values()]
      .filter((c) => c.next < c.turns.length)
      .map((c) => ({
        label: c.label,
        served: c.next,
        total: c.turns.length,
        next: describeTurnSource(c.turns[c.next]),
      }));
  }

  private noteSpawns(turn: ModelTurn): void {
    const calls = "tools" in turn ? turn.tools : "tool" in turn ? [turn] : [];
    for (const call of calls) {
      if (!AGENT_TOOLS.has(call.tool)) continue;
      const subagentType = stringField(call.input, "subagent_type");
      const description = stringField(call.input, "description");
      const prompt = stringField(call.input, "prompt");
      this.spawned.push({
        bound: false,
        ...(subagentType !== undefined ? { subagentType } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(prompt !== undefined ? { prompt } : {}),
      });
    }
  }

  private cursorFor(request: ModelRequest): Cursor | string {
    const agentId = request.agentId ?? "";
    const known = this.byAgent.get(agentId);
    if (known) return known;
    const firstUser = request.messages.find((m) => m.role === "user")?.text ?? "";
    const open = this.spawned.filter((s) => !s.bound);
    const match =
      open.find((s) => s.prompt !== undefined && s.prompt !== "" && firstUser.includes(s.prompt)) ?? open[0];
    if (match) match.bound = true;
    const keys = [match?.subagentType, match?.description, "*"].filter((k): k is string => k !== undefined);
    for (const key of keys) {
      const turns = this.script.agents[key];
      if (turns) {
        const cursor: Cursor = { label: `subagent "${key}" (agent id ${agentId})`, turns, next: 0 };
        this.byAgent.set(agentId, cursor);
        return cursor;
      }
    }
    const asked = keys.filter((k) => k !== "*").map((k) => JSON.stringify(k));
    return (
      `subagent ${agentId} made a request but the script has no turns for it (looked up ` +
      `${asked.length > 0 ? asked.join(", ") + " and " : ""}"*" in scriptModel(turns, { agents }))`
    );
  }
}
