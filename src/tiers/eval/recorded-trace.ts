/**
 * A trial as the cache records it: the serialisable part of a Trace plus the post-run files, and the
 * Trace rebuilt from it on replay (`file` reads the recorded tree; `sh` runs in a materialised copy).
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { HookFire, ModelRequest, ShResult, ToolCall, Usage } from "../../core/trace.js";
import { makeTempDir, removeTempDir } from "../../runtime/temp-dir.js";
import { runProcessSync } from "../../runtime/process-sync.js";
import type { DriverTrace } from "./driver.js";
import type { MockCallLog } from "../../core/plugin-eval/stand-in-spec.js";

/** Files bigger than this are not recorded (binary build outputs and the like). */
const MAX_RECORDED_FILE_BYTES = 1024 * 1024;
const SKIPPED_DIRS = new Set([".git", "node_modules", ".vigiles-cache"]);

export interface RecordedTrace {
  readonly toolCalls: readonly ToolCall[];
  readonly hooks: readonly HookFire[] | null;
  readonly output: string;
  /** Requests without their raw `body` (the flattened view is kept). */
  readonly modelRequests: readonly Omit<ModelRequest, "body">[] | null;
  readonly turns: number;
  readonly usage: Usage | null;
  readonly filesWritten: readonly string[] | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The post-run tree: path -> content. `null` content = the file was deleted. */
  readonly files: Readonly<Record<string, string | null>>;
  /** `files` is the whole post-run tree (a work dir was walked), not only what was written. */
  readonly completeTree: boolean;
  /** What the run's MCP stand-ins were called with, when it had any. */
  readonly mockCalls?: MockCallLog;
  /** The run's start, its harness-reported turn count and its cut-off note (DriverTrace), when set. */
  readonly startedAt?: string;
  readonly reportedTurns?: number;
  readonly cutOff?: string;
}

/** Records a live trace. `workDir` (when the driver exposes it) is walked; else `filesWritten` is read. */
export function recordTrace(trace: DriverTrace): RecordedTrace {
  const files: Record<string, string | null> = {};
  let completeTree = false;
  if (trace.workDir) {
    walk(trace.workDir, trace.workDir, files);
    completeTree = true;
  } else {
    for (const path of trace.filesWritten ?? []) files[path] = trace.file(path);
  }
  return {
    toolCalls: trace.toolCalls,
    hooks: trace.hooks ?? null,
    output: trace.output,
    modelRequests: trace.modelRequests?.map(({ body: _body, ...rest }) => rest) ?? null,
    turns: trace.turns,
    usage: trace.usage ?? null,
    filesWritten: trace.filesWritten ?? null,
    stdout: trace.stdout,
    stderr: trace.stderr,
    files,
    completeTree,
    ...(trace.mockCalls !== undefined && { mockCalls: trace.mockCalls }),
    ...(trace.startedAt !== undefined && { startedAt: trace.startedAt }),
    ...(trace.reportedTurns !== undefined && { reportedTurns: trace.reportedTurns }),
    ...(trace.cutOff !== undefined && { cutOff: trace.cutOff }),
  };
}

function walk(root: string, dir: string, out: Record<string, string | null>): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (SKIPPED_DIRS.has(name)) continue;
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) walk(root, path, out);
    else if (stat.isFile() && stat.size <= MAX_RECORDED_FILE_BYTES) {
      out[relative(root, path).split("\\").join("/")] = readFileSync(path, "utf8");
    }
  }
}

/** Rebuilds a Trace from a recording. `fixture` fills in files the recording did not capture. */
export function replayTrace(recorded: RecordedTrace, fixture: Readonly<Record<string, string>>): DriverTrace {
  const tree: Record<string, string | null> = recorded.completeTree
    ? { ...recorded.files }
    : { ...fixture, ...recorded.files };
  let shDir: string | undefined;
  const file = (path: string): string | null => tree[normalise(path)] ?? null;
  const sh = (command: string): ShResult => {
    shDir ??= materialise(tree);
    const r = runProcessSync({
      argv: ["sh", "-c", command],
      cwd: shDir,
      env: process.env,
      timeoutMs: 60_000,
    });
    return { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode };
  };
  const trace: DriverTrace = {
    toolCalls: recorded.toolCalls,
    hooks: recorded.hooks ?? undefined,
    output: recorded.output,
    modelRequests: recorded.modelRequests?.map((m) => ({ ...m, body: undefined })) ?? undefined,
    turns: recorded.turns,
    stdout: recorded.stdout,
    stderr: recorded.stderr,
    file,
    sh,
    cleanup: () => {
      if (shDir) removeTempDir(shDir);
      shDir = undefined;
    },
    ...(recorded.usage ? { usage: recorded.usage } : {}),
    ...(recorded.filesWritten ? { filesWritten: recorded.filesWritten } : {}),
    ...(recorded.mockCalls !== undefined ? { mockCalls: recorded.mockCalls } : {}),
    ...(recorded.startedAt !== undefined ? { startedAt: recorded.startedAt } : {}),
    ...(recorded.reportedTurns !== undefined ? { reportedTurns: recorded.reportedTurns } : {}),
    ...(recorded.cutOff !== undefined ? { cutOff: recorded.cutOff } : {}),
  };
  return trace;
}

function normalise(path: string): string {
  return path.replace(/^\.\//, "").split("\\").join("/");
}

function materialise(tree: Readonly<Record<string, string | null>>): string {
  const dir = makeTempDir("vigiles-replay-");
  for (const [path, content] of Object.entries(tree)) {
    if (content === null) continue;
    const target = join(dir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  return dir;
}
