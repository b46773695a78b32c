/**
 * The transparent hook recorder for Codex, whose `--json` stream reports no hook activity. Codex runs
 * it in place of each registered hook command; it runs the original command as Codex would have
 * (`sh -c`, the same stdin, env and cwd), gives back its stdout, stderr and exit code unchanged, and
 * leaves the fire's record in the run's fires dir. POSIX sh, so a fire costs a `cat` and the hook's own
 * shell rather than a node start (bench/codex.bench.mjs measures it).
 *
 * One fire, numbered N, leaves `N.in` (the stdin payload), `N.hook` (event and matcher), `N.out` and
 * `N.err` (the hook's streams) and, once the hook has exited, `N.rc` (its exit code). N is claimed with
 * an exclusive create (noclobber), so concurrent fires never share a file, and N orders fires by start.
 * A fire without `N.rc` was killed before its hook exited (Codex's timeout).
 */

/** The recorder's file name inside the run's temp dir. */
export const HOOK_RECORDER_FILE = "vigiles-hook-recorder.sh";

/**
 * The recorder script for hooks a harness runs with `shell -c` (Codex: /bin/sh; Copilot's `bash`
 * field: bash). Usage: `sh vigiles-hook-recorder.sh <fires dir> <event> <matcher> <command>`.
 */
export function hookRecorderScript(shell: string): string {
  return `# Written by vigiles: the transparent hook recorder (see src/adapters/codex/hook-recorder.ts).
# Usage: sh ${HOOK_RECORDER_FILE} <fires dir> <event> <matcher> <command>
d=$1
n=0
set -C
until printf '' 2>/dev/null >"$d/$n.in"; do
  # Not taken by another fire but not creatable: run the hook unrecorded rather than change what it does.
  [ -e "$d/$n.in" ] || { set +C; exec ${shell} -c "$4"; }
  n=$((n + 1))
done
set +C
f=$d/$n
printf '%s\\n%s\\n' "$2" "$3" >"$f.hook"
cat >"$f.in"
${shell} -c "$4" <"$f.in" >"$f.out" 2>"$f.err"
s=$?
printf '%s\\n' "$s" >"$f.rc"
[ -s "$f.out" ] && cat "$f.out"
[ -s "$f.err" ] && cat "$f.err" >&2
exit "$s"
`;
}

/** The Codex recorder. Usage: `sh vigiles-hook-recorder.sh <fires dir> <event> <matcher> <command>`. */
export const HOOK_RECORDER_SCRIPT = hookRecorderScript("/bin/sh");
