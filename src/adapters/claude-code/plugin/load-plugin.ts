/**
 * `loadPlugin`: reads a plugin directory the way Claude Code does with `--plugin-dir`, and lists
 * what it would reject or drop without a word (a bad skill name, a duplicate hooks file …).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { checkSkillFrontmatter } from "../../../core/lint/rules/skill-frontmatter.js";
import { VigilesError } from "../../../core/errors.js";
import { parseFrontmatter } from "./frontmatter.js";
import type {
  LoadedHooksFile,
  LoadedMarkdownComponent,
  LoadedPlugin,
  LoadedSkill,
  PluginProblem,
  PluginProblemSeverity,
} from "./types.js";

/** The directory does not exist or is not a directory. */
export class PluginNotFoundError extends VigilesError {
  constructor(dir: string) {
    super(
      "VIGILES_PLUGIN_NOT_FOUND",
      `No plugin directory at ${JSON.stringify(dir)}: pass the plugin root (the folder holding .claude-plugin/plugin.json and skills/).`,
    );
  }
}

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HOOKS_FILE = "hooks/hooks.json";

type Problems = PluginProblem[];

function add(
  problems: Problems,
  code: string,
  severity: PluginProblemSeverity,
  path: string,
  message: string,
  fix: string,
): void {
  problems.push({ code, severity, path, message, fix });
}

function readJson(
  file: string,
  rel: string,
  problems: Problems,
  code: string,
): Record<string, unknown> | undefined {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    add(
      problems,
      code,
      "error",
      rel,
      `${rel} is not valid JSON (${why}); the harness ignores it.`,
      `Fix the JSON in ${rel}.`,
    );
    return undefined;
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    add(problems, code, "error", rel, `${rel} must hold a JSON object.`, `Make ${rel} a JSON object.`);
    return undefined;
  }
  return data as Record<string, unknown>;
}

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();
const sorted = (dir: string): string[] => readdirSync(dir).sort();

function readManifest(
  root: string,
  problems: Problems,
): { name: string; manifest?: Record<string, unknown> } {
  const rel = ".claude-plugin/plugin.json";
  const file = join(root, rel);
  const fallback = basename(root);
  if (!existsSync(file)) {
    add(
      problems,
      "manifest-missing",
      "warning",
      rel,
      `The plugin has no ${rel}; the harness names it after its folder ("${fallback}").`,
      `Add ${rel} with at least {"name": "<kebab-case-name>"} so the skill ids do not depend on where the folder sits.`,
    );
    return { name: fallback };
  }
  const manifest = readJson(file, rel, problems, "manifest-json");
  if (!manifest) return { name: fallback };
  const name = manifest["name"];
  if (typeof name !== "string" || name.length === 0) {
    add(
      problems,
      "manifest-name",
      "error",
      rel,
      `${rel} has no "name"; it is the one required field.`,
      `Add "name": "<kebab-case-name>".`,
    );
    return { name: fallback, manifest };
  }
  if (!KEBAB.test(name)) {
    add(
      problems,
      "manifest-name",
      "error",
      rel,
      `Plugin name "${name}" is not kebab-case.`,
      "Use lowercase letters, digits and single hyphens, e.g. my-plugin.",
    );
  }
  return { name, manifest };
}

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
  if (ruleId === "skill-description" && typeof frontmatter["description"] === "string") {
    return frontmatter["description"].trim() === "" ? "error" : "warning";
  }
  if (ruleId === "skill-description") return "error";
  if (field === "name" && frontmatter["name"] === undefined) return undefined;
  return "warning";
}

