/**
 * `description-overlap` compares only skills one model sees together, and does it without
 * compressing every pair (issue 35). Pins, each with a fixture of our own:
 * - a plugin's skill and its copy under a dated backup folder are never paired;
 * - a plugin's skill and its Codex mirror under `.agents/skills` are never paired;
 * - per-language templates ("Go patterns …" / "Kotlin patterns …") a prompt naming the language
 *   separates are not flagged;
 * - real near-duplicates still are (two skills of one plugin; a plugin skill and a project skill);
 * - the indexed search finds every pair the all-pairs search finds, and 1,000 skills take under 2 s.
 */
import { describe, expect, it } from "vitest";
import {
  checkDescriptionOverlap,
  type SkillDescriptionInput,
} from "../../src/core/audit/rules/description-overlap.js";
import { ncdPairs, ncdPairsWithin } from "../../src/core/ncd.js";

const REVIEW =
  "Review a pull request for correctness, security and style, and leave inline comments on each problem found.";
const REVIEW_PARAPHRASE =
  "Review pull requests for correctness, security and style, leaving inline comments on every problem found.";

const plugin = (id: string, file: string, description: string): SkillDescriptionInput => ({
  id,
  file,
  description,
  plugin: id.split(":")[0] as string,
  // What the audit tier asks the registry for a `.claude-plugin` plugin (see the test below).
  pluginHome: ".claude",
});
const project = (id: string, file: string, description: string): SkillDescriptionInput => ({
  id,
  file,
  description,
  harnessHome: /(\.[a-z]+)\/skills\//.exec(file)?.[1] as string,
});

describe("description-overlap: only skills seen together", () => {
  it("does not pair a plugin skill with its copy under a dated backup folder", () => {
    const found = checkDescriptionOverlap([
      plugin("kit:review", "plugins/kit/skills/review/SKILL.md", REVIEW),
      plugin("kit:review", "backups/2025-01-10/plugins/kit/skills/review/SKILL.md", REVIEW_PARAPHRASE),
      plugin("kit:pr-review", "backup/plugins/kit/skills/pr-review/SKILL.md", REVIEW),
    ]);
    expect(found).toEqual([]);
  });

  it("does not pair a plugin skill with its mirror for another harness", () => {
    const found = checkDescriptionOverlap([
      plugin("kit:review", "plugins/kit/skills/review/SKILL.md", REVIEW),
      project("review", ".agents/skills/review/SKILL.md", REVIEW_PARAPHRASE),
      project("pr-review", ".agents/skills/pr-review/SKILL.md", "Checks documentation links."),
    ]);
    expect(found).toEqual([]);
  });

  it("does not flag per-language templates that a prompt naming the language separates", () => {
    const template = (lang: string) =>
      `Idiomatic ${lang} patterns, best practices and conventions for building robust, efficient and maintainable ${lang} applications.`;
    const found = checkDescriptionOverlap([
      plugin("kit:golang-patterns", "plugins/kit/skills/golang-patterns/SKILL.md", template("Go")),
      plugin("kit:kotlin-patterns", "plugins/kit/skills/kotlin-patterns/SKILL.md", template("Kotlin")),
      plugin("kit:rust-patterns", "plugins/kit/skills/rust-patterns/SKILL.md", template("Rust")),
    ]);
    expect(found).toEqual([]);
  });

  it("does not flag a pair each naming its own id's language, however written (Node.js for nodejs)", () => {
    const found = checkDescriptionOverlap([
      plugin(
        "box:python-containers",
        "plugins/box/skills/python-containers/SKILL.md",
        "Python container optimisation: slim images, virtualenv, multi-stage builds, pip caches. Use when working with Python containers or image sizes.",
      ),
      plugin(
        "box:nodejs-containers",
        "plugins/box/skills/nodejs-containers/SKILL.md",
        "Node.js container optimisation: Alpine, multi-stage builds, node_modules caches. Use when working with Node.js containers or image sizes.",
      ),
    ]);
    expect(found).toEqual([]);
  });

  it("still flags near-duplicates one model sees together", () => {
    const inPlugin = checkDescriptionOverlap([
      plugin("kit:review", "plugins/kit/skills/review/SKILL.md", REVIEW),
      plugin("kit:check-pr", "plugins/kit/skills/check-pr/SKILL.md", REVIEW_PARAPHRASE),
    ]);
    expect(inPlugin.map((f) => f.ruleId)).toEqual(["description-overlap"]);
    const besideProject = checkDescriptionOverlap([
      plugin("kit:review", "plugins/kit/skills/review/SKILL.md", REVIEW),
      project("check-pr", ".claude/skills/check-pr/SKILL.md", REVIEW_PARAPHRASE),
    ]);
    expect(besideProject).toHaveLength(1);
  });
});

/** A seeded generator, so the texts are the same on every run. */
function texts(count: number, seed: number): string[] {
  let s = seed;
  // mulberry32
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const word = () =>
    Array.from({ length: 5 + Math.floor(next() * 5) }, () => letters[Math.floor(next() * 26)]).join("");
  const vocabulary = Array.from({ length: 3000 }, word);
  const base = Array.from({ length: count }, () =>
    Array.from({ length: 25 }, () => vocabulary[Math.floor(next() * vocabulary.length)]).join(" "),
  );
  // Every tenth text is a light edit of an earlier one: real near-duplicates to find.
  return base.map((t, i) => (i % 10 === 9 ? `${base[i - 1]} also` : t));
}

describe("description-overlap: indexed, not all pairs", () => {
  it("finds every close pair the all-pairs search finds", () => {
    const sample = texts(100, 7);
    const all = ncdPairs(sample).filter((p) => p.distance < 0.5);
    expect(all.length).toBeGreaterThan(0);
    expect(ncdPairsWithin(sample, 0.5)).toEqual(all);
  });

  it("takes 1,000 skills in under 2 s", () => {
    const skills = texts(1000, 11).map((d, i) =>
      plugin(`kit:skill-${i}`, `plugins/kit/skills/skill-${i}/SKILL.md`, d),
    );
    const started = performance.now();
    const found = checkDescriptionOverlap(skills);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(found).toHaveLength(100);
  });

  it("asks the registry where a .claude-plugin plugin's skills load (its harness's project folder)", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { auditHarness } = await import("../../src/tools/audit/static-audit.js");
    const dir = mkdtempSync(join(tmpdir(), "vigiles-overlap-home-"));
    try {
      const skill = (path: string, name: string, description: string) => {
        mkdirSync(join(dir, path), { recursive: true });
        writeFileSync(
          join(dir, path, "SKILL.md"),
          `---\nname: ${name}\ndescription: ${description}\n---\n\nBody.\n`,
        );
      };
      writeFileSync(join(dir, "x"), "");
      mkdirSync(join(dir, ".claude-plugin"), { recursive: true });
      writeFileSync(join(dir, ".claude-plugin/plugin.json"), '{ "name": "kit" }');
      skill("skills/review", "review", REVIEW);
      skill(".agents/skills/pr-review", "pr-review", REVIEW_PARAPHRASE);
      skill(".claude/skills/code-review", "code-review", REVIEW_PARAPHRASE);
      const pairs = auditHarness(dir)
        .findings.filter((f) => f.ruleId === "description-overlap")
        .map((f) => f.file)
        .sort();
      // Paired with the skill beside it in .claude/skills, never with the Codex mirror in .agents.
      expect(pairs.some((f) => f.startsWith(".agents/"))).toBe(false);
      expect(pairs.length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
