/**
 * Synchronous process runs, for the APIs the spec calls without `await` (`runHook`, `runScript`,
 * `assertBlocksDisasters`). The async runner does the work in one persistent, unref'd worker
 * thread; the caller blocks on `Atomics.wait` until the worker posts the result, then reads it with
 * `receiveMessageOnPort`. The worker starts once, so each call costs a message round trip.
 *
 * Known limit: while a call blocks, JavaScript signal handlers of the calling thread cannot run, so
 * a Ctrl-C handler waits for the call (bounded by its timeout); a process killed outright by a
 * signal takes its worker with it, and a hook still running then is not killed.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { MessageChannel, Worker, receiveMessageOnPort } from "node:worker_threads";
import { VigilesError } from "../core/errors.js";
import type { ProcessOptions, ProcessResult } from "./process.js";
import type { SyncReply, SyncRequest } from "./process-worker.js";

/** Process options that can cross a thread boundary: no callbacks, no AbortSignal. */
export type SyncProcessOptions = Omit<ProcessOptions, "signal" | "onStdout" | "onStderr">;

/** The worker behind a synchronous run failed (it could not start, or it threw). */
export class SyncBridgeError extends VigilesError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("VIGILES_SYNC_BRIDGE_FAILED", message, options);
  }
}

let worker: Worker | undefined;
let lastWorkerError: string | undefined;

/** Under tsx or vitest this module is the .ts source, and its worker must be loaded as TypeScript too. */
function fromSourceTree(): boolean {
  return import.meta.url.endsWith(".ts");
}

/**
 * Starts the .ts worker through tsx's loader API. `execArgv: ["--import", "tsx"]` is not enough on
 * Node 20: the hooks it registers do not apply to the worker's own entry module.
 */
function startSourceWorker(): Worker {
  const api = createRequire(import.meta.url)
    .resolve("tsx/esm/api")
    .replace(/\.cjs$/, ".mjs");
  const entry = new URL("./process-worker.ts", import.meta.url).href;
  const code =
    `import(${JSON.stringify(pathToFileURL(api).href)})` +
    `.then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, workerData: { heartbeat }, execArgv: workerExecArgv() });
}
/** Node flags that take a value and that module loading needs in the worker too. */
const LOADER_FLAGS_WITH_VALUE = new Set([
  "--import",
  "--require",
  "-r",
  "--loader",
  "--experimental-loader",
  "--conditions",
  "-C",
]);

/**
 * The parent's node flags that shape module loading (`--import tsx`, `--require`, `--loader`,
 * `--conditions`, `--experimental-*`, `--enable-source-maps`, `--no-warnings`), and only those. A
 * worker refuses per-process flags (`--expose-gc`, `-e CODE`, `--max-old-space-size` …) and dies
 * before it runs, which would leave a caller waiting; an allowlist keeps them all out.
 */
function workerExecArgv(): string[] {
  const out: string[] = [];
  const args = process.execArgv;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const [name] = a.split("=", 1) as [string];
    if (LOADER_FLAGS_WITH_VALUE.has(name)) {
      if (a.includes("=")) out.push(a);
      else if (i + 1 < args.length) out.push(a, args[++i] as string);
      continue;
    }
    if (/^--(experimental-[\w-]+|enable-source-maps|no-warnings|no-deprecation)(=.*)?$/.test(a)) out.push(a);
  }
  return out;
}

/** Bumped by the worker a few times a second: a caller blocked on a worker that stopped beating gives up. */
let heartbeat = new Int32Array(new SharedArrayBuffer(8));
const STALL_LIMIT_MS = 15_000;

function getWorker(): Worker {
  if (worker) return worker;
  heartbeat = new Int32Array(new SharedArrayBuffer(8));
  const started = fromSourceTree()
    ? startSourceWorker()
    : new Worker(new URL("./process-worker.js", import.meta.url), {
        workerData: { heartbeat },
        execArgv: workerExecArgv(),
      });
  started.unref();
  started.on("error", (error: Error) => {
    // Forget a dead worker; the next call starts a fresh one and can say what killed this one.
    lastWorkerError = error.message;
    if (worker === started) worker = undefined;
  });
  started.on("exit", () => {
    if (worker === started) worker = undefined;
  });
  worker = started;
  return started;
}

/**
 * Runs several processes (concurrently, at most `concurrency` at once) and blocks until all ended.
 * Each behaves as {@link runProcess}: timeouts kill the whole process group.
 */
export function runProcessesSync(options: readonly SyncProcessOptions[], concurrency = 1): ProcessResult[] {
  if (options.length === 0) return [];
  return roundTrip(options, concurrency);
}

/** One empty request through the worker and back: the bridge's own cost per call (for benchmarks). */
export function pingProcessWorker(): void {
  roundTrip([], 1);
}

function roundTrip(options: readonly SyncProcessOptions[], concurrency: number): ProcessResult[] {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const request: SyncRequest = { options, concurrency, flag };
  try {
    getWorker().postMessage({ request, reply: port2 }, [port2]);
    // Wait in slices: a worker that died without answering must not hang the caller forever.
    let lastBeat = Atomics.load(heartbeat, 0);
    let stalledMs = 0;
    for (;;) {
      const state = Atomics.wait(flag, 0, 0, 1_000);
      const message = receiveMessageOnPort(port1) as { message: SyncReply } | undefined;
      if (message) {
        if (!message.message.ok)
          throw new SyncBridgeError(`A synchronous process run failed: ${message.message.message}`);
        return message.message.results;
      }
      if (state !== "timed-out" && Atomics.load(flag, 0) === 1) {
        throw new SyncBridgeError("The process worker signalled a result but sent none.");
      }
      const beat = Atomics.load(heartbeat, 0);
      stalledMs = beat === lastBeat ? stalledMs + 1_000 : 0;
      lastBeat = beat;
      if (stalledMs >= STALL_LIMIT_MS) {
        worker?.terminate().catch(() => {});
        worker = undefined;
        throw new SyncBridgeError(
          `The process worker stopped responding for ${STALL_LIMIT_MS / 1000} s (it could not start, or it died); the call was not completed.` +
            (lastWorkerError ? ` Its last error: ${lastWorkerError}` : ""),
        );
      }
    }
  } finally {
    port1.close();
  }
}

/** Process groups the sync worker started that are still alive (slot 1 of the shared heartbeat). */
export function syncLiveProcessCount(): number {
  return worker ? Atomics.load(heartbeat, 1) : 0;
}

/** {@link runProcess}, blocking the calling thread until the process ended. */
export function runProcessSync(options: SyncProcessOptions): ProcessResult {
  const [result] = runProcessesSync([options]);
  if (!result) throw new SyncBridgeError("The process worker returned no result.");
  return result;
}
