/**
 * The trigger-rate eval skeleton `vigiles init` writes for a skill, with prompts derived from its
 * description. The skeleton passes its own gate or says why not: when the derived prompts fail the
 * diversity gate (fewer than 10, or near-duplicates), it is declared `skip` with the gate's reason,
 * so `vigiles eval` and the CI workflow spend nothing on it until the user writes real prompts. A
 * skill that already has an eval (from an earlier `init`, whatever its runner or folder) gets none.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { globSync } from "tinyglobby";
import { checkPromptDiversity } from "../../core/triggering/diversity.js";
import { derivePromptsFromDescription } from "../../core/triggering/derive-prompts.js";
import type { FoundSkill } from "./discover.js";
import { slug, type StarterFile } from "./starter-tests.js";

const js = (value: unknown) => JSON.stringify(value, null, 2);

/** Why the derived prompts would not pass the diversity gate, or undefined when they do. */
function gateFailure(prompts: readonly string[]): string | undefined {
  try {
    checkPromptDiversity(prompts);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

export function skillStarter(skill: FoundSkill): StarterFile {
  const prompts = derivePromptsFromDescription(skill.description, { max: 10 });
  const failure = gateFailure(prompts);
  const source =
    "pluginDir" in skill.source
      ? `pluginDir: ${js(skill.source.pluginDir)}`
      : `skillsDir: ${js(skill.source.skillsDir)}`;
  return {
    name: `${slug(skill.id)}.eval.mjs`,
    text: [
      `// Trigger-rate eval skeleton written by \`vigiles init\` for the skill ${skill.id}.`,
      "// It calls a real model (paid): run it with `npx vigiles eval <this file>`. The diversity gate",
      "// wants at least 10 distinct prompts; these were derived from the description: replace them",
      "// with what your users really type, and add prompts that must NOT fire the skill.",
      ...(failure !== undefined
        ? ["// Until then it is skipped (delete the `skip` line once the prompts pass the gate)."]
        : []),
      'import { defineEval, skillResolved } from "vigiles";',
      "",
      "export default defineEval({",
      ...(failure !== undefined
        ? [
            `  skip: ${JSON.stringify(`the prompts derived from the description do not pass the diversity gate: ${failure}`)},`,
          ]
        : []),
      "  measureTriggerRate: {",
      `    name: ${js(`${slug(skill.id)}-trigger`)},`,
      `    ${source},`,
      `    prompts: ${js(prompts).replace(/\n/g, "\n    ")},`,
      "    irrelevantPrompts: [],",
      `    fired: (t) => skillResolved(t, ${js(skill.id)}),`,
      "    stubSkillBodies: true,",
      "    trials: 2,",
      "  },",
      "  assert: (report) => {",
      '    if (report.n === 0) throw new Error("no runs executed");',
      "  },",
      "});",
      "",
    ].join("\n"),
  };
}

/**
 * The eval file already measuring each skill, by skill id: one whose text names the skill in
 * `skillResolved(t, "<id>")`. `init` writes no second skeleton for it (an earlier `init` with another
 * `--runner` or `--out` wrote one, and CI would run both).
 */
export function existingSkillEvals(root: string, skills: readonly FoundSkill[]): Map<string, string> {
  const found = new Map<string, string>();
  const files = globSync("**/*.eval.{mjs,js,mts,ts}", {
    cwd: root,
    absolute: true,
    ignore: ["**/node_modules/**", "**/dist/**", "**/.git/**", "**/.vigiles/**"],
  }).sort();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const skill of skills)
      if (!found.has(skill.id) && text.includes(`skillResolved(t, ${JSON.stringify(skill.id)})`))
        found.set(skill.id, relative(root, file));
  }
  return found;
}
