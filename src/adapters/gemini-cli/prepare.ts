/**
 * Writes one Gemini CLI run's configuration: fixture files in the work dir, GEMINI.md, skills under
 * `.gemini/skills`, extensions (the spec's plugin dirs) under the private HOME's
 * `.gemini/extensions`, and the settings layers. Every command hook (the fixture's own
 * `.gemini/settings.json`, an extension's `hooks/hooks.json`, the spec's `settings.hooks` in Claude
 * Code's shape, translated) is wrapped in the transparent recorder, since the stream shows no hook
 * activity.
 *
 * vigiles' settings (API-key auth against the endpoint, usage statistics off, since 0.61.0 otherwise
 * resolves play.googleapis.com at start (measured with strace), telemetry and update checks off)
 * go in the private HOME. A fixture's workspace settings outrank them in Gemini CLI, so a fixture
 * that sets auth, telemetry or usage statistics is refused. The machine's system settings
 * (/etc/gemini-cli) are never read: GEMINI_CLI_SYSTEM_SETTINGS_PATH points at a file that does not
 * exist. (A system settings file of vigiles' own cannot be used: 0.61.0 skips one under a
 * world-writable parent such as /tmp, "Security Warning: Skipping system settings file".)
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { basename, join, normalize, sep } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import { copyPluginDir } from "../../runtime/plugin-copy.js";
import type { RunDirs, SessionSpec } from "../port.js";
import { dotenvKeys, parseJsonObject, replaceCwd } from "../shared/settings-text.js";
import { resolvedMcpServers } from "../shared/mcp-servers.js";

export { dotenvKeys };
import { joinInside, writeFileMakingDirs } from "../shared/work-dir.js";
import { GeminiUnsafeEnvFileError, GeminiUnsafeSettingsError, GeminiUnsupportedError } from "./errors.js";
import { HOOK_RECORDER_FILE, hookRecorderScript } from "../shared/hook-recorder.js";
import { translateClaudeHooks } from "./translate-hooks.js";
import { assertFixtureKeepsLimits, geminiRunLimitSettings } from "./run-limits.js";
import { shellQuote } from "../../core/shell-quote.js";
import { isRecord } from "../../core/is-record.js";

type Json = Record<string, unknown>;

/** Where the recorder leaves hook fires (one set of files per fire), inside the run's private temp dir. */
export const geminiHookFiresDir = (dirs: RunDirs) => join(dirs.tmpDir, "vigiles-gemini-hooks");
const commandsDir = (dirs: RunDirs) => join(dirs.tmpDir, "vigiles-gemini-hook-commands");
const recorderPath = (dirs: RunDirs) => join(dirs.tmpDir, HOOK_RECORDER_FILE);
export const geminiHomeOf = (dirs: RunDirs) => join(dirs.homeDir, ".gemini");
/** Where the CLI is told its system settings are: a path that does not exist, so the machine's are not read. */
export const geminiMaskedSystemSettingsPath = (dirs: RunDirs) =>
  join(dirs.tmpDir, "vigiles-no-system-settings", "settings.json");
export const geminiMaskedSystemDefaultsPath = (dirs: RunDirs) =>
  join(dirs.tmpDir, "vigiles-no-system-settings", "system-defaults.json");

/** The settings vigiles pins for every run (user layer). */
export const GEMINI_PINNED_SETTINGS: Json = {
  security: { auth: { selectedType: "gemini-api-key" } },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
};

/** Where the recorder is, where it leaves fires, and where the wrapped commands are kept. */
interface RecorderPaths {
  readonly script: string;
  readonly firesDir: string;
  readonly commandsDir: string;
}

/**
 * Wraps every command handler of a Gemini `hooks` object in the recorder. The original command is
 * kept in a file named by its hash, so two identical hooks stay identical (Gemini de-duplicates by
 * name and command), and the handler keeps its original command as its `name` (what
 * `hooksConfig.disabled` and Gemini's warnings name it by). `hydrate` does what the CLI does to an
 * extension's strings (`${extensionPath}`), since the kept command is no longer in the file it reads.
 */
