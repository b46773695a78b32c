/**
 * The process fields of a hook result where no process ran (a hook not selected, or one whose cwd
 * does not exist so it never starts): no exit, no signal, no output, no time.
 */
export const NO_PROCESS = {
  exitCode: null,
  signal: null,
  stdout: "",
  stderr: "",
  timedOut: false,
  truncated: false,
  durationMs: 0,
} as const;
