/**
 * The skills a harness run listed to the model: of the skills the run installed (the spec's own and
 * those in its plugins' `skills/` folders), the ones whose description reached an agent request
 * (the system prompt or a message, where `received()` looks). A test that ran with the listing in
 * front of the model reads the skill's name and description, so `vigiles mutate` counts it as
 * reaching the skill (a listing check with `received()` kills a description mutant for free).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { globSync } from "tinyglobby";
import { readFrontmatter } from "../../core/frontmatter.js";
import type { ModelRequest } from "../../core/trace.js";

/** A skill as installed: its name and description. */
interface InstalledSkill {
  readonly name: string;
  readonly description: string;
}

/** The leading words of a description, enough to tell it in a listing that may cut it short. */
const PROBE_CHARS = 40;
const squash = (text: string) => text.replace(/\s+/g, " ");

function skillOf(fallbackName: string, text: string): InstalledSkill | undefined {
  const data = readFrontmatter(text).data;
  const description = typeof data?.["description"] === "string" ? data["description"] : "";
  if (description.trim() === "") return undefined;
  return { name: typeof data?.["name"] === "string" ? data["name"] : fallbackName, description };
}

function installedSkills(
  skills: Readonly<Record<string, string>> | undefined,
  pluginDirs: readonly string[],
): InstalledSkill[] {
  const out: InstalledSkill[] = [];
  for (const [name, text] of Object.entries(skills ?? {})) {
    const skill = skillOf(name, text);
    if (skill !== undefined) out.push(skill);
  }
  for (const dir of pluginDirs) {
    for (const file of globSync("skills/*/SKILL.md", { cwd: dir })) {
      let text: string;
      try {
        text = readFileSync(join(dir, file), "utf8");
      } catch {
        continue; // unreadable: the harness could not list it either
      }
      const skill = skillOf(file.split("/")[1] ?? file, text);
      if (skill !== undefined) out.push(skill);
    }
  }
  return out;
}

/** The names of the installed skills whose description reached an agent request. */
export function listedSkills(
  skills: Readonly<Record<string, string>> | undefined,
  pluginDirs: readonly string[],
  requests: readonly ModelRequest[],
): string[] {
  const texts = requests
    .filter((r) => !r.sideChannel)
    .map((r) => squash([r.system, ...r.messages.map((m) => m.text)].join("\n")));
  return installedSkills(skills, pluginDirs)
    .filter((s) => {
      const probe = squash(s.description.trim()).slice(0, PROBE_CHARS);
      return texts.some((t) => t.includes(probe));
    })
    .map((s) => s.name);
}
