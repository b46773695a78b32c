/**
 * The repository of issue 23: one guard registered in .claude/settings.json and tested the way the
 * reference tests a hook, by its command (`runHook("bash hooks/guard.sh", event)` and
 * `assertHookBlocked`), never through the registration. `strength: "weak"` is the same test file
 * checking only that the hook answered. It lives under .vigiles/tmp/ (git-ignored) so
 * `import "vigiles"` resolves through the package self-reference.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { repoRoot } from "./fixture.mjs";

const GUARD = `#!/bin/sh
# Refuses recursive deletes of the root; everything else goes through.
input=$(cat)
case "$input" in
  *"rm -rf /"*)
    echo "guard: refusing rm -rf /" >&2
    exit 2 ;;
esac
exit 0
`;

const SETTINGS = {
  hooks: {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [{ type: "command", command: 'bash "$CLAUDE_PROJECT_DIR"/hooks/guard.sh', timeout: 5 }],
      },
    ],
  },
};

const HEADER = `import { assertHookBlocked, runHook } from "vigiles";
const root = new URL(".", import.meta.url).pathname;
const bash = (command) => ({ tool_name: "Bash", tool_input: { command } });
`;

/** The strong test: the disaster is blocked, a benign command is not. */
const STRONG = `${HEADER}
assertHookBlocked(runHook("bash hooks/guard.sh", bash("rm -rf /"), { cwd: root }));
const ok = runHook("bash hooks/guard.sh", bash("ls"), { cwd: root });
if (ok.blocked || ok.exitCode !== 0) throw new Error("ls must go through: " + JSON.stringify(ok));
console.log("guard: checked");
`;

/** The weak test: it only checks that the hook answered. */
const WEAK = `${HEADER}
const r = runHook("bash hooks/guard.sh", bash("rm -rf /"), { cwd: root });
if (r.exitCode === null || r.timedOut) throw new Error("the guard did not answer");
console.log("guard: answered");
`;

const REGISTRATION_HEADER = `import { readFileSync } from "node:fs";
${HEADER}const registration = JSON.parse(readFileSync(root + ".claude/settings.json", "utf8"));
`;

/** Through the registration, checked: every hook mutant (also removed, matcher, timeout) is met and noticed. */
const STRONG_REGISTRATION = `${REGISTRATION_HEADER}
assertHookBlocked(runHook({ registration }, bash("rm -rf /"), { cwd: root }));
const ok = runHook({ registration }, bash("ls"), { cwd: root });
if (ok.blocked || ok.exitCode !== 0) throw new Error("ls must go through: " + JSON.stringify(ok));
console.log("guard: checked through the registration");
`;

/** Through the registration, unchecked: every hook mutant is met and none is noticed. */
const WEAK_REGISTRATION = `${REGISTRATION_HEADER}
runHook({ registration }, bash("rm -rf /"), { cwd: root });
console.log("guard: ran through the registration");
`;

const TESTS = {
  strong: STRONG,
  weak: WEAK,
  "strong-registration": STRONG_REGISTRATION,
  "weak-registration": WEAK_REGISTRATION,
};

/**
 * Writes the repository and returns its root. `layout: "harness"` names the test guard.harness.mjs
 * (found by vigiles test); `layout: "command"` names it test/guard.test.mjs, for `--command`.
 * @param {{ strength?: "strong" | "weak" | "strong-registration" | "weak-registration", layout?: "harness" | "command" }} [options]
 * @returns {string}
 */
export function makeByPathFixture(options = {}) {
  const base = join(repoRoot, ".vigiles", "tmp");
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, "mutate-by-path-"));
  const write = (path, text, mode) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
    if (mode !== undefined) chmodSync(join(root, path), mode);
  };
  write(".claude/settings.json", `${JSON.stringify(SETTINGS, null, 2)}\n`);
  write("hooks/guard.sh", GUARD, 0o755);
  const test = TESTS[options.strength ?? "strong"];
  if ((options.layout ?? "harness") === "harness") write("guard.harness.mjs", test);
  else
    write(
      "test/guard.test.mjs",
      test.replace('new URL(".", import.meta.url)', 'new URL("..", import.meta.url)'),
    );
  return root;
}

export const GUARD_ID = ".claude/settings.json:PreToolUse[0].hooks[0]";
