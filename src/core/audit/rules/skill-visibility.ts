/**
 * Which two skills one model can see together, so a near-duplicate pair is worth a warning. A
 * repository often holds skills no session ever loads side by side:
 * - a copy of a plugin kept under a backup or dated folder (`backups/2025-01-10/…`): the old and
 *   the new copy are never installed together;
 * - the same skill twice (`plugin:name` in two folders, or a project skill in two projects);
 * - mirrors kept for another harness (`.agents/skills` for Codex beside the plugin's or
 *   `.claude/skills` for Claude Code): each harness loads its own folder only;
 * - the skills of two different projects.
 */

/** What the rule knows of where a skill lives. */
export interface SkillPlace {
  /** `plugin:name` or the bare name. */
  readonly id: string;
  /** Its SKILL.md, as the audit names it (relative to the audited root, or absolute). */
  readonly file: string;
  /** The plugin it ships in, if any. */
  readonly plugin?: string;
  /** The harness folder of a project skill (`.claude`, `.agents` …). */
  readonly harnessHome?: string;
  /**
   * For a plugin skill: the project skill folder of the harness the plugin is for (Claude Code's
   * `.claude` for a `.claude-plugin` plugin), which the audit tier asks the registry for.
   */
  readonly pluginHome?: string;
}

/** A folder that holds an old copy: `backup`, `backups`, `old`, `archive`, `bak`, a date. */
const COPY_FOLDER =
  /^(?:\.?backups?|\.?bak|old|archived?|archives|snapshots?|deprecated|.*\.(?:bak|old|orig)|.*\d{4}-?\d{2}-?\d{2}.*)$/i;

/** The path up to its last backup or dated folder ("" when it has none): one copy of the tree. */
export function copyRoot(file: string): string {
  const parts = file.split(/[\\/]/);
  let last = -1;
  parts.forEach((p, i) => {
    if (i < parts.length - 1 && COPY_FOLDER.test(p)) last = i;
  });
  return last < 0 ? "" : parts.slice(0, last + 1).join("/");
}

/** The project of a project skill: the folder holding its harness folder. */
function projectOf(file: string, home: string): string {
  const at = file.split(/[\\/]/).lastIndexOf(home);
  return at < 0 ? "" : file.split(/[\\/]/).slice(0, at).join("/");
}

/** Whether one model can have both skills in its listing. */
export function seenTogether(a: SkillPlace, b: SkillPlace): boolean {
  if (a.id === b.id) return false;
  if (copyRoot(a.file) !== copyRoot(b.file)) return false;
  // Plugin skills load in the harness the plugin is for, beside that harness's project skills
  // (Claude Code: `.claude/skills`), never beside another harness's project folder.
  const homeA = a.plugin !== undefined ? a.pluginHome : a.harnessHome;
  const homeB = b.plugin !== undefined ? b.pluginHome : b.harnessHome;
  if (homeA !== undefined && homeB !== undefined && homeA !== homeB) return false;
  if (a.plugin === undefined && b.plugin === undefined && a.harnessHome !== undefined) {
    if (projectOf(a.file, a.harnessHome) !== projectOf(b.file, b.harnessHome ?? a.harnessHome)) return false;
  }
  return true;
}
