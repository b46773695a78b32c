/**
 * Skills that read alike get picked for each other. The model chooses a skill from its description
 * alone, so two descriptions a compressor finds near-identical are a collision waiting to happen.
 * The selection-collision matrix measures it with a model; this rule flags it for free.
 */
import { ncdPairsWithin } from "../../ncd.js";
import { finding } from "../finding.js";
import type { LintFinding, LintRuleMeta, SourceRange } from "../types.js";
import { seenTogether } from "./skill-visibility.js";

/**
 * Descriptions closer than this are flagged. Paraphrases of one job measured 0.44-0.48 and
 * descriptions of unrelated jobs 0.67-0.71 with the project's NCD (raw DEFLATE, level 9).
 */
export const DEFAULT_OVERLAP_DISTANCE = 0.5;

export interface SkillDescriptionInput {
  /** `plugin:name` or the bare name. */
  readonly id: string;
  readonly file: string;
  readonly description: string;
  readonly range?: SourceRange;
  /** The plugin the skill ships in (the part of `id` before the colon), if any. */
  readonly plugin?: string;
  /**
   * The harness folder the skill is kept in (`.claude`, `.agents`, `.cursor` …), when it is a project
   * skill: copies kept for different harnesses are never loaded by one harness together.
   */
  readonly harnessHome?: string;
  /** For a plugin skill: the project skill folder of the harness the plugin is for. */
  readonly pluginHome?: string;
}

function mentions(description: string, name: string): boolean {
  const words = name
    .toLowerCase()
    .split(/[-_\s]+/)
    .filter((w) => w.length > 2);
  // "Node.js" says "nodejs": dots inside a word are not a boundary.
  const text = description.toLowerCase().replace(/(\w)\.(\w)/g, "$1$2");
  return (
    words.length > 0 &&
    words.every((w) => new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(text))
  );
}

/**
 * Pairs the model is not asked to tell apart, or can tell apart by a name the user says:
 * skills kept for two different harnesses, and per-channel plugins whose description each names
 * its own plugin (the "Discord" or "Telegram" the user mentions is what selects it).
 */
function distinguishable(a: SkillDescriptionInput, b: SkillDescriptionInput): boolean {
  // The words that tell the two ids apart ("discord" vs "telegram", "gemini" vs "qwen"): when each
  // description says its own and not the other's, the name the user says selects the skill.
  const words = (id: string) =>
    new Set(
      id
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((w) => w.length > 2),
    );
  const wa = words(a.id);
  const wb = words(b.id);
  const onlyA = [...wa].filter((w) => !wb.has(w));
  const onlyB = [...wb].filter((w) => !wa.has(w));
  const says = (text: string, list: string[]) => list.some((w) => mentions(text, w));
  return (
    (onlyA.length > 0 &&
      onlyB.length > 0 &&
      says(a.description, onlyA) &&
      says(b.description, onlyB) &&
      !says(a.description, onlyB) &&
      !says(b.description, onlyA)) ||
    namedApart(a, b)
  );
}

/** Words (of two letters or more, `C++`, `C#` and `.NET` kept whole) as written. */
function wordsOf(text: string): string[] {
  return text.match(/\.?[\p{L}\p{N}][\p{L}\p{N}+#.-]*[\p{L}\p{N}+#]|\p{L}/gu) ?? [];
}

/**
 * The names a description says and the other does not, where the two are one template: a word of
 * its own id ("rust" in `rust-patterns`, "Go" for `golang-patterns`) or a capitalised word inside a
 * sentence ("Kotlin", "PostgreSQL"). Outside a template an id word is the skill's job, not a name
 * ("hello" and "greet" say one thing).
 */
function ownNames(self: SkillDescriptionInput, other: SkillDescriptionInput, templated: boolean): string[] {
  const otherWords = new Set(wordsOf(other.description).map((w) => w.toLowerCase()));
  const idWords = self.id
    .toLowerCase()
    .split(/[^a-z0-9+#]+/)
    .filter((w) => w.length > 1);
  const inId = (w: string) => idWords.some((id) => id.startsWith(w) || w.startsWith(id));
  const names: string[] = [];
  for (const sentence of self.description.split(/(?<=[.!?:;])\s+|\n+/)) {
    wordsOf(sentence).forEach((word, at) => {
      const lower = word.toLowerCase();
      if (otherWords.has(lower)) return;
      if (templated && (inId(lower) || (at > 0 && /^\.?\p{Lu}/u.test(word)))) names.push(word);
    });
  }
  return names;
}

/** Whether two descriptions are one template: their words other than capitalised ones mostly shared. */
function oneTemplate(a: string, b: string): boolean {
  const plain = (t: string) =>
    new Set(
      wordsOf(t)
        .filter((w) => !/^\.?\p{Lu}/u.test(w))
        .map((w) => w.toLowerCase()),
    );
  const x = plain(a);
  const y = plain(b);
  const common = [...x].filter((w) => y.has(w)).length;
  return common / (x.size + y.size - common || 1) >= 0.75;
}

/**
 * A templated pair ("Go patterns for …" / "Kotlin patterns for …"): each description names what
 * the other does not, so a prompt that names the language, product or tool picks the right one.
 */
function namedApart(a: SkillDescriptionInput, b: SkillDescriptionInput): boolean {
  const templated = oneTemplate(a.description, b.description);
  return ownNames(a, b, templated).length > 0 && ownNames(b, a, templated).length > 0;
}
export const descriptionOverlapRule: LintRuleMeta = {
  id: "description-overlap",
  severity: "warning",
  behaviour:
    "The model picks a skill from its description alone; two skills whose descriptions are near-duplicates " +
    "(normalised compression distance under 0.5) are chosen for each other's prompts.",
  fix: "Make each description name what only that skill does and when to use it instead of its sibling.",
  autofix: false,
};

/**
 * Flags every pair of skills one model sees together (skill-visibility.ts) whose descriptions are
 * closer than `threshold` and that no name the user says tells apart, naming both and the distance.
 */
export function checkDescriptionOverlap(
  skills: readonly SkillDescriptionInput[],
  threshold = DEFAULT_OVERLAP_DISTANCE,
): LintFinding[] {
  const out: LintFinding[] = [];
  const together = (i: number, j: number) =>
    seenTogether(skills[i] as SkillDescriptionInput, skills[j] as SkillDescriptionInput);
  const descriptions = skills.map((s) => s.description);
  for (const { i, j, distance } of ncdPairsWithin(descriptions, threshold, together)) {
    const a = skills[i] as SkillDescriptionInput;
    const b = skills[j] as SkillDescriptionInput;
    if (distinguishable(a, b)) continue;
    out.push(
      finding(
        descriptionOverlapRule,
        b.file,
        b.range,
        `Skills "${a.id}" and "${b.id}" have near-duplicate descriptions (NCD ${distance.toFixed(2)} < ${threshold}): ` +
          "the model will confuse them.",
        {
          fix: `Rewrite the description of "${b.id}" or "${a.id}" (${a.file}) so each says what only it does.`,
        },
      ),
    );
  }
  return out;
}
