/**
 * `.claude-plugin/plugin.json` as Claude Code 2.1.328 validates it (its manifest schema, read from the
 * pinned binary and pinned by runs in test/triggering/real-cli.test.ts):
 *
 * - component paths (`skills`, `commands`, `agents`, `hooks` files) are a string or a list and must
 *   start with `./`; `agents` entries must end in `.md`, `hooks` file entries in `.json`. One bad path
 *   and the harness does not load the plugin at all, without a word in the stream;
 * - `skills` paths add to `skills/`; `commands` and `agents` paths replace `commands/` and `agents/`;
 * - naming the standard `hooks/hooks.json` in `hooks` is redundant (it loads on its own, once; older
 *   builds reported "Duplicate hooks file" and dropped the plugin's hooks), and a hooks file listed
 *   twice is skipped the second time ("Duplicate hooks file detected").
 */
import { basename, join } from "node:path";
import { add, isFile, readJsonObject, type Problems } from "./problems.js";

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MANIFEST_FILE = ".claude-plugin/plugin.json";
export const HOOKS_FILE = "hooks/hooks.json";

/** What the manifest says, with component paths relative to the plugin root (without `./`). */
export interface ManifestInfo {
  readonly name: string;
  readonly manifest?: Record<string, unknown>;
  /** Extra skill directories (added to `skills/`). */
  readonly skillPaths: readonly string[];
  /** Command files or directories replacing `commands/`; undefined = the default folder. */
  readonly commandPaths?: readonly string[];
  /** Agent files replacing `agents/`; undefined = the default folder. */
  readonly agentPaths?: readonly string[];
}

const strip = (p: string): string =>
  p
    .replace(/^(?:\.\/)+/, "")
    .replace(/\/+$/, "")
    .replace(/\/+/g, "/");

/** The string entries of a component field, each checked; undefined when the field is absent. */
function paths(
  manifest: Record<string, unknown>,
  field: "skills" | "commands" | "agents" | "hooks",
  problems: Problems,
): string[] | undefined {
  const value = manifest[field];
  if (value === undefined) return undefined;
  const entries = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const entry of entries) {
    if (field === "hooks" && entry !== null && typeof entry === "object" && !Array.isArray(entry)) continue; // inline hooks
    const bad = (why: string): void =>
      add(
        problems,
        "manifest-path",
        "error",
        MANIFEST_FILE,
        `plugin.json's "${field}" entry ${JSON.stringify(entry)} ${why}: the harness rejects the manifest and does not load the plugin at all.`,
        `Write the path relative to the plugin root, starting with "./"${field === "agents" ? ' and ending in ".md"' : field === "hooks" ? ' and ending in ".json"' : ""}.`,
      );
    if (typeof entry !== "string") {
      bad("is not a path string");
      continue;
    }
    if (!(entry.startsWith("./") || (field === "skills" && entry === "."))) {
      bad('does not start with "./"');
      continue;
    }
    if (field === "agents" && !entry.endsWith(".md")) {
      bad('is not a ".md" file (agents takes agent files, not folders)');
      continue;
    }
    if (field === "hooks" && !entry.endsWith(".json")) {
      bad('is not a ".json" file');
      continue;
    }
    out.push(strip(entry));
  }
  return out;
}

function checkHooksList(list: readonly string[], problems: Problems): void {
  const seen = new Set<string>();
  for (const path of list) {
    if (path === HOOKS_FILE) {
      add(
        problems,
        "hooks-standard-file-listed",
        "warning",
        MANIFEST_FILE,
        `plugin.json's "hooks" names ${HOOKS_FILE}, which loads on its own: Claude Code 2.1.328 loads it once, ` +
          `but older builds report "Duplicate hooks file" and drop the plugin's hooks.`,
        `Remove "./${HOOKS_FILE}" from plugin.json's "hooks" (list only additional hook files there).`,
      );
    } else if (seen.has(path)) {
      add(
        problems,
        "hooks-duplicate-file",
        "warning",
        MANIFEST_FILE,
        `plugin.json's "hooks" lists "./${path}" more than once: the harness loads it once and reports "Duplicate hooks file detected".`,
        "List each hooks file once.",
      );
    }
    seen.add(path);
  }
}

/** C0/C1 controls and the bidirectional-formatting characters the harness refuses in a plugin name. */
function hasControlCharacter(text: string): boolean {
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x20 || (c >= 0x7f && c < 0xa0)) return true;
    if (c === 0x200e || c === 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))
      return true;
  }
  return false;
}

/** Reads and checks the manifest; a missing one names the plugin after its folder. */
export function readManifest(root: string, problems: Problems): ManifestInfo {
  const file = join(root, MANIFEST_FILE);
  const fallback = basename(root);
  const none: ManifestInfo = { name: fallback, skillPaths: [] };
  if (!isFile(file)) {
    add(
      problems,
      "manifest-missing",
      "warning",
      MANIFEST_FILE,
      `The plugin has no ${MANIFEST_FILE}; the harness names it after its folder ("${fallback}").`,
      `Add ${MANIFEST_FILE} with at least {"name": "<kebab-case-name>"} so skill ids do not depend on where the folder sits.`,
    );
    return none;
  }
  const manifest = readJsonObject(file, MANIFEST_FILE, problems, "manifest-json");
  if (!manifest) return none;
  const rawName = manifest["name"];
  let name = fallback;
  if (typeof rawName !== "string" || rawName.length === 0) {
    add(
      problems,
      "manifest-name",
      "error",
      MANIFEST_FILE,
      `${MANIFEST_FILE} has no "name", the one required field: the harness does not load the plugin.`,
      `Add "name": "<kebab-case-name>".`,
    );
  } else {
    name = rawName;
    // 2.1.328 refuses spaces and control or bidi characters; kebab-case is the convention, not a rule.
    if (/\s/.test(rawName) || hasControlCharacter(rawName)) {
      add(
        problems,
        "manifest-name",
        "error",
        MANIFEST_FILE,
        `Plugin name ${JSON.stringify(rawName)} contains spaces or control characters: the harness does not load the plugin.`,
        "Use kebab-case, e.g. my-plugin.",
      );
    } else if (!KEBAB.test(rawName)) {
      add(
        problems,
        "manifest-name",
        "warning",
        MANIFEST_FILE,
        `Plugin name "${rawName}" is not kebab-case; Claude Code loads it, but skill ids become "${rawName}:<skill>".`,
        "Use lowercase letters, digits and single hyphens, e.g. my-plugin.",
      );
    }
  }
  checkHooksList(paths(manifest, "hooks", problems) ?? [], problems);
  const commandPaths = paths(manifest, "commands", problems);
  const agentPaths = paths(manifest, "agents", problems);
  return {
    name,
    manifest,
    skillPaths: paths(manifest, "skills", problems) ?? [],
    ...(commandPaths ? { commandPaths } : {}),
    ...(agentPaths ? { agentPaths } : {}),
  };
}
