/**
 * The transparent hook recorder shared by the harnesses whose streams report no hook activity
 * (Codex `--json`, Copilot `--output-format json`, Gemini `stream-json` 0.61.0). The harness runs it
 * in place of each registered hook command; it runs the original command as the harness would have
 * (`<shell> -c`, the same stdin, env and cwd), gives back its stdout, stderr and exit code unchanged,
 * and leaves the fire's record in the run's fires dir. POSIX sh, so a fire costs a `cat` and the
 * hook's own shell rather than a node start (bench/codex.bench.mjs measures it).
 *
 * One fire, numbered N, leaves `N.in` (the stdin payload), `N.hook` (event and matcher, or the command
 * file where commands are kept in files), `N.out` and
 * `N.err` (the hook's streams) and, once the hook has exited, `N.rc` (its exit code). N is claimed with
 * an exclusive create (noclobber), so concurrent fires never share a file, and N orders fires by start.
 * A fire without `N.rc` was killed before its hook exited (Codex's timeout). ./hook-records.ts reads
 * them back.
 */

/** The recorder's file name inside the run's temp dir. */
export const HOOK_RECORDER_FILE = "vigiles-hook-recorder.sh";

/** How the recorder runs the hook, as the harness would have. */
export interface HookRecorderShape {
  /** The shell the harness runs a hook command with (Codex: /bin/sh; Copilot's `bash`, Gemini: bash). */
  readonly shell: string;
  /**
   * Where the original command is: the 4th argument itself, or a file the 4th argument names (Gemini
   * rewrites `$GEMINI_PROJECT_DIR` and friends inside the command text, which would break the
   * wrapper's quoting, so its commands are kept in files).
   */
  readonly command: "argument" | "file";
}

/**
 * The recorder script. Usage: `sh vigiles-hook-recorder.sh <fires dir> <event> <matcher> <command>`
 * (with `command: "file"`, the last argument is the file holding the command).
 */
export function hookRecorderScript(shape: HookRecorderShape): string {
  const { shell } = shape;
  const fromFile = shape.command === "file";
  // A command kept in a file: `N.hook` keeps that file (in the matcher's place), which names the hook that ran.
  const [readCommand, hookLine] = fromFile ? ['c=$(cat "$4")', '"$4"'] : ["c=$4", '"$3"'];
  return [
    "# Written by vigiles: the transparent hook recorder (see src/adapters/shared/hook-recorder.ts).",
    `# Usage: sh ${HOOK_RECORDER_FILE} <fires dir> <event> <matcher> <${fromFile ? "command file" : "command"}>`,
    "d=$1",
    readCommand,
    "n=0",
    "set -C",
    `until printf '' 2>/dev/null >"$d/$n.in"; do`,
    "  # Not taken by another fire but not creatable: run the hook unrecorded rather than change what it does.",
    `  [ -e "$d/$n.in" ] || { set +C; exec ${shell} -c "$c"; }`,
    "  n=$((n + 1))",
    "done",
    "set +C",
    "f=$d/$n",
    `printf '%s\\n%s\\n' "$2" ${hookLine} >"$f.hook"`,
    `cat >"$f.in"`,
    `${shell} -c "$c" <"$f.in" >"$f.out" 2>"$f.err"`,
    "s=$?",
    `printf '%s\\n' "$s" >"$f.rc"`,
    `[ -s "$f.out" ] && cat "$f.out"`,
    `[ -s "$f.err" ] && cat "$f.err" >&2`,
    `exit "$s"`,
    "",
  ].join("\n");
}