async function wrapGeminiHooks(
  hooks: unknown,
  file: string,
  recorder: RecorderPaths,
  hydrate: (command: string) => string = (c) => c,
): Promise<Json> {
  if (!isRecord(hooks))
    throw new InvalidOptionError(`the hooks in ${file} must be an object keyed by event name`);
  const out: Json = {};
  for (const [event, groups] of Object.entries(hooks)) {
    // `enabled`, `disabled`, `notifications` and anything that is not a list are Gemini's to judge.
    if (!Array.isArray(groups)) {
      out[event] = groups;
      continue;
    }
    out[event] = await Promise.all(
      groups.map(async (group: unknown, g) => {
        if (!isRecord(group) || !Array.isArray(group["hooks"])) return group;
        const handlers = await Promise.all(
          group["hooks"].map(async (handler: unknown, h) => {
            if (
              !isRecord(handler) ||
              handler["type"] !== "command" ||
              typeof handler["command"] !== "string"
            ) {
              if (isRecord(handler) && handler["type"] === "command") return handler; // Gemini discards it too
              throw new GeminiUnsupportedError(
                `record hooks.${event}[${g}].hooks[${h}] in ${file}`,
                "only command hooks can be recorded by vigiles",
              );
            }
            const original = hydrate(handler["command"]);
            const hash = createHash("sha256").update(original).digest("hex").slice(0, 16);
            const commandFile = join(recorder.commandsDir, `${hash}.cmd`);
            await writeFileMakingDirs(commandFile, original);
            const command = ["/bin/sh", recorder.script, recorder.firesDir, event, "", commandFile]
              .map(shellQuote)
              .join(" ");
            return {
              ...handler,
              name: typeof handler["name"] === "string" ? handler["name"] : handler["command"],
              command,
            };
          }),
        );
        return { ...group, hooks: handlers };
      }),
    );
  }
  return out;
}

/**
 * Workspace settings outrank the user settings vigiles writes: one that picks another auth (OAuth,
 * Vertex AI) or turns telemetry or usage statistics on would send requests to Google, so it is refused.
 */
export function assertFixtureSettingsStayLocal(settings: Json, file: string): void {
  const security = settings["security"];
  if (isRecord(security) && security["auth"] !== undefined) {
    throw new GeminiUnsafeSettingsError(file, "security.auth");
  }
  for (const key of ["privacy", "telemetry"]) {
    if (settings[key] !== undefined) throw new GeminiUnsafeSettingsError(file, key);
  }
}

const GEMINI_PROJECT_SETTINGS = join(".gemini", "settings.json");

/**
 * The `.env` files Gemini CLI 0.61.0 loads from the work dir (`findEnvFile`: the first of
 * `.gemini/.env` and `.env` walking up from the cwd, in a trusted folder). It never sets a variable
 * already set, and the launch pins every routing one; these are refused all the same, so a project
 * that means to turn telemetry on or pick a cloud project is told, not silently overridden.
 */
export const GEMINI_ENV_FILES = [join(".gemini", ".env"), ".env"] as const;

/** Variables that route model or telemetry traffic, or carry credentials or a cloud project. */
export const GEMINI_ROUTING_ENV =
  /^(GOOGLE_|GEMINI_|CODE_ASSIST|VERTEX|OTEL_|OTLP_|GCE_METADATA|METADATA_SERVER|GCLOUD_|CLOUDSDK_|HTTPS?_PROXY$|ALL_PROXY$|NO_PROXY$|CLOUD_SHELL$)/i;

/** Refuses a `.env` in the work dir (a fixture's or a project's) that sets a routing variable. */
export async function assertEnvFilesStayLocal(workDir: string): Promise<void> {
  for (const rel of GEMINI_ENV_FILES) {
    let text: string;
    try {
      text = await readFile(join(workDir, rel), "utf8");
    } catch {
      continue;
    }
    const routing = dotenvKeys(text).filter((k) => GEMINI_ROUTING_ENV.test(k));
    if (routing.length > 0) throw new GeminiUnsafeEnvFileError(rel, routing);
  }
}

