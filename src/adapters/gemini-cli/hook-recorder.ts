/**
 * The transparent hook recorder for Gemini CLI, whose `stream-json` output reports no hook activity
 * (0.61.0: a block shows only as a `tool_result` error). Gemini runs it in place of each registered
 * command hook; it runs the original command as Gemini would have (`bash -c`, the same stdin, env and
 * cwd), gives back its stdout, stderr and exit code unchanged, and leaves the fire's record in the
 * run's fires dir, in the files the Codex recorder leaves (see ../codex/hook-recorder.ts), so one
 * reader serves both.
 *
 * `N.hook` holds the event and the command file (where the Codex recorder keeps the matcher), so a
 * fire names the hook that ran.
 *
 * The original command is kept in a file, not in the wrapped command line: Gemini rewrites
 * `$GEMINI_PROJECT_DIR`, `$GEMINI_CWD`, `$GEMINI_SESSION_ID`, `$GEMINI_PLANS_DIR` and
 * `$CLAUDE_PROJECT_DIR` in the command text before it runs it, which would break the wrapper's
 * quoting. Inside the recorder the same names expand from the hook's environment, where Gemini sets
 * them to the same values (they differ only for a project path that needs shell quoting).
 */

/** The recorder's file name inside the run's temp dir. */
export const GEMINI_HOOK_RECORDER_FILE = "vigiles-gemini-hook-recorder.sh";

/** The recorder script. Usage: `sh <recorder> <fires dir> <event> <unused> <command file>`. */
export const GEMINI_HOOK_RECORDER_SCRIPT = `# Written by vigiles: the transparent Gemini CLI hook recorder (see src/adapters/gemini-cli/hook-recorder.ts).
# Usage: sh ${GEMINI_HOOK_RECORDER_FILE} <fires dir> <event> <unused> <command file>
d=$1
c=$(cat "$4")
n=0
set -C
until printf '' 2>/dev/null >"$d/$n.in"; do
  # Not taken by another fire but not creatable: run the hook unrecorded rather than change what it does.
  [ -e "$d/$n.in" ] || { set +C; exec bash -c "$c"; }
  n=$((n + 1))
done
set +C
f=$d/$n
printf '%s\\n%s\\n' "$2" "$4" >"$f.hook"
cat >"$f.in"
bash -c "$c" <"$f.in" >"$f.out" 2>"$f.err"
s=$?
printf '%s\\n' "$s" >"$f.rc"
[ -s "$f.out" ] && cat "$f.out"
[ -s "$f.err" ] && cat "$f.err" >&2
exit "$s"
`;
