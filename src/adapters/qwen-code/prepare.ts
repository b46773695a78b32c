/**
 * Writes one Qwen Code run's configuration: fixture files in the work dir, QWEN.md, skills under
 * `.qwen/skills`, subagents under `.qwen/agents`, and the settings layers. Every command hook (the
 * fixture's own `.qwen/settings.json`, and the spec's `settings.hooks`, which Qwen reads in Claude
 * Code's shape: its event names, and tool matchers that compare Claude Code's names as aliases) is
 * wrapped in the transparent recorder.
 *
 * vigiles' settings go in the private HOME's `.qwen/settings.json`: usage statistics, telemetry and
 * update checks off, and no background memory, dream or skill agents (0.24.4's managed auto-memory
 * sends one more request with tools after the answer, which a script cannot foresee). A fixture's
 * project settings outrank them, so one that sets a provider, an env, a proxy, auth, telemetry or
 * usage statistics is refused, and so is a `.env` that sets a routing variable.
 */
import { mkdir, readFile } from "node:fs/promises";
import { join, normalize } from "node:path";
import type { RunDirs, SessionSpec } from "../port.js";
import { hookRecorderScript } from "../shared/hook-recorder.js";
import { dotenvKeys, parseJsonObject, replaceCwd } from "../shared/settings-text.js";
import { joinInside, writeFileMakingDirs } from "../shared/work-dir.js";
import { QwenUnsafeSettingsError, QwenUnsupportedError } from "./errors.js";
import { qwenHookFiresDir, qwenRecorderPath, wrapQwenHooks } from "./hook-wrap.js";
import { QWEN_ROUTING_ENV } from "./launch.js";

type Json = Record<string, unknown>;

export const QWEN_PROJECT_SETTINGS = join(".qwen", "settings.json");
const ENV_FILES = [join(".qwen", ".env"), ".env"] as const;

/** The settings vigiles pins for every run (user layer). */
export const QWEN_PINNED_SETTINGS: Json = {
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { enableAutoUpdate: false },
  memory: { enableManagedAutoMemory: false, enableManagedAutoDream: false, enableAutoSkill: false },
  ui: { enableFollowupSuggestions: false },
};

/** Project settings keys that could route model, proxy, telemetry or credential traffic. */
const UNSAFE_KEYS = [
  "modelProviders",
  "providerProtocol",
  "env",
  "proxy",
  "security",
  "telemetry",
  "privacy",
  "outboundCorrelation",
] as const;

/** Refuses project settings that outrank vigiles' and could send a request off the machine. */
export function assertQwenSettingsStayLocal(settings: Json, file: string): void {
  for (const key of UNSAFE_KEYS)
    if (settings[key] !== undefined) throw new QwenUnsafeSettingsError(file, key);
}

async function assertEnvFilesStayLocal(workDir: string): Promise<void> {
  for (const rel of ENV_FILES) {
    let text: string;
    try {
      text = await readFile(join(workDir, rel), "utf8");
    } catch {
      continue;
    }
    const routing = dotenvKeys(text).find((k) => QWEN_ROUTING_ENV.test(k));
    if (routing !== undefined) throw new QwenUnsafeSettingsError(rel, routing);
  }
}

/** The project's own `.qwen/settings.json` (a copied project), if any. */
async function projectSettingsText(workDir: string): Promise<Record<string, string>> {
  try {
    return { [QWEN_PROJECT_SETTINGS]: await readFile(join(workDir, QWEN_PROJECT_SETTINGS), "utf8") };
  } catch {
    return {};
  }
}

/** Settings keys of a spec that carry over to Qwen Code: only `hooks` (Qwen reads Claude Code's shape). */
function specHooks(spec: SessionSpec, workDir: string): unknown {
  if (spec.settings === undefined) return undefined;
  const settings = replaceCwd(spec.settings, workDir) as Json;
  const other = Object.keys(settings).filter((k) => k !== "hooks");
  if (other.length > 0) {
    throw new QwenUnsupportedError(
      `take the spec's settings ${other.map((k) => JSON.stringify(k)).join(", ")}`,
      "spec settings are in Claude Code's shape and only `hooks` carries over; put Qwen's own settings in a fixture .qwen/settings.json",
    );
  }
  return settings["hooks"];
}

export async function prepareQwenRun(spec: SessionSpec, dirs: RunDirs): Promise<void> {
  if ((spec.pluginDirs?.length ?? 0) > 0) {
    throw new QwenUnsupportedError("load plugin dirs", "no extension layout is mapped for Qwen Code yet");
  }
  const home = join(dirs.homeDir, ".qwen");
  await mkdir(home, { recursive: true });
  await mkdir(qwenHookFiresDir(dirs), { recursive: true });
  await writeFileMakingDirs(
    qwenRecorderPath(dirs),
    hookRecorderScript({ shell: "bash", command: "argument" }),
  );
  const fixtures: Record<string, string> = {
    ...(spec.projectDir !== undefined ? await projectSettingsText(dirs.workDir) : {}),
    ...spec.files,
  };
  for (const [rel, text] of Object.entries(fixtures)) {
    const path = joinInside(dirs.workDir, rel);
    if (normalize(rel) !== QWEN_PROJECT_SETTINGS) {
      await writeFileMakingDirs(path, text);
      continue;
    }
    // The project's own settings are under test: their hooks are recorded where they lie.
    const parsed = parseJsonObject(replaceCwd(text, dirs.workDir) as string, rel);
    assertQwenSettingsStayLocal(parsed, rel);
    const hooks = parsed["hooks"] === undefined ? {} : { hooks: wrapQwenHooks(parsed["hooks"], rel, dirs) };
    await writeFileMakingDirs(path, `${JSON.stringify({ ...parsed, ...hooks }, null, 2)}\n`);
  }
  await assertEnvFilesStayLocal(dirs.workDir);
  const hooks = specHooks(spec, dirs.workDir);
  const user: Json = {
    ...QWEN_PINNED_SETTINGS,
    ...(hooks !== undefined ? { hooks: wrapQwenHooks(hooks, "settings.hooks", dirs) } : {}),
  };
  for (const [name, text] of Object.entries(spec.skills ?? {})) {
    await writeFileMakingDirs(
      joinInside(join(dirs.workDir, ".qwen", "skills"), join(name, "SKILL.md")),
      text,
    );
  }
  for (const [name, text] of Object.entries(spec.agents ?? {})) {
    await writeFileMakingDirs(joinInside(join(dirs.workDir, ".qwen", "agents"), `${name}.md`), text);
  }
  if (spec.instructions !== undefined)
    await writeFileMakingDirs(join(dirs.workDir, "QWEN.md"), spec.instructions);
  await writeFileMakingDirs(join(home, "settings.json"), `${JSON.stringify(user, null, 2)}\n`);
}
