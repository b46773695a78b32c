/**
 * Throwaway copies of plugins for a measurement: a loose `.claude/skills` folder packaged as a
 * plugin, and a plugin whose skill bodies are replaced by a stub so a run stops at selection.
 * The original directories are never written.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, join, resolve } from "node:path";
import { InvalidOptionError } from "../../../core/errors.js";
import { copyPluginDirSync } from "../../../runtime/plugin-copy.js";
import { makeTempDir, removeTempDir } from "../../../runtime/temp-dir.js";
import { parseFrontmatter } from "./frontmatter.js";

/** A temporary plugin directory; `cleanup()` removes it (idempotent). */
export interface PreparedPlugin {
  readonly dir: string;
  cleanup(): void;
}

/** What a stubbed skill's body says instead of its procedure. */
export const STUB_SKILL_BODY =
  "This skill's instructions were left out on purpose: vigiles is measuring which skill gets selected, " +
  "not what it does. Reply with one short sentence naming the skill and stop.\n";

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function prepared(dir: string): PreparedPlugin {
  let removed = false;
  return {
    dir,
    cleanup() {
      if (removed) return;
      removed = true;
      removeTempDir(dir);
    },
  };
}

/**
 * Packages a loose skills folder (`.claude/skills`, one sub-folder per skill) into a throwaway plugin
 * named `name`, so the harness loads it with `--plugin-dir` and its skills resolve as `name:<skill>`.
 */
export function packageSkillsDir(skillsDir: string, name = "local-skills"): PreparedPlugin {
  const src = resolve(skillsDir);
  if (!existsSync(src) || !statSync(src).isDirectory()) {
    throw new InvalidOptionError(
      `skillsDir ${JSON.stringify(skillsDir)} is not a directory; point it at the folder holding <skill>/SKILL.md (e.g. .claude/skills).`,
    );
  }
  if (!KEBAB.test(name)) {
    throw new InvalidOptionError(
      `The packaged plugin's name must be kebab-case, got ${JSON.stringify(name)}.`,
    );
  }
  const hasSkill = readdirSync(src).some((d) => existsSync(join(src, d, "SKILL.md")));
  if (!hasSkill) {
    throw new InvalidOptionError(
      `skillsDir ${JSON.stringify(skillsDir)} holds no <skill>/SKILL.md: nothing to measure.`,
    );
  }
  const dir = makeTempDir("vigiles-skills-plugin-");
  mkdirSync(join(dir, ".claude-plugin"));
  writeFileSync(
    join(dir, ".claude-plugin", "plugin.json"),
    `${JSON.stringify({ name, description: `Skills packaged by vigiles from ${basename(src)}` }, null, 2)}\n`,
  );
  cpSync(src, join(dir, "skills"), { recursive: true });
  return prepared(dir);
}

/**
 * A copy of `pluginDir` (without `.git`, its `node_modules` a link to the source's) in which every `skills/<name>/SKILL.md` keeps its frontmatter byte for
 * byte (so selection sees the same descriptions) and has its body replaced by {@link STUB_SKILL_BODY}.
 * Stubbing a stubbed plugin changes nothing.
 */
export function stubSkillBodies(pluginDir: string): PreparedPlugin {
  const src = resolve(pluginDir);
  if (!existsSync(src) || !statSync(src).isDirectory()) {
    throw new InvalidOptionError(`pluginDir ${JSON.stringify(pluginDir)} is not a directory.`);
  }
  const dir = makeTempDir("vigiles-stubbed-plugin-");
  // `.git` left out, `node_modules` linked: `stubSkillBodies(".")` in a repository copied 1.5 GB.
  copyPluginDirSync(src, dir);
  const skills = join(dir, "skills");
  if (existsSync(skills)) {
    for (const folder of readdirSync(skills)) {
      const file = join(skills, folder, "SKILL.md");
      if (!existsSync(file)) continue;
      const parsed = parseFrontmatter(readFileSync(file, "utf8"));
      const head = parsed.head === "" ? "" : parsed.head.endsWith("\n") ? parsed.head : `${parsed.head}\n`;
      // A SKILL.md copied as a link would write its source: replaced by a file of its own.
      rmSync(file);
      writeFileSync(file, `${head}\n${STUB_SKILL_BODY}`);
    }
  }
  return prepared(dir);
}
