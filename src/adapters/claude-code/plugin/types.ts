/** The shapes `loadPlugin` returns: a Claude Code plugin as the harness reads it from disk. */

/** `error`: the harness rejects or silently drops the part; `warning`: it loads, but not as the author meant. */
export type PluginProblemSeverity = "error" | "warning";

/** Something in the plugin the harness would reject or drop. */
export interface PluginProblem {
  /** Stable id of the rule, e.g. `skill-name`, `hooks-duplicate-file`, `manifest-name`. */
  readonly code: string;
  readonly severity: PluginProblemSeverity;
  /** The file at fault, relative to the plugin root (`/`-separated). */
  readonly path: string;
  /** What is wrong, naming the value. */
  readonly message: string;
  /** What to do about it. */
  readonly fix: string;
}

/** One skill: `skills/<folder>/SKILL.md`. */
export interface LoadedSkill {
  /** The frontmatter `name`, else the folder name. */
  readonly name: string;
  /** The folder under `skills/`. */
  readonly folder: string;
  /**
   * The id the harness lists the skill under: `<plugin>:<folder>`. When `name` differs from the
   * folder, Claude Code shows it as `<plugin>:<folder> (<plugin>:<name>)` and resolves both.
   */
  readonly id: string;
  /** The frontmatter `description` ("" when missing). */
  readonly description: string;
  /** The frontmatter `when_to_use`, when present. */
  readonly whenToUse?: string;
  /** The whole parsed frontmatter. */
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /** The markdown after the frontmatter: what loads when the skill is invoked. */
  readonly body: string;
  /** Absolute path of SKILL.md. */
  readonly path: string;
}

/** A slash command (`commands/*.md`) or a subagent (`agents/*.md`). */
export interface LoadedMarkdownComponent {
  /** Agents: the frontmatter `name`, else the file name; commands: the file name without `.md`. */
  readonly name: string;
  readonly description?: string;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly body: string;
  /** Absolute path of the file. */
  readonly path: string;
}

/** `hooks/hooks.json`. */
export interface LoadedHooksFile {
  /** Absolute path. */
  readonly path: string;
  /** The parsed file (its `hooks` object, optionally beside a `description`). */
  readonly config: Readonly<Record<string, unknown>>;
  /** The harness loads no hooks from the file: it is not valid JSON or has no `hooks` object. */
  readonly dropped: boolean;
}

/** A plugin directory as Claude Code would load it with `--plugin-dir`. */
export interface LoadedPlugin {
  /** Absolute path of the plugin root. */
  readonly dir: string;
  /** The manifest `name` (the directory name when the manifest is missing). */
  readonly name: string;
  /**
   * Whether the harness loads the plugin at all. False when the manifest fails its validation (bad
   * JSON, a component path without `./`, an `agents` entry that is not a `.md` file): Claude Code then
   * skips the whole plugin without a word in the stream.
   */
  readonly loads: boolean;
  /** `.claude-plugin/plugin.json`, parsed; undefined when missing or unreadable. */
  readonly manifest?: Readonly<Record<string, unknown>>;
  readonly skills: readonly LoadedSkill[];
  readonly commands: readonly LoadedMarkdownComponent[];
  readonly agents: readonly LoadedMarkdownComponent[];
  readonly hooks?: LoadedHooksFile;
  /** `.mcp.json`'s servers (its `mcpServers` object, or the file itself when it has none). */
  readonly mcpServers?: Readonly<Record<string, unknown>>;
  /** Everything the harness would reject or drop; empty for a sound plugin. */
  readonly problems: readonly PluginProblem[];
}
