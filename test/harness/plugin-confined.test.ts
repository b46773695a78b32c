// A plugin under test (confined by default with bubblewrap) and what confinement keeps out.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { requestContains } from "../../src/tiers/harness/availability.js";
import { withHarness } from "../../src/tiers/harness/run-harness-test.js";

let pluginRoot = "";

beforeAll(() => {
  // A space in the path: the hook command must quote ${CLAUDE_PLUGIN_ROOT}.
  pluginRoot = join(mkdtempSync(join(tmpdir(), "vigiles-plugin-test-")), "demo plugin");
  mkdirSync(join(pluginRoot, ".claude-plugin"), { recursive: true });
  mkdirSync(join(pluginRoot, "hooks"));
  mkdirSync(join(pluginRoot, "skills", "greet"), { recursive: true });
  writeFileSync(join(pluginRoot, ".claude-plugin", "plugin.json"), JSON.stringify({ name: "demo" }));
  writeFileSync(
    join(pluginRoot, "hooks", "hooks.json"),
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [{ type: "command", command: '"${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh"' }],
          },
        ],
      },
    }),
  );
  const guard = join(pluginRoot, "hooks", "guard.sh");
  writeFileSync(
    guard,
    '#!/bin/sh\necho "PLUGIN-GUARD root=$CLAUDE_PLUGIN_ROOT" >&2\nif grep -q "rm -rf" ; then exit 2; fi\nexit 0\n',
  );
  chmodSync(guard, 0o755);
  writeFileSync(
    join(pluginRoot, "skills", "greet", "SKILL.md"),
    "---\nname: greet\ndescription: Greets the user. Use when asked to greet.\n---\nPLUGIN-SKILL-BODY\n",
  );
});

afterAll(() => {
  if (pluginRoot) rmSync(join(pluginRoot, ".."), { recursive: true, force: true });
});

describe.concurrent("a plugin loaded with --plugin-dir", { timeout: 180_000 }, () => {
  test("its hooks/hooks.json hook fires with ${CLAUDE_PLUGIN_ROOT} resolved, confined by default", async () => {
    await withHarness(
      {
        prompt: "clean",
        plugin: pluginRoot,
        model: [{ tool: "Bash", input: { command: "rm -rf keep" } }, { text: "blocked" }],
        files: { "keep/x": "x" },
        transcript: true,
      },
      (r) => {
        expect(r.confined).toBe(true);
        expect(r.argv[0]).toBe("bwrap");
        const fire = r.hooks?.find((h) => h.event === "PreToolUse");
        expect(fire).toMatchObject({ name: "PreToolUse:Bash", exitCode: 2, blocked: true });
        expect(fire?.stderr).toContain(`PLUGIN-GUARD root=${pluginRoot}`);
        expect(r.file("keep/x")).toBe("x");
        expect(r.toolCalls[0]?.result?.isError).toBe(true);
      },
    );
  });

  test("its skill resolves as plugin:skill through the Skill tool", async () => {
    await withHarness(
      {
        prompt: "greet",
        pluginDir: pluginRoot,
        model: [{ tool: "Skill", input: { skill: "demo:greet" } }, { text: "hi" }],
      },
      (r) => {
        expect(r.toolCalls[0]?.result?.text).toContain("Launching skill: demo:greet");
        expect(requestContains(r, "PLUGIN-SKILL-BODY")).toBe(true);
      },
    );
  });

  test("sandbox: false opts a plugin run out of confinement", async () => {
    await withHarness(
      { prompt: "x", plugin: { dir: pluginRoot }, sandbox: false, model: [{ text: "ok" }] },
      (r) => {
        expect(r.confined).toBe(false);
        expect(r.output).toBe("ok");
      },
    );
  });
});

describe.concurrent("confinement (sandbox: true)", { timeout: 180_000 }, () => {
  test("the CLI's tools write the work dir but not outside it, and still reach the mock through the relay", async () => {
    // /var/tmp is on the host's read-only view (not the checkout: CI may clone it under /tmp, which
    // a confined run sees as its own private tmpfs).
    const outside = join("/var/tmp", `vigiles-escape-${process.pid}-${Date.now()}`);
    await withHarness(
      {
        prompt: "try to escape",
        sandbox: true,
        model: [
          { tool: "Bash", input: { command: `echo in > INSIDE; echo out > ${outside}; echo "exit=$?"` } },
          { text: "tried" },
        ],
      },
      (r) => {
        expect(r.confined).toBe(true);
        expect(r.file("INSIDE")).toBe("in\n");
        expect(r.output).toBe("tried");
        // Both streams reach the model; their order in the text is not the point here.
        expect(r.toolCalls[0]?.result?.text).toMatch(/Read-only file system/);
        expect(r.toolCalls[0]?.result?.text).toMatch(/exit=[1-9]/);
        expect(r.filesWritten).toEqual(["INSIDE"]);
      },
    );
    expect(() => rmSync(outside)).toThrow();
  });
});
