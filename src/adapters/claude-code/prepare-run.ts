/**
 * Writes one run's Claude Code configuration into its work dir: fixture files, then
 * `.claude/settings.json` (with `{cwd}` replaced by the work dir), skills under `.claude/skills`,
 * subagents under `.claude/agents`, and CLAUDE.md. HOME gets an empty `.claude` so nothing of the
 * user's own setup is read.
 */
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { RunDirs, SessionSpec } from "../port.js";
import { replaceCwd } from "../shared/settings-text.js";
import { joinInside, writeFileMakingDirs } from "../shared/work-dir.js";
import { readSettingsText } from "./read-settings.js";
import { assertSettingsStayLocal } from "./settings-routing.js";

export { assertSettingsStayLocal, isRoutingEnvName } from "./settings-routing.js";

export async function prepareClaudeRun(spec: SessionSpec, dirs: RunDirs): Promise<void> {
  await mkdir(join(dirs.homeDir, ".claude"), { recursive: true });
  for (const [rel, text] of Object.entries(spec.files ?? {})) {
    await writeFileMakingDirs(joinInside(dirs.workDir, rel, "fixture file"), text);
  }
  if (spec.settings !== undefined) {
    const settings = replaceCwd(spec.settings, dirs.workDir) as Record<string, unknown>;
    assertSettingsStayLocal(settings);
    await writeFileMakingDirs(
      join(dirs.workDir, ".claude", "settings.json"),
      `${JSON.stringify(settings, null, 2)}\n`,
    );
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
    await writeFileMakingDirs(
      joinInside(join(dirs.workDir, ".claude", "skills"), join(name, "SKILL.md"), "skill"),
      text,
    );
  }
  for (const [name, text] of Object.entries(spec.agents ?? {})) {
    const file = name.endsWith(".md") ? name : `${name}.md`;
    await writeFileMakingDirs(joinInside(join(dirs.workDir, ".claude", "agents"), file, "agent"), text);
  }
  if (spec.instructions !== undefined)
    await writeFileMakingDirs(join(dirs.workDir, "CLAUDE.md"), spec.instructions);
}
