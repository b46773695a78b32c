// §3 of issue 17: the project under test keeps its file modes. `project: "<dir>"` copies a whole
// project into the work dir as it is (run bits, symlinks inside it, binary files byte for byte).
// With the real pinned CLI: a project whose hook script is executable and registered with no
// interpreter prefix fires and blocks. readProjectHarness (text files only, no modes) made that hook
// exit 126 inside the harness; it now hands over the project directory and the modes.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { lstatSync, readlinkSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { InvalidOptionError } from "../../src/core/errors.js";
import { readProjectHarness } from "../../src/tools/record/project-harness.js";
import { runHarnessTest, withHarness } from "../../src/tiers/harness/run-harness-test.js";

let project: string;
const BINARY = Buffer.from([0x00, 0xff, 0xfe, 0x80, 0x0a, 0xc3, 0x28]);
const GUARD = '#!/bin/sh\nif grep -q "rm -rf"; then echo "guard: no rm -rf" >&2; exit 2; fi\nexit 0\n';

beforeAll(() => {
  project = mkdtempSync("/var/tmp/vigiles-project-dir-");
  mkdirSync(join(project, ".claude", "hooks"), { recursive: true });
  writeFileSync(join(project, ".claude", "hooks", "guard.sh"), GUARD);
  chmodSync(join(project, ".claude", "hooks", "guard.sh"), 0o755);
  writeFileSync(
    join(project, ".claude", "settings.json"),
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' }],
          },
        ],
      },
    }),
  );
  mkdirSync(join(project, "keep"));
  writeFileSync(join(project, "keep", "precious.txt"), "keep me\n");
  writeFileSync(join(project, "blob.bin"), BINARY);
  symlinkSync("keep/precious.txt", join(project, "link.txt"));
  mkdirSync(join(project, "node_modules", "big"), { recursive: true });
  writeFileSync(join(project, "node_modules", "big", "index.js"), "// left out\n");
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe("project: a whole directory", { timeout: 240_000 }, () => {
  test("an executable hook with no interpreter prefix fires and blocks; modes, binaries and symlinks arrive as they are", async () => {
    await withHarness(
      {
        prompt: "tidy up",
        model: [{ tool: "Bash", input: { command: "rm -rf keep" } }, { text: "blocked" }],
        project,
        sandbox: false,
        transcript: true,
      },
      (r) => {
        expect(r.hooks?.map((h) => [h.event, h.exitCode, h.blocked])).toEqual([["PreToolUse", 2, true]]);
        expect(r.toolCalls[0]?.result?.text).toContain("guard: no rm -rf");
        expect(r.file("keep/precious.txt")).toBe("keep me\n");
        expect(statSync(join(r.workDir, ".claude/hooks/guard.sh")).mode & 0o777).toBe(0o755);
        expect(readFileSync(join(r.workDir, "blob.bin")).equals(BINARY)).toBe(true);
        expect(lstatSync(join(r.workDir, "link.txt")).isSymbolicLink()).toBe(true);
        expect(readlinkSync(join(r.workDir, "link.txt"))).toBe("keep/precious.txt");
        expect(r.file("node_modules/big/index.js")).toBeNull();
      },
    );
  });

  // Issue 29 §4: readProjectHarness kept only text, so its files passed on lost the run bit and the
  // hook exited 126. It now hands over the project (and the modes); passed on as its TSDoc says, the
  // executable hook fires and blocks.
  test("readProjectHarness keeps modes and hands over the project: passed on as documented, the hook blocks", async () => {
    const harness = readProjectHarness(project);
    expect(harness.project).toBe(project);
    expect(harness.modes[".claude/hooks/guard.sh"]).toBe(0o755);
    expect(harness.files[".claude/hooks/guard.sh"]).toBe(GUARD);
    await withHarness(
      {
        prompt: "tidy up",
        model: [{ tool: "Bash", input: { command: "rm -rf keep" } }, { text: "blocked" }],
        project: harness.project,
        plugins: harness.plugins,
        sandbox: false,
        transcript: true,
      },
      (r) => {
        expect(r.hooks?.map((h) => [h.event, h.exitCode, h.blocked])).toEqual([["PreToolUse", 2, true]]);
        expect(r.file("keep/precious.txt")).toBe("keep me\n");
      },
    );
  });

  test("a symlink out of the project, and a project that is no directory, are refused", async () => {
    const escaping = mkdtempSync("/var/tmp/vigiles-project-escape-");
    try {
      symlinkSync("/etc/passwd", join(escaping, "passwd"));
      await expect(
        runHarnessTest({ prompt: "x", model: [{ text: "ok" }], project: escaping, sandbox: false }),
      ).rejects.toThrow(/passwd in spec\.project is a symlink to "\/etc\/passwd", outside the project/);
    } finally {
      rmSync(escaping, { recursive: true, force: true });
    }
    await expect(
      runHarnessTest({
        prompt: "x",
        model: [{ text: "ok" }],
        project: "/nonexistent/vigiles",
        sandbox: false,
      }),
    ).rejects.toThrow(InvalidOptionError);
  });
});