/** The `.gemini/settings.json` already in the work dir (a copied project), if any. */
async function projectGeminiFiles(workDir: string): Promise<Record<string, string>> {
  try {
    return { [GEMINI_PROJECT_SETTINGS]: await readFile(join(workDir, GEMINI_PROJECT_SETTINGS), "utf8") };
  } catch {
    return {};
  }
}

/**
 * Gemini CLI 0.61.0 loads extensions only from the user's `~/.gemini/extensions` (its extension
 * manager reads `ExtensionStorage.getUserExtensionsDir()` and nothing else): one in the project's
 * `.gemini/extensions` is never loaded, so a fixture putting one there would test a hook that never
 * runs. Refused, pointing at `pluginDirs`, which installs it where the CLI looks.
 */
function assertNotWorkspaceExtension(rel: string): void {
  const parts = normalize(rel).split(sep);
  if (parts[0] === ".gemini" && parts[1] === "extensions") {
    throw new GeminiUnsupportedError(
      `load the extension in ${rel}`,
      "0.61.0 loads extensions only from ~/.gemini/extensions, never from the project's .gemini/extensions; " +
        "give the extension's dir as the spec's pluginDir (or plugins), which installs it in the run's private HOME",
    );
  }
}

/** Settings keys of a spec that carry over to Gemini: only `hooks` (translated). */
function assertSettingsCarryOver(settings: Json): void {
  const other = Object.keys(settings).filter((k) => k !== "hooks");
  if (other.length > 0) {
    throw new GeminiUnsupportedError(
      `take the spec's settings ${other.map((k) => JSON.stringify(k)).join(", ")}`,
      "spec settings are in Claude Code's shape and only `hooks` is translated; put Gemini's own settings in a fixture .gemini/settings.json",
    );
  }
}

/** Copies one extension dir into the private HOME and wraps its `hooks/hooks.json`. */
async function installExtension(source: string, dirs: RunDirs, recorder: RecorderPaths): Promise<void> {
  let manifestText: string;
  try {
    manifestText = await readFile(join(source, "gemini-extension.json"), "utf8");
  } catch {
    throw new InvalidOptionError(`${source} is not a Gemini CLI extension: it has no gemini-extension.json`);
  }
  const manifest = parseJsonObject(manifestText, join(source, "gemini-extension.json"));
  const name = typeof manifest["name"] === "string" ? manifest["name"] : basename(source);
  const target = join(geminiHomeOf(dirs), "extensions", name);
  // `.git` left out, `node_modules` linked to the source's: the CLI reads neither, a hook may run a tool from it.
  await copyPluginDir(source, target);
  const hooksFile = join(target, "hooks", "hooks.json");
  let hooksText: string | undefined;
  try {
    hooksText = await readFile(hooksFile, "utf8");
  } catch {
    hooksText = undefined;
  }
  if (hooksText === undefined) return;
  const parsed = parseJsonObject(hooksText, hooksFile);
  const hydrate = (c: string) =>
    c
      .split("${extensionPath}")
      .join(target)
      .split("${workspacePath}")
      .join(dirs.workDir)
      .split("${/}")
      .join(sep)
      .split("${pathSeparator}")
      .join(sep);
  const hooks = await wrapGeminiHooks(parsed["hooks"], hooksFile, recorder, hydrate);
  await writeFileMakingDirs(hooksFile, `${JSON.stringify({ ...parsed, hooks }, null, 2)}\n`);
}

