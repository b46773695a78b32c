// The command-hook mutants as the harness sees them: each applied to a real settings.json in a temp
// dir, then run through its registration with runHook (real processes, the real wrapper script).
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runHook } from "../../src/tiers/run-hook/run-hook.js";
import { applyMutant } from "../../src/tools/mutate/apply.js";
import { inventory } from "../../src/tools/mutate/inventory.js";
import { mutantCatalogue } from "../../src/core/mutate/catalogue.js";
import { dialectOf } from "../../src/adapters/registry.js";
import { makeTempDir, removeTempDir } from "../../src/runtime/temp-dir.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeTempDir));

const GUARD = `#!/bin/sh
case "$(cat)" in
  *force*) printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}\\n' ;;
  *rm*) echo "no rm" >&2; exit 2 ;;
esac
exit 0
`;

/** A repo with the guard registered in shell form or in exec form (`command` + `args`). */
function repo(form: "shell" | "exec"): string {
  const root = makeTempDir("vigiles-mutate-wrapper-");
  dirs.push(root);
  mkdirSync(join(root, ".claude"));
  writeFileSync(join(root, "guard.sh"), GUARD);
  chmodSync(join(root, "guard.sh"), 0o755);
  const handler =
    form === "shell"
      ? { type: "command", command: `"$CLAUDE_PROJECT_DIR/guard.sh"`, timeout: 3 }
      : { type: "command", command: "/bin/sh", args: [join(root, "guard.sh")], timeout: 3 };
  writeFileSync(
    join(root, ".claude/settings.json"),
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [handler] }] } }),
  );
  return root;
}

function mutated(form: "shell" | "exec", kind: string) {
  const root = repo(form);
  const mutant = mutantCatalogue(inventory(root).items, dialectOf).find((m) => m.kind === kind);
  if (!mutant) throw new Error(`no ${kind} mutant`);
  applyMutant(root, mutant);
  const registration = JSON.parse(readFileSync(join(root, ".claude/settings.json"), "utf8")) as object;
  return (command: string) =>
    runHook({ registration }, { tool_name: "Bash", tool_input: { command } }, { cwd: root });
}

describe.each(["shell", "exec"] as const)("command-hook mutants, %s form", (form) => {
  test("unmutated: the force push is denied, rm is blocked with exit 2", () => {
    const root = repo(form);
    const registration = JSON.parse(readFileSync(join(root, ".claude/settings.json"), "utf8")) as object;
    const plain = (command: string) =>
      runHook({ registration }, { tool_name: "Bash", tool_input: { command } }, { cwd: root });
    expect(plain("git push --force").decision).toBe("deny");
    expect(plain("rm -rf x")).toMatchObject({ blocked: true, exitCode: 2 });
  });

  test("always allows; crashes fail open", () => {
    expect(mutated(form, "hook-always-allows")("git push --force")).toMatchObject({
      blocked: false,
      exitCode: 0,
    });
    expect(mutated(form, "hook-crashes")("git push --force")).toMatchObject({ blocked: false, exitCode: 1 });
  });

  test("exit 2 becomes 0; deny becomes the illegal block; the others pass through", () => {
    const exit0 = mutated(form, "hook-exit2-to-0");
    expect(exit0("rm -rf x")).toMatchObject({ blocked: false, exitCode: 0 });
    expect(exit0("git push --force").decision).toBe("deny");
    const block = mutated(form, "hook-deny-to-block");
    const r = block("git push --force");
    expect(r.stdout).toMatch(/"permissionDecision":"block"/);
    expect(r.blocked).toBe(false);
    expect(block("rm -rf x")).toMatchObject({ blocked: true, exitCode: 2 });
  });

  test("unregistered and unmatched: nothing runs; past its timeout: killed, fails open", () => {
    expect(mutated(form, "hook-unregistered")("git push --force")).toMatchObject({
      blocked: false,
      exitCode: null,
    });
    expect(mutated(form, "hook-matcher-misses")("git push --force").blocked).toBe(false);
    expect(mutated(form, "hook-past-timeout")("git push --force")).toMatchObject({
      blocked: false,
      timedOut: true,
    });
  });
});
