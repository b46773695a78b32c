/**
 * Reads a Claude Code session (the stream-json output of `claude -p … --verbose`, or the JSONL the
 * CLI keeps per session) into what a replay needs: the user prompts, the model's turns as a script
 * (main agent and each subagent, keyed by the subagent type that started it), the tool calls and
 * hook outcomes that were observed, the calls a hook denied, the files read and written, and what
 * cannot be replayed. Pure: lines in, a recorded session out.
 *
 * The two formats record hooks differently (Claude Code 2.1.328, pinned in test/record):
 * - stream-json with `--include-hook-events` has a `hook_started`/`hook_response` pair per fire,
 *   exit code included: the complete list.
 * - the session JSONL (`$CLAUDE_CONFIG_DIR/projects/<cwd>/<session>.jsonl`) keeps only fires that
 *   said something: `attachment` lines `hook_success` (with output), `hook_non_blocking_error`,
 *   `hook_blocking_error` …, a `system`/`stop_hook_summary` per Stop, and on a denied call the tool
 *   result's `permissionDecision: {decision:"reject", source:"hook"}` with no exit code. A quiet
 *   exit 0 leaves nothing. Its subagents are separate files (`<session>/subagents/agent-<id>.jsonl`
 *   beside `agent-<id>.meta.json`), passed here as `subagents`; a prompt sent while a turn ran is an
 *   `attachment` `queued_command`, not a user line.
 */
import { definedProps } from "../defined-props.js";
import { isRecord } from "../is-record.js";
import type { ReadTranscriptOptions, RecordedSession } from "./recorded-session.js";
import { replayScript } from "./replay-script.js";
import { emptyScan, hookDenials, scanLines } from "./transcript-scan.js";

type Json = Record<string, unknown>;

/** The lines of a transcript, parsed; lines that are not JSON objects are skipped. */
export function parseTranscriptLines(text: string): Json[] {
  return text.split("\n").flatMap((line) => {
    if (line.trim() === "") return [];
    try {
      const v: unknown = JSON.parse(line);
      return isRecord(v) ? [v] : [];
    } catch {
      return [];
    }
  });
}

export function readTranscript(lines: readonly Json[], options: ReadTranscriptOptions = {}): RecordedSession {
  const scan = emptyScan();
  scanLines(scan, lines);
  (options.subagents ?? []).forEach((sub, i) => {
    const key = sub.toolUseId ?? `subagent-${i}`;
    if (sub.agentType !== undefined && !scan.agentKeys.has(key)) scan.agentKeys.set(key, sub.agentType);
    scanLines(scan, sub.lines, key);
  });
  scan.keptHooks.push(...hookDenials(scan));
  const script = replayScript(scan);
  const complete = scan.streamHooks.length > 0;
  return {
    prompts: scan.prompts,
    turns: script.turns,
    agents: script.agents,
    toolSequence: script.toolSequence,
    hooks: complete ? scan.streamHooks : scan.keptHooks,
    hookEvidence: complete ? "complete" : "partial",
    denials: script.denials,
    filesRead: [...new Set(script.filesRead)],
    filesWritten: [...new Set(script.filesWritten)],
    ...definedProps({ cwd: scan.cwd }),
    plugins: scan.plugins,
    unreproducible: [...new Set([...scan.unreproducible, ...script.unreproducible])],
    ...definedProps({ claudeCodeVersion: scan.version }),
  };
}
