/**
 * Writes one Copilot CLI run's configuration: fixture files in the work dir, AGENTS.md, and a private
 * COPILOT_HOME whose config.json trusts exactly the work dir (Copilot 1.0.102 runs repository hooks
 * only in a trusted folder, and skips them silently otherwise). Hooks under test come from the
 * fixture's own `.github/hooks/*.json` (Copilot's shape) and from the spec's `settings.hooks` (Claude
 * Code's shape, translated, see settings-hooks.ts) and from the spec's plugin dirs (copied, see
 * plugin-dirs.ts); every command is wrapped in the transparent recorder, because Copilot's
 * `--output-format json` stream shows no hook activity.
 */
import { mkdir } from "node:fs/promises";
import { join, normalize, sep } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import type { RunDirs, SessionSpec } from "../port.js";
import { replaceCwd } from "../shared/settings-text.js";
import { joinInside, writeFileMakingDirs } from "../shared/work-dir.js";
import { HOOK_RECORDER_FILE, hookRecorderScript } from "../shared/hook-recorder.js";
import { refuseWorkDirAgentHooks } from "./agent-hooks.js";
import { CopilotUnsupportedError } from "./errors.js";
import { wrapCopilotHooksFile, type RecorderPaths } from "./hook-wrap.js";
import { copilotPluginCopyOf, installCopilotPlugin } from "./plugin-dirs.js";
import { COPILOT_REPO_HOOKS_DIR, COPILOT_REPO_SETTINGS_FILES, wrapRepoHooks } from "./repo-hooks.js";
import { translateSettingsHooks } from "./settings-hooks.js";
import { writeRegisteredEvents } from "./stream/unrecorded-hooks.js";

/** Where the recorder leaves hook fires (one set of files per fire), inside the run's private temp dir. */
export const copilotFiresDir = (dirs: RunDirs) => join(dirs.tmpDir, "vigiles-copilot-hooks");
export const copilotRecorderPath = (dirs: RunDirs) => join(dirs.tmpDir, HOOK_RECORDER_FILE);
export const copilotHomeOf = (dirs: RunDirs) => join(dirs.homeDir, ".copilot");
/** The hooks file the spec's `settings.hooks` are written to (a repository hooks file, as Copilot reads it). */
export const SETTINGS_HOOKS_FILE = join(".github", "hooks", "vigiles-settings-hooks.json");

/** Where the spec's skills and agents go: Copilot's repository layout (both listed to the model, measured). */
export const COPILOT_SKILLS_DIR = join(".github", "skills");
export const COPILOT_AGENTS_DIR = join(".github", "agents");

/** A skill or agent name usable as one path segment. */
function plainName(name: string, what: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) {
    throw new InvalidOptionError(
      `${what} name ${JSON.stringify(name)} must be one path segment of letters, digits, ".", "_" or "-"`,
    );
  }
  return name;
}

/** How one run is prepared beyond the spec. */
export interface CopilotPrepareOptions {
  /** List the work dir in `trusted_folders` (default true). False reproduces an untrusted checkout. */
  readonly trustWorkDir?: boolean;
  /**
   * User-level hooks files by file name (`"guard.json"`: the file's text, Copilot's shape), written to
   * the run's private `$COPILOT_HOME/hooks/` and recorded like the repository's. Copilot 1.0.102 runs
   * them (measured), also in an untrusted folder. The user's own `~/.copilot` is never read.
   */
  readonly userHooks?: Readonly<Record<string, string>>;
}

/** A fixture file Copilot reads hooks from, where `{cwd}` is replaced as in `settings`. */
const isHooksSource = (rel: string) => {
  const norm = normalize(rel);
  return (
    norm.startsWith(`${COPILOT_REPO_HOOKS_DIR}${sep}`) ||
    (COPILOT_REPO_SETTINGS_FILES as readonly string[]).includes(norm)
  );
};

export async function prepareCopilotRun(
  spec: SessionSpec,
  dirs: RunDirs,
  options: CopilotPrepareOptions = {},
): Promise<void> {
  const home = copilotHomeOf(dirs);
  await mkdir(home, { recursive: true });
  const recorder: RecorderPaths = { script: copilotRecorderPath(dirs), firesDir: copilotFiresDir(dirs) };
  await mkdir(recorder.firesDir, { recursive: true });
  // Copilot runs a hook's `bash` field with /bin/bash (measured), so the recorder does too.
  await writeFileMakingDirs(recorder.script, hookRecorderScript({ shell: "/bin/bash", command: "argument" }));
  // Every event a recorded file registers; a hook run for any other one escaped the recorder.
  const registered = new Set<string>();
  for (const [rel, text] of Object.entries(spec.files ?? {})) {
    const path = joinInside(dirs.workDir, rel);
    await writeFileMakingDirs(path, isHooksSource(rel) ? (replaceCwd(text, dirs.workDir) as string) : text);
  }
  const settings =
    spec.settings === undefined
      ? undefined
      : (replaceCwd(spec.settings, dirs.workDir) as Record<string, unknown>);
  if (settings !== undefined) {
    const { hooks, ...rest } = settings;
    const unknown = Object.keys(rest);
    if (unknown.length > 0) {
      throw new CopilotUnsupportedError(
        `take the settings ${unknown.map((k) => JSON.stringify(k)).join(", ")}`,
        "only `settings.hooks` has a Copilot meaning vigiles has mapped",
      );
    }
    if (hooks !== undefined) {
      const file = join(dirs.workDir, SETTINGS_HOOKS_FILE);
      await writeFileMakingDirs(file, `${JSON.stringify(translateSettingsHooks(hooks), null, 2)}\n`);
    }
  }
  for (const [i, source] of (spec.pluginDirs ?? []).entries()) {
    await installCopilotPlugin(source, copilotPluginCopyOf(dirs, i, source), recorder, registered);
  }
  for (const [name, text] of Object.entries(spec.skills ?? {})) {
    await writeFileMakingDirs(
      join(dirs.workDir, COPILOT_SKILLS_DIR, plainName(name, "skill"), "SKILL.md"),
      text,
    );
  }
  for (const [name, text] of Object.entries(spec.agents ?? {})) {
    await writeFileMakingDirs(
      join(dirs.workDir, COPILOT_AGENTS_DIR, `${plainName(name, "agent")}.agent.md`),
      text,
    );
  }
  for (const [name, text] of Object.entries(options.userHooks ?? {})) {
    if (!/^[A-Za-z0-9._-]+\.json$/.test(name) || name.startsWith(".")) {
      throw new InvalidOptionError(
        `user hooks file name ${JSON.stringify(name)} must be a plain file name ending in .json, e.g. "guard.json"`,
      );
    }
    const rel = join("hooks", name);
    await writeFileMakingDirs(
      join(home, rel),
      wrapCopilotHooksFile(text, `$COPILOT_HOME/${rel}`, recorder, registered),
    );
  }
  // After every file is in place: the project dir's, the fixture's and the translated settings' hooks.
  await wrapRepoHooks(dirs.workDir, recorder, registered);
  writeRegisteredEvents(dirs, registered);
  await refuseWorkDirAgentHooks(dirs.workDir);
  if (spec.instructions !== undefined)
    await writeFileMakingDirs(join(dirs.workDir, "AGENTS.md"), spec.instructions);
  const trusted = options.trustWorkDir ?? true;
  // Copilot rewrites this file itself (it starts with `//` comments then); it reads `trusted_folders`.
  await writeFileMakingDirs(
    join(home, "config.json"),
    `${JSON.stringify({ trusted_folders: trusted ? [dirs.workDir] : [] }, null, 2)}\n`,
  );
}
