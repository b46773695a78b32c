// resolveHarness and claudeAvailable against real executables (the pinned CLI and small fake ones).
import { afterAll, describe, expect, test } from "vitest";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HarnessNotFoundError } from "../../src/adapters/claude-code/errors.js";
import { CLAUDE_BIN_ENV, resolveHarness } from "../../src/adapters/claude-code/resolve-harness.js";
import { claudeAvailable } from "../../src/tiers/harness/availability.js";

const dir = mkdtempSync(join(tmpdir(), "vigiles-resolve-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fake(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

describe("resolveHarness", () => {
  test("finds the pinned CLI in node_modules and reports its version", async () => {
    const h = await resolveHarness();
    expect(h).toMatchObject({ adapterId: "claude-code", version: "2.1.328", source: "node_modules" });
    expect(h.path).toMatch(/node_modules\/@anthropic-ai\/claude-code/);
    expect(claudeAvailable()).toBe(true);
  });

  test("an explicit path wins, and the version is what it prints", async () => {
    const path = fake("claude-fake", 'echo "9.8.7 (Claude Code)"');
    await expect(resolveHarness({ path })).resolves.toMatchObject({
      path,
      version: "9.8.7",
      source: "option",
    });
  });

  test("an explicit path that answers no version is not usable: HarnessNotFoundError lists it and the install line", async () => {
    const path = fake("claude-broken", "exit 3");
    const run = resolveHarness({ path });
    await expect(run).rejects.toBeInstanceOf(HarnessNotFoundError);
    await expect(run).rejects.toThrow(
      new RegExp(`option: ${path}.*npm install -D -E @anthropic-ai/claude-code@2\\.1\\.328`),
    );
  });

  test(`${CLAUDE_BIN_ENV} is used before node_modules`, async () => {
    const path = fake("claude-env", 'echo "1.2.3 (Claude Code)"');
    const saved = process.env[CLAUDE_BIN_ENV];
    process.env[CLAUDE_BIN_ENV] = path;
    try {
      await expect(resolveHarness()).resolves.toMatchObject({ path, version: "1.2.3", source: "env" });
    } finally {
      if (saved === undefined) delete process.env[CLAUDE_BIN_ENV];
      else process.env[CLAUDE_BIN_ENV] = saved;
    }
  });
});
