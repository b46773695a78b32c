// Behaviour mutants at the script's path: the stub that replaces the script in the copy, run the
// ways a test runs a script (`bash x.sh`, `sh x.sh`, `./x.sh`, `python3 x.py`, `node x.mjs`), turns
// the guard's answer into the mutant's, hands the original the same interpreter, leaves other
// events alone for a script several handlers share, and is the original when Python imports it.
// Real scripts, real interpreters, runHook on the command.
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { HookItem } from "../../src/core/mutate/types.js";
import { runHook } from "../../src/tiers/run-hook/run-hook.js";
import { stubScript, type StubMode } from "../../src/tools/mutate/script-stub.js";
import { makeTempDir, removeTempDir } from "../../src/runtime/temp-dir.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeTempDir));

const SCRIPTS = {
  "guard.sh": `#!/bin/sh\ncase "$(cat)" in *rm*) echo "no rm" >&2; exit 2 ;; esac\nexit 0\n`,
  // Bash-only syntax: proves the original runs under bash when the test used bash.
  "bashy.sh": `#!/bin/bash\ninput=$(cat)\nif [[ $input == *rm* ]]; then echo "no rm" >&2; exit 2; fi\nexit 0\n`,
  "guard.py": `#!/usr/bin/env python3\nimport json, sys\nDENY = "rm"\nif __name__ == "__main__":\n    if DENY in sys.stdin.read():\n        print('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm"}}')\n    sys.exit(0)\n`,
  "guard.mjs": `import { readFileSync } from "node:fs";\nif (readFileSync(0, "utf8").includes("rm")) { process.stderr.write("no rm\\n"); process.exitCode = 2; }\n`,
} as const;

function mutated(
  script: keyof typeof SCRIPTS,
  mode: StubMode,
  shared = false,
): { root: string; marker: string } {
  const root = makeTempDir("vigiles-stub-");
  dirs.push(root);
  mkdirSync(join(root, "hooks"));
  writeFileSync(join(root, "hooks", script), SCRIPTS[script]);
  chmodSync(join(root, "hooks", script), 0o755);
  const item: HookItem = {
    kind: "hook",
    id: "h",
    file: ".claude/settings.json",
    event: "PreToolUse",
    groupIndex: 0,
    handlerIndex: 0,
    matcher: "Bash",
    command: `hooks/${script}`,
    timeout: 5,
    sources: [`hooks/${script}`],
    sourceText: SCRIPTS[script],
    ...(shared ? { scriptSharedWith: ["other"] } : {}),
  };
  const marker = stubScript(root, item, mode);
  if (marker === undefined) throw new Error(`no stub for ${script}`);
  return { root, marker };
}
const rm = { tool_name: "Bash", tool_input: { command: "rm -rf /" } };

describe("a behaviour mutant at the script's path", () => {
  test.each([
    ["bash hooks/guard.sh", "guard.sh"],
    ["sh hooks/guard.sh", "guard.sh"],
    ["./hooks/guard.sh", "guard.sh"],
    ["bash hooks/bashy.sh", "bashy.sh"],
    ["./hooks/bashy.sh", "bashy.sh"],
    ["node hooks/guard.mjs", "guard.mjs"],
  ] as const)("%s: exit 2 -> 0 lets the disaster through; the stub ran", (command, script) => {
    const unmutated = makeTempDir("vigiles-stub-plain-");
    dirs.push(unmutated);
    mkdirSync(join(unmutated, "hooks"));
    writeFileSync(join(unmutated, "hooks", script), SCRIPTS[script], { mode: 0o755 });
    expect(runHook(command, rm, { cwd: unmutated }).exitCode).toBe(2); // the original blocks
    const { root, marker } = mutated(script, "exit2-to-0");
    const r = runHook(command, rm, { cwd: root });
    expect([r.exitCode, r.blocked]).toEqual([0, false]);
    expect(existsSync(marker)).toBe(true);
    expect(
      runHook(command, { tool_name: "Bash", tool_input: { command: "ls" } }, { cwd: root }).exitCode,
    ).toBe(0);
  });

  test.each(["always-allows", "crashes"] as const)("%s in sh and python", (mode) => {
    for (const [command, script] of [
      ["bash hooks/guard.sh", "guard.sh"],
      ["python3 hooks/guard.py", "guard.py"],
      ["./hooks/guard.py", "guard.py"],
    ] as const) {
      const r = runHook(command, rm, { cwd: mutated(script, mode).root });
      expect([command, r.exitCode, r.stdout]).toEqual([command, mode === "crashes" ? 1 : 0, ""]);
    }
  });

  test("a marker that cannot be written (a read-only confinement) does not stop the stub", () => {
    const { root, marker } = mutated("guard.sh", "exit2-to-0");
    mkdirSync(marker); // writing a file over a directory fails, as in a read-only bind, even as root
    for (const command of ["sh hooks/guard.sh", "bash hooks/guard.sh"])
      expect([command, runHook(command, rm, { cwd: root }).exitCode]).toEqual([command, 0]);
  });

  test("deny -> block in python: the JSON deny becomes the illegal block", () => {
    const r = runHook("python3 hooks/guard.py", rm, { cwd: mutated("guard.py", "deny-to-block").root });
    expect(r.stdout).toContain('"permissionDecision":"block"');
    expect(r.decision).not.toBe("deny");
  });

  test("a script several handlers share is mutated for its own event only", () => {
    const { root } = mutated("guard.sh", "always-allows", true);
    const own = runHook("bash hooks/guard.sh", { ...rm, hook_event_name: "PreToolUse" }, { cwd: root });
    expect(own.exitCode).toBe(0);
    const other = runHook(
      "bash hooks/guard.sh",
      { hook_event_name: "UserPromptSubmit", prompt: "rm -rf /" },
      { cwd: root },
    );
    expect(other.exitCode).toBe(2); // the original answered
  });

  test("imported by Python (an in-process test), the stub is the original module", () => {
    const { root } = mutated("guard.py", "always-allows");
    const r = spawnSync(
      "python3",
      [
        "-c",
        "import importlib.util as u; s = u.spec_from_file_location('g', 'hooks/guard.py'); m = u.module_from_spec(s); s.loader.exec_module(m); print(m.DENY)",
      ],
      { cwd: root, encoding: "utf8" },
    );
    expect(r.stdout.trim()).toBe("rm");
  });
});
