/**
 * The spec's plugin dirs, as Copilot CLI 1.0.102 loads them with `--plugin-dir <dir>`. Measured on a
 * real run (test/copilot/copilot-plugins.test.ts): the CLI takes a manifest at `plugin.json`,
 * `.plugin/plugin.json`, `.github/plugin/plugin.json` or `.claude-plugin/plugin.json` (Claude Code's
 * layout), reads hooks from `hooks/hooks.json` and from the manifest's `hooks` field (a path or an
 * inline object), accepts Claude's PascalCase groups there (they get the snake_case payload), and
 * runs a plugin hook with the plugin root as its cwd and `PLUGIN_ROOT`, `COPILOT_PLUGIN_ROOT` and
 * `CLAUDE_PLUGIN_ROOT` set. A directory with only a root `SKILL.md` is a plugin too.
 *
 * A plugin hook must never run unrecorded, and the fixture is never changed: each plugin is copied
 * into the run's temp dir (`.git` left out, `node_modules` linked: runtime/plugin-copy.ts) and every hooks file in the copy (any JSON file with a `hooks` object keyed
 * by event lists, so a path the manifest names is covered wherever it is) is wrapped in the recorder.
 * An agent in the plugin that declares its own hooks is refused (agent-hooks.ts).
 */
import { readFile, readdir, stat, writeFile } from "node:fs/promises";
import { basename, join, normalize, relative, sep } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import { copyPluginDir } from "../../runtime/plugin-copy.js";
import type { RunDirs } from "../port.js";
import { refuseAgentHooks } from "./agent-hooks.js";
import { CopilotUnsupportedError } from "./errors.js";
import { wrapCopilotHooksFile, type RecorderPaths } from "./hook-wrap.js";
import { isRecord } from "../../core/is-record.js";

/** Where Copilot 1.0.102 looks for a plugin's manifest (strings of its runtime, and a real run). */
export const COPILOT_PLUGIN_MANIFESTS = [
  "plugin.json",
  join(".plugin", "plugin.json"),
  join(".github", "plugin", "plugin.json"),
  join(".claude-plugin", "plugin.json"),
] as const;

type Json = Record<string, unknown>;

/** The run's copy of the `index`th plugin dir; launch passes it with `--plugin-dir`. */
export function copilotPluginCopyOf(dirs: RunDirs, index: number, source: string): string {
  const name = basename(source).replace(/[^A-Za-z0-9._-]/g, "_") || "plugin";
  return join(dirs.tmpDir, "vigiles-copilot-plugins", `${index}-${name}`);
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

async function readJson(path: string, shown: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, "utf8"));
  } catch (error) {
    throw new InvalidOptionError(
      `${shown} is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** A hooks object as Copilot reads one: every value a list of handlers or groups. */
const isHooksObject = (v: unknown): v is Json =>
  isRecord(v) && Object.keys(v).length > 0 && Object.values(v).every((x) => Array.isArray(x));

/** Every JSON file under `root` (not inside `.git` or `node_modules`), relative to it. */
async function jsonFiles(root: string, dir = root): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === ".git" || entry.name === "node_modules") continue;
      out.push(...(await jsonFiles(root, path)));
    } else if (entry.isFile() && entry.name.endsWith(".json")) {
      out.push(relative(root, path));
    }
  }
  return out;
}

/** The hooks files a manifest names in its `hooks` field (paths inside the plugin), checked. */
function manifestHookPaths(manifest: unknown, shown: string): string[] {
  if (!isRecord(manifest) || manifest["hooks"] === undefined) return [];
  const field = manifest["hooks"];
  if (isRecord(field)) return [];
  const paths = typeof field === "string" ? [field] : Array.isArray(field) ? field : undefined;
  if (paths === undefined || !paths.every((p): p is string => typeof p === "string")) {
    throw new InvalidOptionError(`"hooks" in ${shown} must be a path, a list of paths or a hooks object`);
  }
  return paths.map((p) => {
    const norm = normalize(p);
    if (norm.startsWith(sep) || norm === ".." || norm.startsWith(`..${sep}`)) {
      throw new CopilotUnsupportedError(
        `load the hooks file ${JSON.stringify(p)} named in ${shown}`,
        "it is outside the plugin, so vigiles cannot record its hooks; keep hooks files inside the plugin dir",
      );
    }
    return norm;
  });
}

/**
 * Copies the plugin at `source` to `target` with every hook command wrapped in the recorder. Throws a
 * named error for a dir Copilot would not load as a plugin, and for a hook vigiles cannot record.
 */
export async function installCopilotPlugin(
  source: string,
  target: string,
  recorder: RecorderPaths,
  registered?: Set<string>,
): Promise<void> {
  const info = await stat(source).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new InvalidOptionError(`plugin dir ${source} does not exist or is not a directory`);
  }
  const manifests: string[] = [];
  for (const rel of COPILOT_PLUGIN_MANIFESTS) if (await exists(join(source, rel))) manifests.push(rel);
  if (manifests.length === 0 && !(await exists(join(source, "SKILL.md")))) {
    throw new InvalidOptionError(
      `${source} is not a Copilot CLI plugin: it has no plugin.json (at the root, in .plugin/, .github/plugin/ or .claude-plugin/) and no root SKILL.md`,
    );
  }
  // Links are copied as the files they point at, so a hooks file behind one is wrapped in the copy;
  // `.git` is left out and `node_modules` linked (hooks files are never looked for in either).
  await copyPluginDir(source, target, { dereference: true });
  await refuseAgentHooks(target, (path) => join(source, relative(target, path)));
  const named = new Set<string>();
  for (const rel of manifests) {
    const manifest = await readJson(join(target, rel), join(source, rel));
    for (const path of manifestHookPaths(manifest, join(source, rel))) named.add(path);
  }
  for (const rel of named) {
    if (!(await exists(join(target, rel)))) {
      throw new InvalidOptionError(
        `${join(source, rel)}, named as a hooks file by the plugin's manifest, does not exist`,
      );
    }
  }
  for (const rel of await jsonFiles(target)) {
    const path = join(target, rel);
    const parsed = await readJson(path, join(source, rel));
    const hooks = isRecord(parsed) ? parsed["hooks"] : undefined;
    if (!named.has(normalize(rel)) && !isHooksObject(hooks)) continue;
    const text = await readFile(path, "utf8");
    await writeFile(path, wrapCopilotHooksFile(text, join(source, rel), recorder, registered));
  }
}
