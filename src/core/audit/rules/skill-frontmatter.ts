/**
 * SKILL.md frontmatter: the only part of a skill the model sees before it picks one. A bad name or
 * a description past the limits is dropped or cut without a word from the harness.
 */
import type { LintRuleMeta, LintSeverity } from "../types.js";

export const SKILL_NAME_MAX = 64;
export const SKILL_DESCRIPTION_MAX = 1024;
/** The skills listing cuts `description` + `when_to_use` at this many characters. */
export const SKILL_LISTING_MAX = 1536;
const NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const skillNameRule: LintRuleMeta = {
  id: "skill-name",
  severity: "warning",
  behaviour:
    "The Agent Skills format asks for a name of 1-64 characters of [a-z0-9-] with no leading, trailing or doubled " +
    "hyphen, and other harnesses hold skills to it. Claude Code 2.1.328 still lists such a skill, under its folder " +
    "name (a real run: `Bad_Name` in skills/bad_name is listed as plugin:bad_name), so only the name is lost.",
  fix: "Rename the skill in kebab-case (lowercase letters, digits, single hyphens), at most 64 characters.",
  autofix: false,
};

export const skillNameFolderRule: LintRuleMeta = {
  id: "skill-name-folder",
  severity: "warning",
  behaviour:
    "A skill's frontmatter `name` and its folder name are two names for one skill; Claude Code 2.1.328 lists a " +
    "plugin skill under its folder name (a real run), so tests, docs and slash commands written against the " +
    "frontmatter name do not match.",
  fix: "Make the frontmatter `name` and the folder name the same.",
  autofix: false,
};

export const skillManualOnlyRule: LintRuleMeta = {
  id: "skill-manual-only",
  severity: "warning",
  behaviour:
    "`disable-model-invocation: true` means the model cannot invoke the skill through the Skill tool; only a " +
    "user typing its slash command can (Claude Code 2.1.328's own field description). A description that says " +
    '"Use when …" is then a trigger that never fires.',
  fix: "Remove `disable-model-invocation` to let the model pick the skill, or rewrite the description for a command the user types.",
  autofix: false,
};

export const skillDescriptionRule: LintRuleMeta = {
  id: "skill-description",
  severity: "error",
  behaviour:
    "A skill is chosen from its `description` alone: a skill without one is not listed, so the model never picks " +
    "it (an error). The Agent Skills format caps it at 1,024 characters, but Claude Code 2.1.328 lists a longer " +
    "one whole up to the listing cut (a real run), so a description past 1,024 is a warning, for the harnesses " +
    "and validators that hold skills to the format.",
  fix: "Write a description of at most 1,024 characters that says what the skill does and when to use it.",
  autofix: false,
};

export const skillListingCutRule: LintRuleMeta = {
  id: "skill-listing-cut",
  severity: "warning",
  behaviour:
    "The skills listing shows `description` plus `when_to_use` cut at 1,536 characters: text past the cut " +
    "never reaches the model.",
  fix: "Shorten `description` and `when_to_use` so together they stay under 1,536 characters; put the trigger words first.",
  autofix: false,
};

/** The metadata of every skill-frontmatter rule. */
export const skillFrontmatterRules: readonly LintRuleMeta[] = [
  skillNameRule,
  skillNameFolderRule,
  skillDescriptionRule,
  skillListingCutRule,
  skillManualOnlyRule,
];

/** One problem in one SKILL.md frontmatter, before it is placed in a file. */
export interface SkillFrontmatterProblem {
  readonly ruleId: string;
  readonly severity: LintSeverity;
  /** The frontmatter key at fault (`name`, `description`, `when_to_use`). */
  readonly field: string;
  readonly message: string;
  readonly fix: string;
}

function problem(rule: LintRuleMeta, field: string, message: string): SkillFrontmatterProblem {
  return { ruleId: rule.id, severity: rule.severity, field, message, fix: rule.fix };
}

