/**
 * The skills and subagents a harness run listed to the model: of those the run installed (the
 * spec's own, those in its plugins' `skills/` and `agents/` folders, and the project's own, in any
 * harness's layout), the ones whose description reached an agent request: the system prompt, a
 * message, or a tool's description (Claude Code lists subagents in its Agent tool's description).
 * A test that ran with the listing in front of the model reads the item's name and description, so
 * `vigiles mutate` counts it as reaching the item (a listing check with `received()` kills a
 * description mutant for free).
 */
import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { globSync } from "tinyglobby";
import { readFrontmatter } from "../../core/frontmatter.js";
import type { ModelRequest } from "../../core/trace.js";

/** A skill or subagent as installed: its name and description. */
interface InstalledItem {
  readonly name: string;
  readonly description: string;
}

/** The leading words of a description, enough to tell it in a listing that may cut it short. */
const PROBE_CHARS = 40;
const squash = (text: string) => text.replace(/\s+/g, " ");

// Skills live in `<dir>/<name>/SKILL.md` and subagents in `agents/<name>.md` in every harness's
// layout (`.claude/`, `.gemini/`, `.github/`, `.agents/`, a plugin's root): one pattern reads them all.
const SKILL_FILES = "**/skills/*/SKILL.md";
const AGENT_FILES = "**/agents/*.md";
const NOT_INSTALLED = ["**/node_modules/**", "**/.git/**", "**/.vigiles/**"];

function itemOf(fallbackName: string, text: string): InstalledItem | undefined {
  const data = readFrontmatter(text).data;
  const description = typeof data?.["description"] === "string" ? data["description"] : "";
  if (description.trim() === "") return undefined;
  return { name: typeof data?.["name"] === "string" ? data["name"] : fallbackName, description };
}

function installed(
  own: Readonly<Record<string, string>> | undefined,
  dirs: readonly string[],
  pattern: string,
  nameOf: (file: string) => string,
): InstalledItem[] {
  const out: InstalledItem[] = [];
  for (const [name, text] of Object.entries(own ?? {})) {
    const item = itemOf(name, text);
    if (item !== undefined) out.push(item);
  }
  for (const dir of dirs) {
    for (const file of globSync(pattern, { cwd: dir, dot: true, ignore: NOT_INSTALLED, deep: 6 })) {
      let text: string;
      try {
        text = readFileSync(join(dir, file), "utf8");
      } catch {
        continue; // unreadable: the harness could not list it either
      }
      const item = itemOf(nameOf(file), text);
      if (item !== undefined) out.push(item);
    }
  }
  return out;
}

/** Every string in a value, depth first (a request's tool definitions, whatever the wire shape). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** What the model could read in each agent request: system prompt, messages and tool descriptions. */
function requestTexts(requests: readonly ModelRequest[]): string[] {
  return requests
    .filter((r) => !r.sideChannel)
    .map((r) => {
      const body = r.body as { tools?: unknown } | null | undefined;
      const tools = typeof body === "object" && body !== null ? strings(body.tools) : [];
      return squash([r.system, ...r.messages.map((m) => m.text), ...tools].join("\n"));
    });
}

const listed = (items: readonly InstalledItem[], texts: readonly string[]) =>
  items
    .filter((s) => {
      const probe = squash(s.description.trim()).slice(0, PROBE_CHARS);
      return texts.some((t) => t.includes(probe));
    })
    .map((s) => s.name);

/** Where a run's skills and subagents come from. */
export interface InstalledSources {
  readonly skills?: Readonly<Record<string, string>>;
  readonly agents?: Readonly<Record<string, string>>;
  /** Plugin roots and the project directory, searched in every harness's layout. */
  readonly dirs: readonly string[];
}

/** The names of the installed skills and subagents whose description reached an agent request. */
export function listedItems(
  sources: InstalledSources,
  requests: readonly ModelRequest[],
): { skills: string[]; agents: string[] } {
  const texts = requestTexts(requests);
  const skills = installed(sources.skills, sources.dirs, SKILL_FILES, (f) => basename(dirname(f)));
  const agents = installed(sources.agents, sources.dirs, AGENT_FILES, (f) => basename(f, ".md"));
  return { skills: listed(skills, texts), agents: listed(agents, texts) };
}
