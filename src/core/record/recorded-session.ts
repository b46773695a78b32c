/**
 * What a recorded session is read into (core/record/read-transcript.ts): the prompts, the model's turns
 * as a replay script, and the hooks, denials and files the transcript shows.
 */
import type { ModelTurn } from "../model-turn.js";

type Json = Record<string, unknown>;

export interface RecordedHook {
  readonly name: string;
  readonly event: string;
  /** Null when the transcript does not say (a session JSONL's denial or Stop summary). */
  readonly exitCode: number | null;
  readonly outcome: string;
  /** The hook stopped the action, when the transcript says. */
  readonly blocked?: boolean;
}

/** A main-agent tool call the harness refused before it ran. */
export interface RecordedDenial {
  /** Its position in `toolSequence`. */
  readonly index: number;
  readonly tool: string;
  /** Who refused it, as the transcript says (`hook`, `config`, `rule` …). */
  readonly by: string;
}

/** A subagent's own transcript (session JSONL keeps each in a separate file). */
export interface SubagentTranscript {
  /** The Agent/Task call that started it (its meta.json `toolUseId`). */
  readonly toolUseId?: string;
  /** Its meta.json `agentType`. */
  readonly agentType?: string;
  readonly lines: readonly Json[];
}

export interface ReadTranscriptOptions {
  readonly subagents?: readonly SubagentTranscript[];
}

export interface RecordedSession {
  readonly prompts: readonly string[];
  readonly turns: readonly ModelTurn[];
  /** Subagent scripts keyed by the `subagent_type` (else description) of the call that started them. */
  readonly agents: Readonly<Record<string, readonly ModelTurn[]>>;
  /** Tool names the main agent called, in order. */
  readonly toolSequence: readonly string[];
  readonly hooks: readonly RecordedHook[];
  /**
   * `complete`: every fire is listed with its exit code (stream-json with hook events). `partial`:
   * only the fires the transcript kept (a session JSONL drops quiet successes), so a replay may fire more.
   */
  readonly hookEvidence: "complete" | "partial";
  /** Main-agent calls refused before they ran, in order. */
  readonly denials: readonly RecordedDenial[];
  /** Files the session read (Read tool calls that ran), as recorded. */
  readonly filesRead: readonly string[];
  /** Files the session wrote (Write tool calls that ran, not the denied ones), as recorded. */
  readonly filesWritten: readonly string[];
  /** The session's working directory, when the transcript says. */
  readonly cwd?: string;
  /** Plugins the CLI loaded (system/init), with their paths. */
  readonly plugins: readonly { readonly name: string; readonly path: string }[];
  /** What a free replay cannot reproduce, one line each. */
  readonly unreproducible: readonly string[];
  readonly claudeCodeVersion?: string;
}