function readSkills(root: string, plugin: string, problems: Problems): LoadedSkill[] {
  const skillsDir = join(root, "skills");
  if (!isDir(skillsDir)) return [];
  const out: LoadedSkill[] = [];
  for (const folder of sorted(skillsDir)) {
    if (!isDir(join(skillsDir, folder))) continue;
    const rel = `skills/${folder}/SKILL.md`;
    const path = join(skillsDir, folder, "SKILL.md");
    if (!existsSync(path)) {
      add(
        problems,
        "skill-file-missing",
        "warning",
        `skills/${folder}`,
        `skills/${folder} has no SKILL.md; the harness skips the folder.`,
        "Add SKILL.md (exact case) or remove the folder.",
      );
      continue;
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
    const name = typeof fmName === "string" && fmName.length > 0 ? fmName : folder;
    const description = parsed.frontmatter["description"];
    const whenToUse = parsed.frontmatter["when_to_use"];
    out.push({
      name,
      folder,
      id: `${plugin}:${folder}`,
      description: typeof description === "string" ? description : "",
      ...(typeof whenToUse === "string" ? { whenToUse } : {}),
      frontmatter: parsed.frontmatter,
      body: parsed.body,
      path,
    });
  }
  return out;
}

function readMarkdownDir(
  root: string,
  sub: "commands" | "agents",
  problems: Problems,
): LoadedMarkdownComponent[] {
  const dir = join(root, sub);
  if (!isDir(dir)) return [];
  const out: LoadedMarkdownComponent[] = [];
  for (const file of sorted(dir)) {
    if (!file.endsWith(".md")) continue;
    const rel = `${sub}/${file}`;
    const path = join(dir, file);
    const parsed = parseFrontmatter(readFileSync(path, "utf8"));
    if (parsed.error !== undefined) {
      add(
        problems,
        `${sub.slice(0, -1)}-frontmatter`,
        "error",
        rel,
        `${rel}: ${parsed.error}.`,
        "Fix the YAML between the --- lines.",
      );
    }
    const fmName = parsed.frontmatter["name"];
    const name =
      sub === "agents" && typeof fmName === "string" && fmName.length > 0 ? fmName : file.slice(0, -3);
    const description = parsed.frontmatter["description"];
    if (sub === "agents" && (typeof description !== "string" || description.trim() === "")) {
      add(
        problems,
        "agent-description",
        "error",
        rel,
        `Agent ${rel} has no description; the harness cannot offer it.`,
        "Add a description: saying when to delegate to this agent.",
      );
    }
    out.push({
      name,
      ...(typeof description === "string" ? { description } : {}),
      frontmatter: parsed.frontmatter,
      body: parsed.body,
      path,
    });
  }
  return out;
}

/** A manifest `hooks` path in the form the harness compares them (plugin-root relative). */
function normaliseHooksPath(entry: string): string {
  return entry
    .replace(/^\$\{CLAUDE_PLUGIN_ROOT\}\/?/, "")
    .replace(/^(?:\.\/)+/, "")
    .replace(/\/+/g, "/");
}

/**
 * The manifest's `hooks` list, as Claude Code 2.1.328 reads it (seen in its loader and pinned in
 * test/triggering/real-cli.test.ts): naming the standard hooks/hooks.json there is redundant (it
 * loads on its own, once; older builds reported "Duplicate hooks file" and dropped the plugin's
 * hooks); listing one file twice is an error the harness reports ("Duplicate hooks file detected")
 * while it skips the repeat.
 */
function checkManifestHooks(manifest: Record<string, unknown> | undefined, problems: Problems): void {
  const declared = manifest?.["hooks"];
  const entries = (Array.isArray(declared) ? declared : [declared]).filter(
    (e): e is string => typeof e === "string",
  );
  const seen = new Set<string>();
  const rel = ".claude-plugin/plugin.json";
  for (const entry of entries) {
    const path = normaliseHooksPath(entry);
    if (path === HOOKS_FILE) {
      add(
        problems,
        "hooks-standard-file-listed",
        "warning",
        rel,
        `plugin.json's "hooks" names ${HOOKS_FILE}, which loads on its own: Claude Code 2.1.328 loads it once, ` +
          `but older builds report "Duplicate hooks file" and drop the plugin's hooks.`,
        `Remove ${JSON.stringify(entry)} from plugin.json's "hooks" (list only additional hook files there).`,
      );
    } else if (seen.has(path)) {
      add(
        problems,
        "hooks-duplicate-file",
        "error",
        rel,
        `plugin.json's "hooks" lists ${JSON.stringify(entry)} more than once: the harness reports "Duplicate hooks file detected" and skips the repeat.`,
        "List each hooks file once.",
      );
    }
    seen.add(path);
  }
}

function readHooks(
  root: string,
  manifest: Record<string, unknown> | undefined,
  problems: Problems,
): LoadedHooksFile | undefined {
  checkManifestHooks(manifest, problems);
  const path = join(root, HOOKS_FILE);
  if (!existsSync(path)) return undefined;
  const config = readJson(path, HOOKS_FILE, problems, "hooks-json");
  if (!config) return { path, config: {}, dropped: true };
  const hooks = config["hooks"];
  if (hooks === null || typeof hooks !== "object" || Array.isArray(hooks)) {
    add(
      problems,
      "hooks-shape",
      "error",
      HOOKS_FILE,
      `${HOOKS_FILE} has no "hooks" object; the harness loads no hooks from it.`,
      `Wrap the events: {"hooks": {"PreToolUse": [ … ]}}.`,
    );
    return { path, config, dropped: true };
  }
  return { path, config, dropped: false };
}

function readMcp(root: string, problems: Problems): Record<string, unknown> | undefined {
  const path = join(root, ".mcp.json");
  if (!existsSync(path)) return undefined;
  const data = readJson(path, ".mcp.json", problems, "mcp-json");
  if (!data) return undefined;
  const servers = data["mcpServers"];
  return servers !== null && typeof servers === "object" && !Array.isArray(servers)
    ? (servers as Record<string, unknown>)
    : data;
}

/**
 * Reads a plugin as Claude Code would: `.claude-plugin/plugin.json` (only `name` is required),
 * `skills/<name>/SKILL.md` with YAML frontmatter, `commands/*.md`, `agents/*.md`,
 * `hooks/hooks.json` and `.mcp.json`. Never throws on a broken part: it lands in `problems`.
 *
 * @throws PluginNotFoundError when `dir` is not a directory.
 * @example
 * const plugin = loadPlugin("./my-plugin");
 * plugin.skills.map((s) => s.id); // ["my-plugin:greet", …]
 * if (plugin.problems.length > 0) console.error(plugin.problems);
 */
export function loadPlugin(dir: string): LoadedPlugin {
  const root = resolve(dir);
  if (!isDir(root)) throw new PluginNotFoundError(dir);
  const problems: Problems = [];
  const { name, manifest } = readManifest(root, problems);
  const skills = readSkills(root, name, problems);
  const commands = readMarkdownDir(root, "commands", problems);
  const agents = readMarkdownDir(root, "agents", problems);
  const hooks = readHooks(root, manifest, problems);
  const mcpServers = readMcp(root, problems);
  return {
    dir: root,
    name,
    ...(manifest ? { manifest } : {}),
    skills,
    commands,
    agents,
    ...(hooks ? { hooks } : {}),
    ...(mcpServers ? { mcpServers } : {}),
    problems,
  };
}
