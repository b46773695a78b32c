// Runs the built CLI (dist/cli/main.js) as a real process and gathers its exit status and output.
import { spawn } from "node:child_process";
import { join } from "node:path";

export interface VigilesRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runVigiles(
  args: readonly string[],
  options: { readonly cwd?: string; readonly env?: NodeJS.ProcessEnv } = {},
): Promise<VigilesRun> {
  const main = join(process.cwd(), "dist/cli/main.js");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, ...args], {
      cwd: options.cwd ?? process.cwd(),
      stdio: ["ignore", "pipe", "pipe"],
      env: options.env ?? process.env,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
