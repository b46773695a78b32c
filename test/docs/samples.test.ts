// Every `js` code sample in README.md and docs/*.md runs as written, from the repository root,
// against the built package (`import ... from "vigiles"`): a sample that drifts from the API fails here.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";

const root = process.cwd();
const scratch = join(root, ".vigiles/tmp/doc-samples");
const pages = [
  "README.md",
  ...readdirSync(join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

interface Sample {
  readonly page: string;
  readonly line: number;
  readonly code: string;
}

function samplesOf(page: string): Sample[] {
  const lines = readFileSync(join(root, page), "utf8").split("\n");
  const out: Sample[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]?.trim() !== "```js") continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end]?.trim() !== "```") end++;
    out.push({ page, line: start + 1, code: lines.slice(start, end).join("\n") });
    i = end;
  }
  return out;
}

const samples = pages.flatMap(samplesOf);

describe("documentation samples", () => {
  test("there are samples to run", () => {
    expect(samples.length).toBeGreaterThan(4);
  });

  test.concurrent.each(samples.map((s) => [`${s.page}:${s.line}`, s] as const))(
    "%s runs",
    async (_name, sample) => {
      mkdirSync(scratch, { recursive: true });
      const file = join(scratch, `${sample.page.replace(/\W+/g, "-")}-${sample.line}.mjs`);
      writeFileSync(file, sample.code);
      const run = promisify(execFile);
      const r = await run(process.execPath, [file], { cwd: root, encoding: "utf8", timeout: 120_000 }).catch(
        (error: { stderr?: string; code?: number }) => {
          throw new Error(
            `${sample.page}:${sample.line} failed (exit ${error.code}):\n${error.stderr ?? error}`,
          );
        },
      );
      expect(r.stderr).not.toMatch(/Error/);
    },
  );
});
