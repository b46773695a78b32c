// Pins harness selection: the capability matrix in docs/harnesses.md is exactly what the adapters
// declare (regenerate with `npm run docs:harnesses`), and a runner without `{ adapter }` follows
// VIGILES_HARNESS, which `vigiles test` sets from the repository's layout.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { claudeCodeAdapter } from "../../src/adapters/claude-code/adapter.js";
import { codexAdapter } from "../../src/adapters/codex/adapter.js";
import { geminiAdapter } from "../../src/adapters/gemini-cli/adapter.js";
import { HARNESSES } from "../../src/adapters/registry.js";
import {
  capabilityMatrixMarkdown,
  MATRIX_END,
  MATRIX_START,
  withMatrix,
} from "../../src/tiers/harness/capability-matrix.js";
import { defaultAdapter } from "../../src/tiers/harness/default-adapter.js";

describe("capability matrix", () => {
  test("docs/harnesses.md carries the matrix every registered adapter declares", async () => {
    const page = readFileSync("docs/harnesses.md", "utf8");
    const generated = capabilityMatrixMarkdown(await Promise.all(HARNESSES.map((h) => h.loadAdapter())));
    const start = page.indexOf(MATRIX_START) + MATRIX_START.length;
    expect(page.slice(start, page.indexOf(MATRIX_END)).trim()).toBe(generated);
  });

  test("a changed capability changes the table (the check can fail)", () => {
    const changed = { ...codexAdapter, capabilities: { ...codexAdapter.capabilities, effort: true } };
    expect(capabilityMatrixMarkdown([claudeCodeAdapter, changed])).not.toBe(
      capabilityMatrixMarkdown([claudeCodeAdapter, codexAdapter]),
    );
    expect(withMatrix(`a\n${MATRIX_START}\nold\n${MATRIX_END}\nb`, "new")).toBe(
      `a\n${MATRIX_START}\nnew\n${MATRIX_END}\nb`,
    );
  });
});

describe("default adapter", () => {
  test("Claude Code unless VIGILES_HARNESS says codex; an unknown name is an error", async () => {
    expect(await defaultAdapter({})).toBe(claudeCodeAdapter);
    expect(await defaultAdapter({ VIGILES_HARNESS: "claude-code" })).toBe(claudeCodeAdapter);
    expect(await defaultAdapter({ VIGILES_HARNESS: "codex" })).toBe(codexAdapter);
    expect(await defaultAdapter({ VIGILES_HARNESS: "gemini" })).toBe(geminiAdapter);
    await expect(defaultAdapter({ VIGILES_HARNESS: "cursor" })).rejects.toThrow(/names no harness/);
  });
});
