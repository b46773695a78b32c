// docs/harness-facts.md is generated from the rules' metadata, eventRules and hook folding by
// scripts/gen-harness-facts.ts; this test regenerates it and fails when it drifts. It also pins, against
// the real Claude Code CLI, the manifest-path finding the page cites.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import {
  FOLDING_FACTS,
  PINNED_FINDINGS,
  RULE_SOURCES,
  ruleSource,
  brokenFoldingFacts,
  factRules,
  foldFact,
  generateHarnessFacts,
  withHarnessFacts,
} from "../../scripts/gen-harness-facts.js";

const root = process.cwd();

describe("docs/harness-facts.md", () => {
  test("matches the code (run `npm run docs:harness-facts` when this fails)", () => {
    const page = readFileSync(join(root, "docs/harness-facts.md"), "utf8");
    const expected = withHarnessFacts(page, generateHarnessFacts());
    if (page !== expected) {
      const have = page.split("\n");
      const want = expected.split("\n");
      const line = want.findIndex((l, i) => have[i] !== l);
      throw new Error(
        "docs/harness-facts.md is out of date with the rules and hook folding: run `npm run docs:harness-facts` and commit the page.\n" +
          `First difference at line ${line + 1}:\n  page: ${have[line] ?? "(end of file)"}\n  code: ${want[line] ?? "(end of file)"}`,
      );
    }
  });

  test("every rule has a source, and every source belongs to a rule", () => {
    const ids = factRules().map((r) => r.id);
    expect(ids.length).toBeGreaterThan(20);
    expect(
      factRules()
        .filter((r) => ruleSource(r) === undefined)
        .map((r) => r.id),
      "give these rules a `source` (a harness's own) or a RULE_SOURCES row in scripts/gen-harness-facts.ts",
    ).toEqual([]);
    expect(Object.keys(RULE_SOURCES).filter((id) => !ids.includes(id))).toEqual([]);
    // A source that names a test names a file that exists.
    for (const source of factRules().map((r) => ruleSource(r) ?? "")) {
      for (const [, file] of source.matchAll(/`(test\/[^`]+)`/g))
        expect(() => readFileSync(join(root, file!))).not.toThrow();
    }
  });

  test("every hook-folding fact still folds as the page says", () => {
    expect(FOLDING_FACTS.length).toBeGreaterThan(5);
    expect(brokenFoldingFacts()).toEqual([]);
    // And the check can fail: a fact that claims the opposite is caught.
    const flipped = { ...FOLDING_FACTS[0]!, expect: { blocked: false } };
    expect(foldFact(flipped).blocked).toBe(true);
    expect(brokenFoldingFacts([flipped])).toEqual([flipped.fact]);
  });

  test("every pinned finding names a test that exists, by its exact title", () => {
    expect(PINNED_FINDINGS.length).toBeGreaterThanOrEqual(4);
    for (const p of PINNED_FINDINGS) {
      const text = readFileSync(join(root, p.file), "utf8");
      expect(
        text.includes(JSON.stringify(p.title)) || text.includes(`"${p.title}"`),
        `${p.file}: "${p.title}"`,
      ).toBe(true);
    }
  });

  test("every rule a fact names as its check exists", () => {
    const ids = new Set(factRules().map((r) => r.id));
    const named = [...FOLDING_FACTS, ...PINNED_FINDINGS].flatMap((f) => f.rules);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((id) => !ids.has(id))).toEqual([]);
  });

  test("refuses a page without markers", () => {
    expect(() => withHarnessFacts("no markers", "x")).toThrow(/markers/);
  });
});

describe("Claude Code 2.1.328, real CLI", () => {
  test(
    "Claude Code 2.1.328 skips a plugin whose manifest has a path without ./ or an agents entry that is not .md",
    { timeout: 120_000 },
    async () => {
      const base = mkdtempSync(join(tmpdir(), "vigiles-manifest-paths-"));
      const plugin = (name: string, manifest: Record<string, unknown>): string => {
        const dir = join(base, name);
        const files: Record<string, string> = {
          ".claude-plugin/plugin.json": JSON.stringify({ name, ...manifest }),
          "skills/s/SKILL.md": "---\nname: s\ndescription: A skill.\n---\nbody\n",
          "extra/e/SKILL.md": "---\nname: e\ndescription: Another skill.\n---\nbody\n",
          "hooks/more.json": JSON.stringify({ hooks: {} }),
          "agents/a.md": "---\nname: a\ndescription: An agent.\n---\nx\n",
          "cmds/one.md": "---\ndescription: one\n---\nx\n",
        };
        for (const [rel, text] of Object.entries(files)) {
          mkdirSync(dirname(join(dir, rel)), { recursive: true });
          writeFileSync(join(dir, rel), text);
        }
        return dir;
      };
      const rejected = {
        "skills-no-dot": { skills: "extra" },
        "hooks-no-dot": { hooks: "hooks/more.json" },
        "commands-no-dot": { commands: ["cmds/one.md"] },
        "agents-no-dot": { agents: ["agents/a.md"] },
        "agents-folder": { agents: "./agents" },
      };
      const dirs = [
        plugin("with-dots", {
          skills: "./extra",
          hooks: "./hooks/more.json",
          commands: ["./cmds/one.md"],
          agents: ["./agents/a.md"],
        }),
        ...Object.entries(rejected).map(([name, manifest]) => plugin(name, manifest)),
      ];
      const r = await runHarnessTest({
        prompt: "hi",
        plugins: dirs,
        sandbox: false,
        transcript: true,
        model: [{ text: "done" }],
      });
      try {
        const init = r.events.find((e) => e["type"] === "system" && e["subtype"] === "init");
        const plugins = ((init?.["plugins"] as { name: string }[] | undefined) ?? []).map((p) => p.name);
        const skills = (init?.["skills"] as string[] | undefined) ?? [];
        // The control loads with every component path spelled `./…`.
        expect(plugins).toContain("with-dots");
        expect(skills).toEqual(expect.arrayContaining(["with-dots:s", "with-dots:e"]));
        for (const name of Object.keys(rejected)) {
          expect(plugins, name).not.toContain(name);
          expect(
            skills.filter((s) => s.startsWith(`${name}:`)),
            name,
          ).toEqual([]);
        }
        // Silently: no event of the stream names a rejected plugin.
        const others = r.events.filter((e) => e !== init).map((e) => JSON.stringify(e));
        for (const name of Object.keys(rejected))
          expect(
            others.filter((e) => e.includes(name)),
            name,
          ).toEqual([]);
      } finally {
        r.cleanup();
        rmSync(base, { recursive: true, force: true });
      }
    },
  );
});
