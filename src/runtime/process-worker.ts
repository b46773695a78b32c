/**
 * The worker behind {@link runProcessSync}: it runs processes with the async runner and answers on
 * the request's port, then wakes the blocked caller through the shared flag. One worker serves every
 * synchronous call of the process, so a call costs a message round trip, not a thread start.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { MessagePort } from "node:worker_threads";
import { liveProcessCount, runProcess, type ProcessOptions, type ProcessResult } from "./process.js";

/** One synchronous call: several processes (run concurrently, at most `concurrency` at once). */
export interface SyncRequest {
  readonly options: readonly ProcessOptions[];
  readonly concurrency: number;
  readonly flag: Int32Array;
}

export type SyncReply =
  { readonly ok: true; readonly results: ProcessResult[] } | { readonly ok: false; readonly message: string };

async function runAll(options: readonly ProcessOptions[], concurrency: number): Promise<ProcessResult[]> {
  const results = new Array<ProcessResult>(options.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < options.length) {
      const i = next++;
      results[i] = await runProcess(options[i] as ProcessOptions);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, options.length)) }, lane));
  return results;
}

const port = parentPort;
if (port) {
  const { heartbeat } = workerData as { heartbeat: Int32Array };
  Atomics.add(heartbeat, 0, 1);
  // Slot 0: the beat; slot 1: how many process groups this worker has alive.
  setInterval(() => {
    Atomics.add(heartbeat, 0, 1);
    Atomics.store(heartbeat, 1, liveProcessCount());
  }, 250);
  port.on("message", (message: { request: SyncRequest; reply: MessagePort }) => {
    const { request, reply } = message;
    const answer = (value: SyncReply): void => {
      Atomics.store(heartbeat, 1, liveProcessCount());
      reply.postMessage(value);
      reply.close();
      Atomics.store(request.flag, 0, 1);
      Atomics.notify(request.flag, 0);
    };
    runAll(request.options, request.concurrency).then(
      (results) => answer({ ok: true, results }),
      (error: unknown) =>
        answer({ ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
  });
}
