/**
 * Writes one Copilot CLI run's configuration: fixture files in the work dir, AGENTS.md, and a private
 * COPILOT_HOME whose config.json trusts exactly the work dir (Copilot 1.0.102 runs repository hooks
 * only in a trusted folder, and skips them silently otherwise). Hooks under test come from the
 * fixture's own `.github/hooks/*.json` (Copilot's shape) and from the spec's `settings.hooks` (Claude
 * Code's shape, translated, see settings-hooks.ts); every command is wrapped in the transparent
 * recorder, because Copilot's `--output-format json` stream shows no hook activity.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, normalize, sep } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import type { RunDirs, SessionSpec } from "../port.js";
import { replaceCwd } from "../claude-code/prepare-run.js";
import { HOOK_RECORDER_FILE, hookRecorderScript } from "../shared/hook-recorder.js";
import { CopilotUnsupportedError } from "./errors.js";
import { wrapCopilotHooksFile, type RecorderPaths } from "./hook-wrap.js";
import { translateSettingsHooks } from "./settings-hooks.js";

/** Where the recorder leaves hook fires (one set of files per fire), inside the run's private temp dir. */
export const copilotFiresDir = (dirs: RunDirs) => join(dirs.tmpDir, "vigiles-copilot-hooks");
export const copilotRecorderPath = (dirs: RunDirs) => join(dirs.tmpDir, HOOK_RECORDER_FILE);
export const copilotHomeOf = (dirs: RunDirs) => join(dirs.homeDir, ".copilot");
/** The hooks file the spec's `settings.hooks` are written to (a repository hooks file, as Copilot reads it). */
export const SETTINGS_HOOKS_FILE = join(".github", "hooks", "vigiles-settings-hooks.json");

/** How one run is prepared beyond the spec. */
export interface CopilotPrepareOptions {
  /** List the work dir in `trusted_folders` (default true). False reproduces an untrusted checkout. */
  readonly trustWorkDir?: boolean;
}

function safeJoin(root: string, rel: string): string {
  const norm = normalize(rel);
  if (isAbsolute(rel) || norm === ".." || norm.startsWith(`..${sep}`)) {
    throw new InvalidOptionError(
      `fixture path ${JSON.stringify(rel)} leaves the work dir; use a relative path inside it`,
    );
  }
  return join(root, norm);
}

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

const isRepoHooksFile = (rel: string) => {
  const norm = normalize(rel);
  return dirname(norm) === join(".github", "hooks") && norm.endsWith(".json");
};

export async function prepareCopilotRun(
  spec: SessionSpec,
  dirs: RunDirs,
  options: CopilotPrepareOptions = {},
): Promise<void> {
  if ((spec.pluginDirs?.length ?? 0) > 0) {
    throw new CopilotUnsupportedError(
      "load plugin dirs yet",
      "a plugin's hooks would run unrecorded; give the hooks as .github/hooks/*.json fixture files",
    );
  }
  if (spec.agents && Object.keys(spec.agents).length > 0) {
    throw new CopilotUnsupportedError(
      "take subagent definitions",
      "no custom-agent layout is mapped for Copilot yet",
    );
  }
  if (spec.skills && Object.keys(spec.skills).length > 0) {
    throw new CopilotUnsupportedError("take skills", "no skill layout is mapped for Copilot yet");
  }
  const home = copilotHomeOf(dirs);
  await mkdir(home, { recursive: true });
  const recorder: RecorderPaths = { script: copilotRecorderPath(dirs), firesDir: copilotFiresDir(dirs) };
  await mkdir(recorder.firesDir, { recursive: true });
  // Copilot runs a hook's `bash` field with /bin/bash (measured), so the recorder does too.
  await put(recorder.script, hookRecorderScript({ shell: "/bin/bash", command: "argument" }));
  for (const [rel, text] of Object.entries(spec.files ?? {})) {
    const path = safeJoin(dirs.workDir, rel);
    if (isRepoHooksFile(rel)) {
      await put(path, wrapCopilotHooksFile(replaceCwd(text, dirs.workDir) as string, rel, recorder));
      continue;
    }
    await put(path, text);
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
      await put(
        file,
        wrapCopilotHooksFile(JSON.stringify(translateSettingsHooks(hooks)), SETTINGS_HOOKS_FILE, recorder),
      );
    }
  }
  if (spec.instructions !== undefined) await put(join(dirs.workDir, "AGENTS.md"), spec.instructions);
  const trusted = options.trustWorkDir ?? true;
  // Copilot rewrites this file itself (it starts with `//` comments then); it reads `trusted_folders`.
  await put(
    join(home, "config.json"),
    `${JSON.stringify({ trusted_folders: trusted ? [dirs.workDir] : [] }, null, 2)}\n`,
  );
}
