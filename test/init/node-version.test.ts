// Pins the Node major of the workflow `vigiles init --ci github` writes: the highest minimum that the
// harness CLIs' `engines` declare (Claude Code 2.1.328 and Qwen Code 0.24.4 ask for >= 22, so not
// the Node 20 the workflow used), read where the project installed them, else beside vigiles.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { ciNodeMajor, minimumMajor } from "../../src/tools/init/node-version.js";

test("a range's lowest major", () => {
  expect(minimumMajor(">=22.0.0")).toBe(22);
  expect(minimumMajor("^20.19.0 || >=22")).toBe(20);
  expect(minimumMajor("not a range")).toBeUndefined();
});

test("the pinned CLIs installed beside vigiles ask for Node 22; one the project pins higher wins", () => {
  const project = mkdtempSync(join(tmpdir(), "vigiles-node-major-"));
  try {
    expect(ciNodeMajor(project)).toBe(22);
    const cli = join(project, "node_modules/@anthropic-ai/claude-code");
    mkdirSync(cli, { recursive: true });
    writeFileSync(join(cli, "package.json"), JSON.stringify({ name: "x", engines: { node: ">=24.1.0" } }));
    expect(ciNodeMajor(project)).toBe(24);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});
