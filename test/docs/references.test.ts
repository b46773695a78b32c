// Every reference to a repository file from the code and the docs leads to a file that exists, and
// nothing cites notes kept outside the repository (which a reader of the repository cannot open).
// Checked: markdown links, and backticked paths under docs/, src/, test/ or scripts/, in src/, docs/,
// scripts/ and README.md. A path with a placeholder (`<h>`, `*`, `{…}`, `…`, `${…}`) is a pattern, not a file.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const SCANNED = ["src", "docs", "scripts", "README.md"];
const TEXT = /\.(ts|mts|mjs|js|md)$/;
/** Notes that lived outside the repository; their content is now in docs/. */
const OUTSIDE_NOTES = /\bDESIGN\.md\b|HOOK-CONTRACT|API-NOTES|hook-field-notes|testing-api\b/;
const PLACEHOLDER = /[<>*{}…$|]/;

function filesUnder(path: string): string[] {
  const abs = join(ROOT, path);
  if (!statSync(abs).isDirectory()) return [path];
  return readdirSync(abs, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(path, e.name)) : TEXT.test(e.name) ? [join(path, e.name)] : [],
  );
}

export interface BrokenReference {
  readonly file: string;
  readonly line: number;
  readonly reference: string;
}

/** The references of one file's text that lead nowhere, and its citations of the outside notes. */
export function brokenReferences(
  file: string,
  text: string,
  exists = (p: string) => existsSync(p),
): BrokenReference[] {
  const out: BrokenReference[] = [];
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    const at = (reference: string) => out.push({ file, line: i + 1, reference });
    const outside = OUTSIDE_NOTES.exec(line);
    if (outside) at(outside[0]);
    if (file.endsWith(".md")) {
      for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = (m[1] ?? "").split("#")[0] ?? "";
        if (target === "" || /^[a-z]+:/i.test(target) || PLACEHOLDER.test(target)) continue;
        if (!exists(resolve(ROOT, dirname(file), target))) at(target);
      }
    }
    for (const m of line.matchAll(/`((?:docs|src|test|scripts)\/[^`\s]+)`/g)) {
      // A backtick escaped in a template literal leaves its backslash; `..` marks an example of escaping.
      const path = (m[1] ?? "")
        .replace(/\\$/, "")
        .replace(/[.,:;]+$/, "")
        .replace(/#.*$/, "");
      if (PLACEHOLDER.test(path) || path.includes("..")) continue;
      if (!exists(join(ROOT, path))) at(path);
    }
  });
  return out;
}

describe("references to repository files", () => {
  const files = SCANNED.flatMap(filesUnder);

  test("the scan reads the code and the docs", () => {
    expect(files).toContain("docs/design.md");
    expect(files).toContain("docs/hook-contract.md");
    expect(files.filter((f) => f.startsWith("src/")).length).toBeGreaterThan(100);
  });

  test("every markdown link and backticked repository path leads to a file; no outside notes are cited", () => {
    const broken = files.flatMap((f) => brokenReferences(f, readFileSync(join(ROOT, f), "utf8")));
    expect(broken.map((b) => `${relative(ROOT, join(ROOT, b.file))}:${b.line}: ${b.reference}`)).toEqual([]);
  });

  test("the check itself catches a missing file, a broken link and an outside note", () => {
    const text = [
      "see `src/core/no-such-file.ts` and `src/core/is-record.ts`",
      "[gone](gone.md) [here](design.md) [web](https://example.com) [anchor](#layers)",
      "as HOOK-CONTRACT.md says; `src/adapters/<h>/errors.ts` is a pattern",
    ].join("\n");
    expect(brokenReferences("docs/x.md", text).map((b) => b.reference)).toEqual([
      "src/core/no-such-file.ts",
      "gone.md",
      "HOOK-CONTRACT",
    ]);
  });
});
