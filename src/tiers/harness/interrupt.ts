/**
 * Interrupt safety for harness runs: while a run is live, SIGINT / SIGTERM / SIGHUP first kill the
 * CLI's process groups and remove the run's temp dirs, then the signal is raised again with the
 * handlers gone, so the process ends the way it would have without vigiles.
 */
import { killAllLiveProcesses } from "../../runtime/process.js";

const SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
const cleanups = new Set<() => void>();
let installed = false;

function onSignal(signal: NodeJS.Signals): void {
  killAllLiveProcesses("SIGKILL");
  for (const cleanup of [...cleanups]) {
    try {
      cleanup();
    } catch {
      // Keep cleaning the others.
    }
  }
  cleanups.clear();
  uninstall();
  process.kill(process.pid, signal);
}

function install(): void {
  if (installed) return;
  installed = true;
  for (const s of SIGNALS) process.on(s, onSignal);
}

function uninstall(): void {
  if (!installed) return;
  installed = false;
  for (const s of SIGNALS) process.off(s, onSignal);
}

/** Registers a cleanup to run on an interrupt; call the returned function when the run is over. */
export function cleanupOnInterrupt(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  install();
  return () => {
    cleanups.delete(cleanup);
    if (cleanups.size === 0) uninstall();
  };
}