/**
 * Checks a skill's parsed frontmatter against what Claude Code accepts.
 *
 * @param folderName the name of the folder holding SKILL.md
 * @param frontmatter the parsed YAML frontmatter (an empty object when there is none)
 * @returns every problem found; an empty array when the frontmatter is sound
 * @example
 * checkSkillFrontmatter("greet", { name: "greet", description: "Greets the user by name." }); // []
 */
export function checkSkillFrontmatter(
  folderName: string,
  frontmatter: Readonly<Record<string, unknown>>,
): SkillFrontmatterProblem[] {
  const problems: SkillFrontmatterProblem[] = [];
  const name = frontmatter["name"];
  if (typeof name !== "string" || name.length === 0) {
    problems.push(
      problem(skillNameRule, "name", `Skill "${folderName}" has no \`name\` in its frontmatter.`),
    );
  } else {
    if (name.length > SKILL_NAME_MAX) {
      problems.push(
        problem(
          skillNameRule,
          "name",
          `Skill name "${name}" is ${name.length} characters; the limit is ${SKILL_NAME_MAX}.`,
        ),
      );
    }
    if (!NAME_PATTERN.test(name)) {
      problems.push(
        problem(
          skillNameRule,
          "name",
          `Skill name "${name}" is not kebab-case: use only [a-z0-9-], with no leading, trailing or doubled hyphen.`,
        ),
      );
    }
    if (name !== folderName) {
      problems.push(
        problem(skillNameFolderRule, "name", `Skill name "${name}" differs from its folder "${folderName}".`),
      );
    }
  }
  const description = frontmatter["description"];
  if (typeof description !== "string" || description.trim().length === 0) {
    problems.push(
      problem(
        skillDescriptionRule,
        "description",
        `Skill "${folderName}" has no \`description\`: the model cannot pick it.`,
      ),
    );
  } else if (description.length > SKILL_DESCRIPTION_MAX) {
    // Listed whole by Claude Code up to the listing cut (test/triggering/real-cli.test.ts): only
    // the format's limit is passed, so a warning; past the cut, skill-listing-cut says what is lost.
    problems.push({
      ...problem(
        skillDescriptionRule,
        "description",
        `Skill "${folderName}" has a description of ${description.length} characters, past the Agent Skills limit of ` +
          `${SKILL_DESCRIPTION_MAX}; Claude Code lists it, but a harness or validator that holds skills to the format may not.`,
      ),
      severity: "warning",
    });
  }
  const whenToUse = frontmatter["when_to_use"];
  const listed =
    (typeof description === "string" ? description.length : 0) +
    (typeof whenToUse === "string" ? whenToUse.length : 0);
  if (listed > SKILL_LISTING_MAX) {
    problems.push(
      problem(
        skillListingCutRule,
        typeof whenToUse === "string" ? "when_to_use" : "description",
        `Skill "${folderName}" lists ${listed} characters of description and when_to_use; ` +
          `the listing cuts at ${SKILL_LISTING_MAX}, so the last ${listed - SKILL_LISTING_MAX} never reach the model.`,
      ),
    );
  }
  if (
    frontmatter["disable-model-invocation"] === true &&
    typeof description === "string" &&
    AUTO_TRIGGER.test(description)
  ) {
    problems.push(
      problem(
        skillManualOnlyRule,
        "disable-model-invocation",
        `Skill "${folderName}" has disable-model-invocation: true, so the model never invokes it, but its description reads as a trigger for the model ("${AUTO_TRIGGER.exec(description)?.[0]}").`,
      ),
    );
  }
  return problems;
}

const AUTO_TRIGGER =
  /\buse (?:this skill )?(?:when|whenever|proactively|automatically|before|after)\b|\btrigger(?:s|ed)? (?:when|on)\b|\bproactively\b|\bautomatically (?:use|invoke|run|activate)/i;
