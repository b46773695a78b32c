// Pins one spelling of each harness id in the docs (issue 31: `harness: "copilot"` in one place and
// `--harness copilot-cli` in another): where the docs write a harness id (`--harness`, `harness:`,
// `VIGILES_HARNESS=`, `--harness-version <id>@`), it is the registry's id, never an alias, except on a
// line that says it is an alias. Aliases stay accepted wherever an id is (harnessEntry).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { HARNESSES, harnessEntry } from "../../src/adapters/registry.js";

const root = process.cwd();
const pages = [
  "README.md",
  ...readdirSync(join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/**
 * An alias written where a harness id goes: `--harness X`, `harness: "X"`, `VIGILES_HARNESS=X`, or a
 * `--harness-version X@1.2.3` (not package or folder names such as `opencode-ai@1.18.33` or `gemini-cli/`).
 */
const asId = (alias: string) => {
  const end = "(?![\\w-])";
  return new RegExp(
    `--harness[ =]${alias}${end}|harness: ?["']?${alias}${end}|VIGILES_HARNESS=${alias}${end}|--harness-version[ =]${alias}@`,
  );
};

test("the docs spell each harness by its registry id; an alias only where it is named as one", () => {
  const misspelled: string[] = [];
  for (const page of pages) {
    const lines = readFileSync(join(root, page), "utf8").split("\n");
    lines.forEach((line, i) => {
      if (/alias/i.test(line)) return;
      for (const h of HARNESSES)
        for (const alias of h.aliases)
          if (asId(alias).test(line)) misspelled.push(`${page}:${i + 1}: ${alias} (write ${h.id})`);
    });
  }
  expect(misspelled).toEqual([]);
});

test("the check catches an alias written as an id, and not the id that contains it", () => {
  expect(asId("copilot").test('runHook(cmd, event, { harness: "copilot" })')).toBe(true);
  expect(asId("copilot").test("vigiles explain --harness copilot")).toBe(true);
  expect(asId("copilot").test("vigiles explain --harness copilot-cli")).toBe(false);
  expect(asId("opencode-ai").test("npm i -D opencode-ai@1.18.33")).toBe(false);
});

test("every alias is still accepted where an id is", () => {
  for (const h of HARNESSES) for (const alias of h.aliases) expect(harnessEntry(alias).id).toBe(h.id);
});
