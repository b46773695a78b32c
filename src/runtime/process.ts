/**
 * Runs one real process to completion: stdin in, both streams captured (capped), a timeout that
 * kills the whole process group, and a result that says how the run ended. Everything that spawns
 * (runScript, runHook, the harness CLIs) goes through here.
 */
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { RUN_TOKEN_ENV, endStragglers, newRunToken } from "./process-stragglers.js";

/** Default cap per stream: a hook that prints 50 MB costs a few MB of memory, not 50. */
export const DEFAULT_MAX_BUFFER_BYTES = 4 * 1024 * 1024;
/** Time between SIGTERM and SIGKILL when a run is stopped. */
export const DEFAULT_KILL_GRACE_MS = 1_000;
/** After the main process exits, how long its pipes may stay open (held by a grandchild) before the group is killed. */
const PIPE_DRAIN_MS = 200;
/**
 * After that kill, how long to wait for the pipes to close before giving up on them (a holder that
 * left the group, such as a `setsid` daemon, keeps them open for ever).
 */
const PIPE_ABANDON_MS = 2_000;

export interface ProcessOptions {
  /** The program and its arguments (exec form). */
  readonly argv: readonly [string, ...string[]];
  readonly cwd?: string;
  /**
   * The full environment of the child. Callers build it; nothing is inherited implicitly, and one
   * variable is added: {@link RUN_TOKEN_ENV}, whose carriers are ended with the run.
   */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly input?: string | Uint8Array;
  /** Kill the process group after this many milliseconds. Undefined: no limit. */
  readonly timeoutMs?: number;
  readonly killGraceMs?: number;
  /** Cap on captured bytes per stream; the rest is read and dropped so the child never blocks. */
  readonly maxBufferBytes?: number;
  readonly signal?: AbortSignal;
  /** Called with each chunk of stdout as it arrives (stream parsers), before capping. */
  readonly onStdout?: (chunk: Buffer) => void;
  readonly onStderr?: (chunk: Buffer) => void;
}

/** How a run ended when it did not end by itself. */
export type Termination = "timeout" | "abort";

export interface ProcessResult {
  /** Null when the process was killed by a signal or never started. */
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Bytes each stream produced in all, captured or not. */
  readonly stdoutBytes: number;
  readonly stderrBytes: number;
  /** A stream produced more than the cap; the captured text is its beginning. */
  readonly truncated: boolean;
  readonly timedOut: boolean;
  readonly aborted: boolean;
  /** Undefined when the process ended by itself. */
  readonly termination?: Termination;
  /** The last signal sent to the group while stopping it. */
  readonly killedWith?: NodeJS.Signals;
  readonly durationMs: number;
  /** Set when the process could not start (ENOENT, EACCES …). */
  readonly spawnError?: { readonly code: string; readonly message: string };
}

/**
 * Process groups still alive (by leader pid, with the run's token), killed when this process exits
 * so nothing is left running.
 */
const liveGroups = new Map<number, string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const [pid, token] of liveGroups) {
      killGroup(pid, "SIGKILL");
      endStragglers(token, pid);
    }
  });
}

/** Kills every process group this module started that is still alive. For signal handlers of the CLI. */
export function killAllLiveProcesses(signal: NodeJS.Signals = "SIGKILL"): number {
  let n = 0;
  for (const [pid, token] of liveGroups) {
    killGroup(pid, signal);
    if (signal === "SIGKILL") endStragglers(token, pid);
    n++;
  }
  return n;
}