export async function prepareGeminiRun(spec: SessionSpec, dirs: RunDirs): Promise<void> {
  if (spec.agents && Object.keys(spec.agents).length > 0) {
    throw new GeminiUnsupportedError(
      "take subagent definitions",
      "no subagent layout is mapped for Gemini CLI",
    );
  }
  const home = geminiHomeOf(dirs);
  await mkdir(home, { recursive: true });
  const recorder: RecorderPaths = {
    script: recorderPath(dirs),
    firesDir: geminiHookFiresDir(dirs),
    commandsDir: commandsDir(dirs),
  };
  await mkdir(recorder.firesDir, { recursive: true });
  await mkdir(recorder.commandsDir, { recursive: true });
  // Gemini runs a hook command under `bash -c`, and rewrites `$GEMINI_PROJECT_DIR`, `$GEMINI_CWD`,
  // `$GEMINI_SESSION_ID`, `$GEMINI_PLANS_DIR` and `$CLAUDE_PROJECT_DIR` in its text, which would break
  // the wrapper's quoting: the command is kept in a file, where the same names expand from the hook's
  // environment (Gemini sets them to the same values; they differ only for a path needing quotes).
  await writeFileMakingDirs(recorder.script, hookRecorderScript({ shell: "bash", command: "file" }));
  // A project copied in whole (`projectDir`) brings its own .gemini/settings.json: the same checks
  // and the same recording as a fixture file gets, unless a fixture file replaces it.
  const fixtures: Record<string, string> = {
    ...(spec.projectDir !== undefined ? await projectGeminiFiles(dirs.workDir) : {}),
    ...spec.files,
  };
  for (const [rel, text] of Object.entries(fixtures)) {
    const path = joinInside(dirs.workDir, rel);
    assertNotWorkspaceExtension(rel);
    if (normalize(rel) === GEMINI_PROJECT_SETTINGS) {
      // The project's own settings are under test: their hooks are recorded where they lie.
      const parsed = parseJsonObject(replaceCwd(text, dirs.workDir) as string, rel);
      assertFixtureSettingsStayLocal(parsed, rel);
      assertFixtureKeepsLimits(parsed, rel, spec);
      const hooks =
        parsed["hooks"] === undefined ? undefined : await wrapGeminiHooks(parsed["hooks"], rel, recorder);
      await writeFileMakingDirs(
        path,
        `${JSON.stringify({ ...parsed, ...(hooks ? { hooks } : {}) }, null, 2)}\n`,
      );
      continue;
    }
    await writeFileMakingDirs(path, text);
  }
  await assertEnvFilesStayLocal(dirs.workDir);
  if (spec.projectDir !== undefined && existsSync(join(dirs.workDir, ".gemini", "extensions"))) {
    assertNotWorkspaceExtension(join(".gemini", "extensions", "(the project's)"));
  }
  const user: Json = geminiRunLimitSettings(spec);
  // MCP servers of the run (a plugin eval's stand-ins), in the user layer; `trust` skips the
  // confirmation a headless run cannot answer. The agent calls their tools as mcp_<server>_<tool>.
  const mcp = resolvedMcpServers(spec.mcpServers, dirs);
  if (Object.keys(mcp).length > 0)
    user["mcpServers"] = Object.fromEntries(
      Object.entries(mcp).map(([name, s]) => [name, { command: s.command, args: [...s.args], trust: true }]),
    );
  if (spec.settings !== undefined) {
    const settings = replaceCwd(spec.settings, dirs.workDir) as Json;
    assertSettingsCarryOver(settings);
    if (settings["hooks"] !== undefined) {
      user["hooks"] = await wrapGeminiHooks(
        translateClaudeHooks(settings["hooks"]),
        "settings.hooks",
        recorder,
      );
    }
  }
  for (const dir of spec.pluginDirs ?? []) await installExtension(dir, dirs, recorder);
  for (const [name, text] of Object.entries(spec.skills ?? {})) {
    await writeFileMakingDirs(
      joinInside(join(dirs.workDir, ".gemini", "skills"), join(name, "SKILL.md")),
      text,
    );
  }
  if (spec.instructions !== undefined)
    await writeFileMakingDirs(join(dirs.workDir, "GEMINI.md"), spec.instructions);
  await writeFileMakingDirs(
    join(home, "settings.json"),
    `${JSON.stringify({ ...GEMINI_PINNED_SETTINGS, ...user }, null, 2)}\n`,
  );
}
