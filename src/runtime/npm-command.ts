/**
 * Runs npm for the harness cache with a bounded wait, and keeps npm's cause in the one-line error.
 * Left to its defaults npm retries an unreachable registry for about 70 s without a word (measured:
 * `npm view` against a closed port), and its last stderr lines are the proxy hint and the log path,
 * not the cause (`ECONNREFUSED`).
 */
import { execFile } from "node:child_process";

/** Retries and timeouts for one npm call: a registry query gives up in seconds, an install in minutes. */
export type NpmCallKind = "query" | "install";

const BOUNDS: Record<NpmCallKind, readonly string[]> = {
  // No retry: an unreachable registry answers ECONNREFUSED at once, an unanswering one within 20 s.
  query: ["--fetch-retries=0", "--fetch-timeout=20000"],
  // One retry, soon: a tarball of hundreds of MB may take minutes, so no request timeout of ours.
  install: ["--fetch-retries=1", "--fetch-retry-mintimeout=1000", "--fetch-retry-maxtimeout=5000"],
};

/** The cause of an npm failure in one line: its error code and the reason it gives (`connect ECONNREFUSED …`). */
export function npmFailureCause(stderr: string, fallback: string): string {
  const lines = stderr
    .split("\n")
    .map((l) => l.replace(/^npm (?:error|ERR!)\s*/, "").trim())
    .filter((l) => l !== "");
  const code = lines.find((l) => /^code [A-Z0-9_]+$/.test(l))?.slice("code ".length);
  const reason =
    lines.find((l) => /reason: /.test(l))?.replace(/^.*reason: /, "") ??
    lines.find((l) => /^(404|E\d{3}|No matching version|notarget)/i.test(l)) ??
    lines.find((l) => !/^(code|errno|syscall|A complete log|If you are behind|\{|\}|[a-z]+: )/.test(l));
  const parts = [code, reason].filter((p): p is string => p !== undefined && p !== "");
  if (parts.length === 0) return fallback;
  return code !== undefined && reason?.includes(code) ? reason : parts.join(": ");
}

/** `npm <args>` in `cwd`, bounded as `kind` says; rejects with npm's cause in one line. */
export function runNpm(args: readonly string[], cwd: string, kind: NpmCallKind): Promise<string> {
  return new Promise((done, fail) => {
    execFile(
      process.platform === "win32" ? "npm.cmd" : "npm",
      [...args, ...BOUNDS[kind]],
      { cwd, maxBuffer: 64 * 1024 * 1024, timeout: kind === "query" ? 60_000 : 900_000 },
      (error, stdout, stderr) => {
        if (error) {
          const timedOut = (error as { killed?: boolean }).killed === true;
          fail(
            new Error(
              timedOut ? "npm did not finish in time" : npmFailureCause(String(stderr), error.message),
            ),
          );
        } else done(String(stdout));
      },
    );
  });
}
