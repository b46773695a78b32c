/**
 * The hook mutants that must run the original, written as POSIX sh (dash and bash alike): a node
 * wrapper cost each hook call a node start-up (about 130 ms of CPU and 150 ms of wall here, more
 * than a shell hook's whole run), paid by every mutant run and by no plain run. `run` is the sh
 * that runs the original with the hook's stdin and arguments passed through. The node wrapper
 * (mutant-wrapper.mjs) stays for what sh cannot do safely: reading the event name out of the
 * JSON input (a script several handlers share).
 */

/** The modes written here. */
export type ShellMutantMode = "exit2-to-0" | "deny-to-block" | "past-timeout";

/** The JSON deny turned into the illegal block: the same keys the node wrapper rewrites. */
const DENY_TO_BLOCK_SED = `sed -E 's/("(permissionDecision|behavior|decision)"[[:space:]]*:[[:space:]]*)"deny"/\\1"block"/g'`;

/** sh that creates `path` (quoted), silently where it cannot be written (a read-only confinement). */
const touch = (path: string | undefined) => (path === undefined ? "" : `{ true > ${path}; } 2>/dev/null; `);

/**
 * POSIX sh that runs the original (`run`) and breaks its answer the way `mode` says. `acted`, a
 * quoted path, is created when the mutant changed an answer (an exit 2 made 0, a deny rewritten):
 * a survivor that never acted met no input where the original blocks that way.
 */
export function shellMutant(mode: ShellMutantMode, run: string, timeoutS: number, acted?: string): string {
  switch (mode) {
    case "exit2-to-0":
      // stdout streams through; stderr is held, so a blocking exit 2 leaves nothing behind (exit 0, as the node wrapper).
      return [
        "exec 3>&1",
        `__vigiles_err=$( { ${run} ; } 2>&1 1>&3 3>&- )`,
        "__vigiles_code=$?",
        "exec 3>&-",
        `[ "$__vigiles_code" -eq 2 ] && { ${touch(acted)}exit 0; }`,
        `[ -n "$__vigiles_err" ] && printf '%s\\n' "$__vigiles_err" >&2`,
        'exit "$__vigiles_code"',
      ].join("\n");
    case "deny-to-block":
      return [
        `__vigiles_out=$( ${run} )`,
        "__vigiles_code=$?",
        `if [ -n "$__vigiles_out" ]; then __vigiles_new=$(printf '%s\\n' "$__vigiles_out" | ${DENY_TO_BLOCK_SED})`,
        `  [ "$__vigiles_new" != "$__vigiles_out" ] && ${touch(acted)}:`,
        `  printf '%s\\n' "$__vigiles_new"`,
        "fi",
        'exit "$__vigiles_code"',
      ].join("\n");
    case "past-timeout":
      // Past the short timeout the copy registers: the harness gives up on the hook before the original starts.
      return `sleep ${timeoutS + 2}\n${run}`;
    default: {
      const never: never = mode;
      return never;
    }
  }
}
