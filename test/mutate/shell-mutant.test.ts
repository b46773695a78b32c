// The sh versions of the mutants that run the original (shell-mutant.ts), under dash and bash,
// against the node wrapper's contract: exit 2 -> 0 keeps stdout and drops stderr only on a
// blocking exit; deny -> block rewrites each JSON deny key and keeps the exit code; past its
// timeout waits before the original; stdin always reaches the original.
import { spawnSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { shellMutant } from "../../src/tools/mutate/shell-mutant.js";

// The "original": echoes its stdin to stdout, a note to stderr, and exits with $1.
const ORIGINAL = `sh -c 'cat; echo note >&2; exit "$0"'`;

function run(shell: string, script: string, code: number, input = "IN") {
  const r = spawnSync(shell, ["-c", script.replace("$CODE", String(code))], { input, encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe.each(["/bin/sh", "/bin/bash"])("under %s", (shell) => {
  test("exit 2 -> 0: stdout kept, stderr dropped; any other exit passes as it was", () => {
    const script = shellMutant("exit2-to-0", `${ORIGINAL} $CODE`, 1);
    expect(run(shell, script, 2)).toEqual({ code: 0, stdout: "IN", stderr: "" });
    expect(run(shell, script, 0)).toEqual({ code: 0, stdout: "IN", stderr: "note\n" });
    expect(run(shell, script, 1)).toEqual({ code: 1, stdout: "IN", stderr: "note\n" });
  });

  test("deny -> block: every deny key rewritten, the rest and the exit code kept", () => {
    const script = shellMutant("deny-to-block", `${ORIGINAL} $CODE`, 1);
    const input =
      '{"hookSpecificOutput":{"permissionDecision": "deny","permissionDecisionReason":"deny it"}}\n{"decision":"deny"}';
    expect(run(shell, script, 0, input)).toEqual({
      code: 0,
      stdout:
        '{"hookSpecificOutput":{"permissionDecision": "block","permissionDecisionReason":"deny it"}}\n{"decision":"block"}\n',
      stderr: "note\n",
    });
    expect(run(shell, script, 2, "").code).toBe(2);
  });

  test("past its timeout: waits timeout + 2 s, then runs the original", () => {
    const started = performance.now();
    const r = run(shell, shellMutant("past-timeout", `${ORIGINAL} $CODE`, 0), 3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1900);
    expect(r).toEqual({ code: 3, stdout: "IN", stderr: "note\n" });
  });
});