/** How many process groups started here are still alive. */
export function liveProcessCount(): number {
  return liveGroups.size;
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

class CappedBuffer {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  total = 0;

  constructor(private readonly cap: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.kept >= this.cap) return;
    const room = this.cap - this.kept;
    const piece = chunk.length <= room ? chunk : chunk.subarray(0, room);
    this.chunks.push(piece);
    this.kept += piece.length;
  }

  get truncated(): boolean {
    return this.total > this.kept;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}

export function runProcess(options: ProcessOptions): Promise<ProcessResult> {
  installExitHook();
  const cap = options.maxBufferBytes ?? DEFAULT_MAX_BUFFER_BYTES;
  const grace = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  const started = performance.now();
  const [file, ...args] = options.argv;

  return new Promise<ProcessResult>((resolve) => {
    const stdout = new CappedBuffer(cap);
    const stderr = new CappedBuffer(cap);
    let termination: Termination | undefined;
    let killedWith: NodeJS.Signals | undefined;
    let exitCode: number | null = null;
    let exitSignal: NodeJS.Signals | null = null;
    let exited = false;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];

    // detached: the child leads its own process group, so a kill reaches its grandchildren too.
    // The token reaches what leaves the group (`setsid daemon &`): it is ended with the run.
    const token = newRunToken();
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: { ...options.env, [RUN_TOKEN_ENV]: token } as NodeJS.ProcessEnv,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const pid = child.pid;
    if (pid !== undefined) liveGroups.set(pid, token);
    /** Kills the group and whatever left it. */
    const killAll = (): void => {
      if (pid === undefined) return;
      killGroup(pid, "SIGKILL");
      endStragglers(token, pid);
    };

    const finish = (spawnError?: { code: string; message: string }) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      options.signal?.removeEventListener("abort", onAbort);
      if (pid !== undefined) {
        // Whatever the main process left behind, in its group or out of it, goes with it.
        killAll();
        liveGroups.delete(pid);
      }
      resolve({
        exitCode,
        signal: exitSignal,
        stdout: stdout.text(),
        stderr: stderr.text(),
        stdoutBytes: stdout.total,
        stderrBytes: stderr.total,
        truncated: stdout.truncated || stderr.truncated,
        timedOut: termination === "timeout",
        aborted: termination === "abort",
        ...(termination ? { termination } : {}),
        ...(killedWith ? { killedWith } : {}),
        durationMs: performance.now() - started,
        ...(spawnError ? { spawnError } : {}),
      });
    };

    const stop = (why: Termination) => {
      if (exited || termination) return;
      termination = why;
      if (pid === undefined) return;
      killedWith = "SIGTERM";
      killGroup(pid, "SIGTERM");
      timers.push(
        setTimeout(() => {
          killedWith = "SIGKILL";
          killAll();
        }, grace),
      );
    };

    function onAbort() {
      stop("abort");
    }

    child.on("error", (error: NodeJS.ErrnoException) => {
      finish({ code: error.code ?? "SPAWN_FAILED", message: error.message });
    });

    child.stdout.on("data", (chunk: Buffer) => {
      options.onStdout?.(chunk);
      stdout.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      options.onStderr?.(chunk);
      stderr.push(chunk);
    });

    // A child that exits without reading stdin closes the pipe: EPIPE is expected, not a crash.
    child.stdin.on("error", () => {});
    if (options.input !== undefined) child.stdin.end(options.input);
    else child.stdin.end();

    child.on("exit", (code, signal) => {
      exited = true;
      exitCode = code;
      exitSignal = signal;
      // A grandchild may hold the pipes open: give it a moment, then kill the group and still wait
      // for 'close', which comes only once every byte written is read. Settling at the drain timer
      // itself lost output on a loaded machine: the timer can come due before the poll that reads
      // what the process printed just before it exited (a hook's JSON deny read as no answer).
      timers.push(
        setTimeout(() => {
          // The group only: a holder that left it (`setsid`) may still print, and is ended at finish.
          if (pid !== undefined) killGroup(pid, "SIGKILL");
          timers.push(setTimeout(() => finish(), PIPE_ABANDON_MS));
        }, PIPE_DRAIN_MS),
      );
    });
    child.on("close", () => finish());

    if (options.timeoutMs !== undefined) {
      timers.push(setTimeout(() => stop("timeout"), options.timeoutMs));
    }
    if (options.signal) {
      if (options.signal.aborted) stop("abort");
      else options.signal.addEventListener("abort", onAbort, { once: true });
    }
  });
}
