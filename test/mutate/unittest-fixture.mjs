/**
 * A repository whose hook tests are a Python unittest suite (the pytest-style field case, with no
 * pytest to install): one guard registered in .claude/settings.json, run by `--command "python3 -m
 * unittest discover -s tests -q"`. Nothing in it uses a vigiles runner, so no coverage is recorded.
 * `suite: "by-path"` runs the script by its path and checks its answers (the way field suites test
 * hooks); `suite: "registration-weak"` reads settings.json, runs each handler matching Bash through
 * its registered command, and checks nothing.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { repoRoot } from "./fixture.mjs";

const GUARD = `#!/usr/bin/env python3
"""Refuses recursive deletes of the root; everything else goes through."""
import json
import sys

event = json.load(sys.stdin)
if "rm -rf /" in event.get("tool_input", {}).get("command", ""):
    print("guard: refusing rm -rf /", file=sys.stderr)
    sys.exit(2)
sys.exit(0)
`;

const SETTINGS = {
  hooks: {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [{ type: "command", command: 'python3 "$CLAUDE_PROJECT_DIR"/hooks/guard.py', timeout: 5 }],
      },
    ],
  },
};

const HEADER = `import json
import os
import re
import subprocess
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def event(command):
    return json.dumps({"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": command}})
`;

const BY_PATH = `${HEADER}

def run(command):
    return subprocess.run(["python3", "hooks/guard.py"], input=event(command), capture_output=True, text=True, cwd=ROOT)


class GuardTest(unittest.TestCase):
    def test_refuses_rm_rf_root(self):
        r = run("rm -rf /")
        self.assertEqual(r.returncode, 2)
        self.assertIn("refusing", r.stderr)

    def test_lets_ls_through(self):
        self.assertEqual(run("ls").returncode, 0)
`;

const REGISTRATION_WEAK = `${HEADER}

def handlers(tool):
    with open(os.path.join(ROOT, ".claude", "settings.json")) as f:
        settings = json.load(f)
    for group in settings["hooks"].get("PreToolUse", []):
        if re.fullmatch(group.get("matcher") or ".*", tool):
            yield from group["hooks"]


class GuardTest(unittest.TestCase):
    def test_runs_through_the_registration(self):
        for h in handlers("Bash"):
            try:
                subprocess.run(h["command"], shell=True, input=event("rm -rf /"), capture_output=True, text=True,
                               cwd=ROOT, env={**os.environ, "CLAUDE_PROJECT_DIR": ROOT}, timeout=h.get("timeout", 600))
            except subprocess.TimeoutExpired:
                pass
`;

/** The command the suite runs with. */
export const UNITTEST_COMMAND = "python3 -m unittest discover -s tests -q";
export const PY_GUARD_ID = ".claude/settings.json:PreToolUse[0].hooks[0]";

/**
 * Writes the repository and returns its root.
 * @param {{ suite: "by-path" | "registration-weak" }} options
 * @returns {string}
 */
export function makeUnittestFixture(options) {
  const base = join(repoRoot, ".vigiles", "tmp");
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, "mutate-unittest-"));
  const files = {
    ".claude/settings.json": `${JSON.stringify(SETTINGS, null, 2)}\n`,
    "hooks/guard.py": GUARD,
    "tests/test_guard.py": options.suite === "by-path" ? BY_PATH : REGISTRATION_WEAK,
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
