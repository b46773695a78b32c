/**
 * Writes one run's Claude Code configuration into its work dir: fixture files, then
 * `.claude/settings.json` (with `{cwd}` replaced by the work dir), skills under `.claude/skills`,
 * subagents under `.claude/agents`, and CLAUDE.md. HOME gets an empty `.claude` so nothing of the
 * user's own setup is read.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, normalize, sep } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import type { RunDirs, SessionSpec } from "../port.js";
import { readSettingsText } from "./read-settings.js";
import { assertSettingsStayLocal } from "./settings-routing.js";

export { assertSettingsStayLocal, isRoutingEnvName } from "./settings-routing.js";

/** Replaces `{cwd}` in every string of a JSON value. */
export function replaceCwd(value: unknown, cwd: string): unknown {
  if (typeof value === "string") return value.split("{cwd}").join(cwd);
  if (Array.isArray(value)) return value.map((v) => replaceCwd(v, cwd));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceCwd(v, cwd)]));
  }
  return value;
}

function safeJoin(root: string, rel: string, what: string): string {
  const norm = normalize(rel);
  if (isAbsolute(rel) || norm === ".." || norm.startsWith(`..${sep}`)) {
    throw new InvalidOptionError(
      `${what} path ${JSON.stringify(rel)} leaves the work dir; use a relative path inside it`,
    );
  }
  return join(root, norm);
}

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

export async function prepareClaudeRun(spec: SessionSpec, dirs: RunDirs): Promise<void> {
  await mkdir(join(dirs.homeDir, ".claude"), { recursive: true });
  for (const [rel, text] of Object.entries(spec.files ?? {})) {
    await put(safeJoin(dirs.workDir, rel, "fixture file"), text);
  }
  if (spec.settings !== undefined) {
    const settings = replaceCwd(spec.settings, dirs.workDir) as Record<string, unknown>;
    assertSettingsStayLocal(settings);
    await put(join(dirs.workDir, ".claude", "settings.json"), `${JSON.stringify(settings, null, 2)}\n`);
  }
  // Settings that came in as fixture files get the same check as the spec's own, read as the CLI
  // reads them (a leading BOM stripped), or leniently: what is refused does not depend on a typo.
  for (const name of ["settings.json", "settings.local.json"]) {
    const path = join(dirs.workDir, ".claude", name);
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch {
      continue;
    }
    const parsed = readSettingsText(text);
    if (parsed) assertSettingsStayLocal(parsed, `.claude/${name}`);
  }
  for (const [name, text] of Object.entries(spec.skills ?? {})) {
    await put(safeJoin(join(dirs.workDir, ".claude", "skills"), join(name, "SKILL.md"), "skill"), text);
  }
  for (const [name, text] of Object.entries(spec.agents ?? {})) {
    const file = name.endsWith(".md") ? name : `${name}.md`;
    await put(safeJoin(join(dirs.workDir, ".claude", "agents"), file, "agent"), text);
  }
  if (spec.instructions !== undefined) await put(join(dirs.workDir, "CLAUDE.md"), spec.instructions);
}
