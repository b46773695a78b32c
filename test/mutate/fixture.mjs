/**
 * A small repository to mutate: a shell guard and an injector registered in .claude/settings.json,
 * a Notification hook nothing tests, a hook program run through the compiled runtime, two skills
 * and an agent. Its harness files use runHook (no real CLI), so each mutant runs in well under a
 * second. It lives under .vigiles/tmp/ (git-ignored) so `import "vigiles"` resolves through the
 * package self-reference.
 */
import { createHash } from "node:crypto";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

const GUARD = `#!/bin/sh
input=$(cat)
case "$input" in
  *"push --force"*)
    printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no force pushes"}}\\n'
    exit 0 ;;
  *"rm -rf /"*)
    echo "refusing rm -rf /" >&2
    exit 2 ;;
esac
exit 0
`;

const INJECT = `#!/bin/sh
cat >/dev/null
printf '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"House rule: run the tests"}}\\n'
`;

const NOTIFY = `#!/bin/sh
cat >/dev/null
exit 0
`;

const PROGRAM = `import { experimental_defineHook, deny, allow } from "vigiles/hook";
export default experimental_defineHook({
  on: "PreToolUse",
  matcher: "Write",
  name: "gate",
  decide: (e) => (String(e.raw?.tool_input?.file_path ?? e.input?.file_path ?? "").includes(".env") ? deny("no .env writes") : allow()),
});
`;

const hook = (script) => ({
  type: "command",
  command: `"$CLAUDE_PROJECT_DIR/hooks/${script}"`,
  timeout: 3,
});
const SETTINGS = {
  hooks: {
    PreToolUse: [{ matcher: "Bash", hooks: [hook("guard.sh")] }],
    UserPromptSubmit: [{ hooks: [hook("inject.sh")] }],
    Notification: [{ hooks: [hook("notify.sh")] }],
  },
};

/** The guard's harness file; `withForcePushAssertion: false` is the same file with one assertion deleted. */
export function guardHarness(withForcePushAssertion) {
  return `import { readFileSync } from "node:fs";
import { runHook } from "vigiles";
const root = new URL(".", import.meta.url).pathname;
const registration = JSON.parse(readFileSync(root + ".claude/settings.json", "utf8"));
const bash = (command) => ({ tool_name: "Bash", tool_input: { command } });
const run = (command) => runHook({ registration }, bash(command), { cwd: root });
const check = (ok, what) => { if (!ok) { console.error("FAILED: " + what); process.exit(1); } };
${
  withForcePushAssertion
    ? `const push = run("git push --force origin main");
check(push.decision === "deny" && push.decidedBy === "permission-decision", "the force push is denied with a legal decision");`
    : "// (the force-push assertion was deleted)"
}
const rm = run("rm -rf /");
check(rm.blocked === true && rm.exitCode === 2, "rm -rf / is blocked with exit 2");
const ok = run("git status");
check(ok.blocked === false && ok.exitCode === 0 && !ok.timedOut, "git status goes through cleanly");
console.log("guard: checked");
`;
}

const INJECT_HARNESS = `import { readFileSync } from "node:fs";
import { runHook } from "vigiles";
const root = new URL(".", import.meta.url).pathname;
const registration = JSON.parse(readFileSync(root + ".claude/settings.json", "utf8"));
const r = runHook({ registration }, { hook_event_name: "UserPromptSubmit", prompt: "hi" }, { cwd: root });
if (!/House rule/.test(r.stdout)) { console.error("FAILED: no house rule injected: " + JSON.stringify(r.stdout)); process.exit(1); }
console.log("inject: checked");
`;

const PROGRAM_HARNESS = `import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runHook } from "vigiles";
const root = new URL(".", import.meta.url).pathname;
const runtime = join(dirname(fileURLToPath(import.meta.resolve("vigiles"))), "../tiers/hook-program/runtime.js");
const argv = [process.execPath, runtime, join(root, "programs/gate.hook.mjs")];
const r = runHook(argv, { tool_name: "Write", tool_input: { file_path: ".env", content: "x" } }, { cwd: root });
if (r.decision !== "deny") { console.error("FAILED: the compiled gate did not deny a .env write: " + r.stdout + r.stderr); process.exit(1); }
console.log("program: checked");
`;

const skill = (name, description) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\nDo the ${name} thing.\n`;

/**
 * Writes `files` (path → text; `.sh` files executable) into a new folder under .vigiles/tmp/ named
 * after `prefix`, and returns its root.
 * @param {string} prefix @param {Record<string, string>} files @returns {string}
 */
export function writeRepo(prefix, files) {
  const base = join(repoRoot, ".vigiles", "tmp");
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, prefix));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
    if (rel.endsWith(".sh")) chmodSync(join(root, rel), 0o755);
  }
  return root;
}

/** Writes the fixture repository under .vigiles/tmp/ and returns its root. */
/** @param {{ withForcePushAssertion?: boolean }} [options] @returns {string} */
export function makeFixture(options = {}) {
  const base = join(repoRoot, ".vigiles", "tmp");
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, "mutate-fixture-"));
  const write = (path, text, mode) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
    if (mode !== undefined) chmodSync(join(root, path), mode);
  };
  write(".claude/settings.json", `${JSON.stringify(SETTINGS, null, 2)}\n`);
  write("hooks/guard.sh", GUARD, 0o755);
  write("hooks/inject.sh", INJECT, 0o755);
  write("hooks/notify.sh", NOTIFY, 0o755);
  write("programs/gate.hook.mjs", PROGRAM);
  write(".claude/skills/changelog/SKILL.md", skill("changelog", "Write the changelog entry for a release."));
  write(".claude/skills/commit-msg/SKILL.md", skill("commit-msg", "Draft a conventional commit message."));
  write(
    ".claude/agents/reviewer.md",
    `---\nname: reviewer\ndescription: Reviews a diff for risky changes.\n---\nReview.\n`,
  );
  write("guard.harness.mjs", guardHarness(options.withForcePushAssertion ?? true));
  write("inject.harness.mjs", INJECT_HARNESS);
  write("program.harness.mjs", PROGRAM_HARNESS);
  return root;
}

/** sha256 over every path, mode and content under `root` (symlinks by target): equal means byte-identical. */
/** @param {string} root @returns {string} */
export function hashTree(root) {
  const hash = createHash("sha256");
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const st = statSync(path, { throwIfNoEntry: false });
      hash.update(`${relative(root, path)}\0${st?.mode ?? "?"}\0`);
      if (st?.isDirectory()) walk(path);
      else if (st?.isFile()) hash.update(readFileSync(path));
    }
  };
  walk(root);
  return hash.digest("hex");
}
