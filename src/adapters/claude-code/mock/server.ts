/**
 * The Claude Code mock model: the Messages API mock (../../mock/messages-api/server.ts) on 127.0.0.1
 * (port 0, one per run), telling subagents apart by Claude Code's `x-claude-code-agent-id` header.
 * It serves a `ModelScript`, records every request as a `ModelRequest`, and on an overrun answers
 * with a non-retryable error and remembers it so the run can throw `ScriptOverrunError`: it never
 * repeats the last turn. README.md beside this file describes what it answers.
 */
import type { IncomingMessage } from "node:http";
import type { ModelRequest } from "../../../core/trace.js";
import type { ModelTurn } from "../../../core/model-turn.js";
import { startMessagesApiMock } from "../../mock/messages-api/server.js";
import type { UnservedTurns } from "../../port.js";
import type { ModelScriptInput } from "../../mock/script.js";

/** The header Claude Code puts on a subagent's requests. */
export const AGENT_ID_HEADER = "x-claude-code-agent-id";

/** Options of `startMockModel`. */
export interface MockModelOptions {
  /** Also listen on this unix socket (a confined run relays to it from inside its network namespace). */
  readonly socketPath?: string;
  /**
   * How a request names the subagent that sent it; defaults to Claude Code's `x-claude-code-agent-id`
   * header. Another harness on the same wire (Copilot's BYOK `anthropic` provider) passes its own.
   */
  readonly agentIdOf?: (req: IncomingMessage, body: unknown) => string | undefined;
  /** Rewrites a scripted turn before it is sent (another harness's tool names and input shapes). */
  readonly translateTurn?: (
    turn: Exclude<ModelTurn, { error: unknown }>,
  ) => Exclude<ModelTurn, { error: unknown }>;
}

/** A running mock model. */
export interface MockModel {
  /** `http://127.0.0.1:PORT`, the value for ANTHROPIC_BASE_URL. */
  readonly url: string;
  readonly port: number;
  readonly socketPath?: string;
  /** Every request that reached the mock, in arrival order. */
  readonly requests: readonly ModelRequest[];
  /** Why the script could not answer (overruns, turn functions that threw), in order. */
  readonly overruns: readonly string[];
  /** Main-agent turns answered with a message (errors, overruns and bookkeeping excluded). */
  answeredTurns(): number;
  /** Turns served per script label ("main agent", each subagent). */
  served(): Record<string, number>;
  /** The scripts (main agent, each started subagent) whose last turn was never served. */
  unservedTurns(): readonly UnservedTurns[];
  close(): Promise<void>;
}

/** The subagent a request comes from, by Claude Code's agent-id header. */
function claudeAgentIdOf(req: IncomingMessage): string | undefined {
  const header = req.headers[AGENT_ID_HEADER];
  return Array.isArray(header) ? header[0] : header;
}

/** Starts a mock model serving `script`. Close it when the run is over. */
export function startMockModel(script: ModelScriptInput, options: MockModelOptions = {}): Promise<MockModel> {
  return startMessagesApiMock(script, { ...options, agentIdOf: options.agentIdOf ?? claudeAgentIdOf });
}
