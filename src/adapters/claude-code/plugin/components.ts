/** Skills, commands and agents of a plugin, read where the manifest says the harness looks. */
import { readFileSync } from "node:fs";
import { basename, join, relative, sep } from "node:path";
import { checkSkillFrontmatter } from "../../../core/audit/rules/skill-frontmatter.js";
import { parseFrontmatter } from "./frontmatter.js";
import { add, isDir, isFile, sortedEntries, type Problems } from "./problems.js";
import type { LoadedMarkdownComponent, LoadedSkill, PluginProblemSeverity } from "./types.js";

const relPath = (root: string, p: string): string => relative(root, p).split(sep).join("/") || ".";

/**
 * How Claude Code 2.1.328 treats each frontmatter rule, seen with `--plugin-dir` (pinned in
 * test/triggering/real-cli.test.ts): a skill without a description is not listed at all (error);
 * a bad or mismatched name, or a description past 1,024 characters, is still listed under
 * `<plugin>:<folder>` (warning: it breaks the Agent Skills spec and other harnesses, not this one);
 * a missing `name` is fine (the folder name is used).
 */
function harnessSeverity(
  ruleId: string,
  field: string,
  frontmatter: Readonly<Record<string, unknown>>,
): PluginProblemSeverity | undefined {
  const description = frontmatter["description"];
  if (ruleId === "skill-description") {
    return typeof description === "string" && description.trim() !== "" ? "warning" : "error";
  }
  if (field === "name" && frontmatter["name"] === undefined) return undefined;
  return "warning";
}

function readSkill(root: string, plugin: string, dir: string, problems: Problems): LoadedSkill | undefined {
  const folder = basename(dir);
  const path = join(dir, "SKILL.md");
  const rel = relPath(root, path);
  if (!isFile(path)) {
    add(
      problems,
      "skill-file-missing",
      "warning",
      relPath(root, dir),
      `${relPath(root, dir)} has no SKILL.md; the harness skips the folder.`,
      "Add SKILL.md (exact case) or remove the folder.",
    );
    return undefined;
  }
  const parsed = parseFrontmatter(readFileSync(path, "utf8"));
  if (parsed.error !== undefined) {
    add(
      problems,
      "skill-frontmatter",
      "error",
      rel,
      `${rel}: ${parsed.error}; the skill is not listed.`,
      "Fix the YAML between the --- lines.",
    );
  } else if (!parsed.hasFrontmatter) {
    add(
      problems,
      "skill-frontmatter",
      "error",
      rel,
      `${rel} has no frontmatter; the model has no description to pick it by.`,
      "Start the file with ---, name:, description:, ---.",
    );
  }
  for (const p of checkSkillFrontmatter(folder, parsed.frontmatter)) {
    const severity = harnessSeverity(p.ruleId, p.field, parsed.frontmatter);
    if (severity !== undefined) add(problems, p.ruleId, severity, rel, p.message, p.fix);
  }
  const fmName = parsed.frontmatter["name"];
  const description = parsed.frontmatter["description"];
  const whenToUse = parsed.frontmatter["when_to_use"];
  return {
    name: typeof fmName === "string" && fmName.length > 0 ? fmName : folder,
    folder,
    id: `${plugin}:${folder}`,
    description: typeof description === "string" ? description : "",
    ...(typeof whenToUse === "string" ? { whenToUse } : {}),
    frontmatter: parsed.frontmatter,
    body: parsed.body,
    path,
  };
}

/**
 * `skills/<folder>/SKILL.md`, plus each manifest skill path: a skill folder itself (it holds
 * SKILL.md) or a folder of skill folders. A skill reached twice is read once.
 */
export function readSkills(
  root: string,
  plugin: string,
  extra: readonly string[],
  problems: Problems,
): LoadedSkill[] {
  const dirs: string[] = [];
  for (const base of [join(root, "skills"), ...extra.map((p) => join(root, p))]) {
    if (!isDir(base)) {
      if (base !== join(root, "skills")) {
        add(
          problems,
          "manifest-path-missing",
          "warning",
          relPath(root, base),
          `plugin.json's "skills" names ${relPath(root, base)}, which is not a folder; it adds no skill.`,
          "Point it at a skill folder or a folder of skill folders.",
        );
      }
      continue;
    }
    if (isFile(join(base, "SKILL.md"))) dirs.push(base);
    else for (const entry of sortedEntries(base)) if (isDir(join(base, entry))) dirs.push(join(base, entry));
  }
  const out: LoadedSkill[] = [];
  for (const dir of [...new Set(dirs)]) {
    const skill = readSkill(root, plugin, dir, problems);
    if (skill) out.push(skill);
  }
  return out;
}

function readComponent(
  root: string,
  kind: "command" | "agent",
  path: string,
  problems: Problems,
): LoadedMarkdownComponent {
  const rel = relPath(root, path);
  const parsed = parseFrontmatter(readFileSync(path, "utf8"));
  if (parsed.error !== undefined) {
    add(
      problems,
      `${kind}-frontmatter`,
      "error",
      rel,
      `${rel}: ${parsed.error}.`,
      "Fix the YAML between the --- lines.",
    );
  }
  const fmName = parsed.frontmatter["name"];
  const description = parsed.frontmatter["description"];
  if (kind === "agent" && (typeof description !== "string" || description.trim() === "")) {
    add(
      problems,
      "agent-description",
      "error",
      rel,
      `Agent ${rel} has no description; the harness cannot offer it.`,
      "Add a description: saying when to delegate to this agent.",
    );
  }
  return {
    name:
      kind === "agent" && typeof fmName === "string" && fmName.length > 0 ? fmName : basename(path, ".md"),
    ...(typeof description === "string" ? { description } : {}),
    frontmatter: parsed.frontmatter,
    body: parsed.body,
    path,
  };
}

/**
 * `commands/*.md` and `agents/*.md`, or, when the manifest lists paths for them, those instead
 * (a listed folder contributes its `*.md` files).
 */
export function readMarkdownComponents(
  root: string,
  kind: "command" | "agent",
  listed: readonly string[] | undefined,
  problems: Problems,
): LoadedMarkdownComponent[] {
  const sources = listed ? listed.map((p) => join(root, p)) : [join(root, `${kind}s`)];
  const files: string[] = [];
  for (const source of sources) {
    if (isFile(source)) files.push(source);
    else if (isDir(source))
      files.push(
        ...sortedEntries(source)
          .filter((f) => f.endsWith(".md"))
          .map((f) => join(source, f)),
      );
    else if (listed) {
      add(
        problems,
        "manifest-path-missing",
        "warning",
        relPath(root, source),
        `plugin.json's "${kind}s" names ${relPath(root, source)}, which does not exist.`,
        "Fix the path or remove it.",
      );
    }
  }
  return files.map((f) => readComponent(root, kind, f, problems));
}
