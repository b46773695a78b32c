// docs/reference.md is generated from the entry files by scripts/gen-reference.ts; this test regenerates it
// in memory and fails when the page no longer matches the code or when an export has no TSDoc summary.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import {
  ENTRIES,
  MAIN_FUNCTIONS,
  RESULT_TYPES,
  defaultFromDoc,
  firstSentence,
  generateReference,
  withReference,
  type GeneratedReference,
} from "../../scripts/gen-reference.js";

const root = process.cwd();
const pagePath = join(root, "docs/reference.md");
let generated: GeneratedReference;

beforeAll(() => {
  generated = generateReference(root);
}, 180_000);

describe("docs/reference.md", () => {
  test("matches the code (run `npm run docs:reference` when this fails)", () => {
    const page = readFileSync(pagePath, "utf8");
    const expected = withReference(page, generated.markdown);
    if (page !== expected) {
      const have = page.split("\n");
      const want = expected.split("\n");
      const line = want.findIndex((l, i) => have[i] !== l);
      throw new Error(
        `docs/reference.md is out of date with the entry files: run \`npm run docs:reference\` and commit the page.\n` +
          `First difference at line ${line + 1}:\n  page: ${have[line] ?? "(end of file)"}\n  code: ${want[line] ?? "(end of file)"}`,
      );
    }
  });

  test("every public field of the result types is in the page, under its type (HookRunResult, HarnessTestResult, HookFire)", () => {
    // Read from the compiler, not a list here: a field added to a result type and not to the page fails.
    const page = readFileSync(pagePath, "utf8");
    expect(generated.resultFields.map((r) => r.type).sort()).toEqual([...RESULT_TYPES].sort());
    for (const { type, fields } of generated.resultFields) {
      const start = page.indexOf(`#### ${type}\n`);
      expect(start, `docs/reference.md has no "#### ${type}" section`).toBeGreaterThan(0);
      const section = page.slice(start, page.indexOf("\n#### ", start + 1));
      const missing = fields.filter((f) => !new RegExp(`^\\| \`${f}\\??\``, "m").test(section));
      expect(
        missing,
        `fields of ${type} missing from docs/reference.md (run \`npm run docs:reference\`)`,
      ).toEqual([]);
    }
    // The fire record's own fields, as a user reads r.hooks.
    expect(generated.resultFields.find((r) => r.type === "HookFire")?.fields).toEqual(
      expect.arrayContaining(["event", "exitCode", "blocked", "output"]),
    );
  });

  test("every export has a TSDoc summary", () => {
    expect(
      generated.missingSummaries,
      "these exports have no TSDoc summary: add a one-line /** … */ above their declaration, then run `npm run docs:reference`",
    ).toEqual([]);
  });

  test("lists every entry and every main function with its signature", () => {
    expect(generated.missingMainFunctions).toEqual([]);
    for (const entry of ENTRIES) expect(generated.markdown).toContain(`## \`${entry.name}\``);
    for (const name of MAIN_FUNCTIONS) {
      expect(generated.markdown).toMatch(
        new RegExp(`^#### ${name}\\n[\\s\\S]*?\`\`\`ts\\nfunction ${name}\\b`, "m"),
      );
    }
    // The runners' options, with a type and the default their doc states.
    expect(generated.markdown).toMatch(/^\| `timeoutMs\?` \| `number` \| 600 000 \| /m);
    expect(generated.markdown).toMatch(/^##### HarnessTestSpec$/m);
    expect(generated.markdown).toMatch(/^##### TriggerRateOptions$/m);
    expect(generated.markdown).toMatch(/^##### CollisionBounds$/m);
    // The matcher entries export nothing; the page says what they add to the runner's `expect`.
    expect(generated.markdown).toMatch(
      /^Adds to `Matchers` of `vitest` the members of `VigilesMatchers`: .*`toPass`/m,
    );
  });

  test("reads every export of an entry file, with its kind", () => {
    const kinds = new Map(generated.exports.map((e) => [`${e.entry}:${e.name}`, e.kind]));
    expect(kinds.get("vigiles:runHook")).toBe("function");
    expect(kinds.get("vigiles:VigilesError")).toBe("class");
    expect(kinds.get("vigiles:disasterCorpus")).toBe("const");
    expect(kinds.get("vigiles:RunHookOptions")).toBe("type");
    expect(kinds.get("vigiles/eval:paid_measureTriggerRate")).toBe("function"); // re-exported under a new name
    // Every `export { … }` name of every entry file is on the page (a crude read of the files as text).
    for (const entry of ENTRIES) {
      const text = readFileSync(join(root, entry.file), "utf8");
      for (const block of text.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
        for (const spec of block[1]!.split(",")) {
          const name = spec
            .trim()
            .replace(/^type\s+/, "")
            .split(/\s+as\s+/)
            .at(-1)!;
          if (name !== "") expect(kinds.has(`${entry.name}:${name}`), `${entry.name}: ${name}`).toBe(true);
        }
      }
    }
  });

  test("keeps the hand-written part and refuses a page without markers", () => {
    const page =
      "intro\n<!-- reference:start (generated by `npm run docs:reference`; do not edit) -->\nold\n<!-- reference:end -->\nafter\n";
    expect(withReference(page, "NEW")).toBe(
      "intro\n<!-- reference:start (generated by `npm run docs:reference`; do not edit) -->\n\nNEW\n\n<!-- reference:end -->\nafter\n",
    );
    expect(() => withReference("no markers", "NEW")).toThrow(/markers/);
  });

  test("summaries and defaults are read from the doc text", () => {
    expect(firstSentence("Runs a hook. Then more.")).toBe("Runs a hook.");
    expect(firstSentence("Uses `a.b` and e.g. this. Next.")).toBe("Uses `a.b` and e.g. this.");
    expect(defaultFromDoc("Trials per arm (default 3).")).toBe("3");
    expect(defaultFromDoc("Kill it after this long. Default 600 000 (the harness's hook default).")).toBe(
      "600 000",
    );
    expect(defaultFromDoc("Significance level; default 0.05.")).toBe("0.05");
    expect(defaultFromDoc("For `~/…` rules in `if:`. Default: $HOME.")).toBe("$HOME");
    expect(defaultFromDoc("The default driver has no credentials.")).toBe("");
  });
});
