/**
 * `record`: a transcript file in, a harness test out. Reads the session, snapshots the files it
 * read that still exist (they become the test's fixtures), and renders the test.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { readInputText } from "../../runtime/read-input.js";
import { dirname, join, relative, resolve } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import { parseTranscriptLines, readTranscript } from "../../core/record/read-transcript.js";
import type { SubagentTranscript } from "../../core/record/recorded-session.js";
import { relativeToSession, renderRecordedTest } from "./render-test.js";

export interface RecordOptions {
  /** The transcript: stream-json output of `claude -p`, or a session JSONL. */
  readonly transcript: string;
  /** Where the harness test goes. */
  readonly out: string;
  /** The project whose harness the test replays against (default: the current directory). */
  readonly project?: string;
  /** The prompt, when the transcript does not carry it (stream-json output does not). */
  readonly prompt?: string;
}

export interface RecordResult {
  readonly out: string;
  readonly text: string;
  readonly turns: number;
  readonly unreproducible: readonly string[];
}

/**
 * The subagent transcripts of a session JSONL: Claude Code 2.1.328 writes each subagent to
 * `<session>/subagents/agent-<id>.jsonl` beside the session's `<session>.jsonl`, with an
 * `agent-<id>.meta.json` naming its `agentType` and the `toolUseId` of the call that started it.
 */
export function readSubagentTranscripts(transcript: string): SubagentTranscript[] {
  const dir = join(transcript.replace(/\.jsonl$/, ""), "subagents");
  if (!transcript.endsWith(".jsonl") || !existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".jsonl"))
    .sort()
    .map((name) => {
      const metaPath = join(dir, name.replace(/\.jsonl$/, ".meta.json"));
      let meta: Record<string, unknown> = {};
      try {
        meta = existsSync(metaPath)
          ? (JSON.parse(readFileSync(metaPath, "utf8")) as Record<string, unknown>)
          : {};
      } catch {
        meta = {};
      }
      return {
        ...(typeof meta["toolUseId"] === "string" ? { toolUseId: meta["toolUseId"] } : {}),
        ...(typeof meta["agentType"] === "string" ? { agentType: meta["agentType"] } : {}),
        lines: parseTranscriptLines(readFileSync(join(dir, name), "utf8")),
      };
    });
}

export function recordSession(options: RecordOptions): RecordResult {
  const project = resolve(options.project ?? ".");
  const session = readTranscript(parseTranscriptLines(readInputText(options.transcript, "the transcript")), {
    subagents: readSubagentTranscripts(options.transcript),
  });
  const prompts =
    session.prompts.length > 0 ? session.prompts : options.prompt !== undefined ? [options.prompt] : [];
  if (prompts.length === 0) {
    throw new InvalidOptionError(
      `${options.transcript} does not carry the user prompt (the stream-json output of \`claude -p\` does not); pass --prompt "<the prompt>"`,
    );
  }
  if (session.turns.length === 0) {
    throw new InvalidOptionError(`${options.transcript} holds no assistant turn: nothing to replay`);
  }
  const fixtures: Record<string, string> = {};
  for (const path of session.filesRead) {
    const rel = relativeToSession(path, session.cwd);
    if (rel === undefined) continue;
    const now = join(project, rel);
    if (existsSync(now) && statSync(now).isFile()) fixtures[rel] = readFileSync(now, "utf8");
  }
  const written = session.filesWritten.flatMap((p) => {
    const rel = relativeToSession(p, session.cwd);
    return rel === undefined ? [] : [rel];
  });
  const out = resolve(options.out);
  const text = renderRecordedTest({
    session,
    prompts,
    transcript: relative(dirname(out), resolve(options.transcript)) || options.transcript,
    projectFromTest: relative(dirname(out), project) || ".",
    fixtures,
    written,
  });
  return { out, text, turns: session.turns.length, unreproducible: session.unreproducible };
}
