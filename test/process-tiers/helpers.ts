import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Absolute path of a fixture script. */
export const fixture = (name: string): string =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** True when no process with this pid is running (gone, or a zombie waiting to be reaped). */
export function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return /^\d+ \(.*\) Z/.test(stat);
  } catch {
    return true;
  }
}

export const bashEvent = (command: string) => ({ tool_name: "Bash", tool_input: { command } });
