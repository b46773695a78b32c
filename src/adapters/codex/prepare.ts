/**
 * Writes one Codex run's configuration: fixture files in the work dir, AGENTS.md, skills under
 * `.agents/skills`, and a private CODEX_HOME whose config.toml switches analytics off and trusts
 * exactly the hooks under test. Every hook command is wrapped in the transparent recorder (Codex's
 * stream shows no hook activity) and its trust hash is computed over the wrapped command, which is
 * what Codex runs. Hooks come from the spec's `settings.hooks` (the same shape as Claude Code's) and
 * from a fixture `.codex/hooks.json`.
 */
import { mkdir, readFile } from "node:fs/promises";
import { join, normalize } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import type { RunDirs, SessionSpec } from "../port.js";
import { replaceCwd } from "../shared/settings-text.js";
import { joinInside, writeFileMakingDirs } from "../shared/work-dir.js";
import { UnsafeEndpointError } from "../shared/errors.js";
import { codexRoutingKeys } from "./config-routing.js";
import { CodexUnsupportedError } from "./errors.js";
import { HOOK_RECORDER_FILE, hookRecorderScript } from "../shared/hook-recorder.js";
import { codexHookStateKey, codexHookTrustHash, tomlString } from "./hook-trust.js";
import { shellQuote } from "../../core/shell-quote.js";
import { isRecord } from "../../core/is-record.js";

/** Where the recorder leaves hook fires (one set of files per fire), inside the run's private temp dir. */
export const hookFiresDir = (dirs: RunDirs) => join(dirs.tmpDir, "vigiles-codex-hooks");
export const hookRecorderPath = (dirs: RunDirs) => join(dirs.tmpDir, HOOK_RECORDER_FILE);
export const codexHomeOf = (dirs: RunDirs) => join(dirs.homeDir, ".codex");

type Json = Record<string, unknown>;

interface TrustEntry {
  readonly key: string;
  readonly hash: string;
}

/** Where the recorder is and where it leaves fires. */
export interface RecorderPaths {
  readonly script: string;
  readonly firesDir: string;
}

/** Wraps every command handler of a hooks object in the recorder; returns the new object and its trust entries. */
export function wrapHooks(
  hooks: unknown,
  file: string,
  recorder: RecorderPaths,
): { hooks: Json; trust: TrustEntry[] } {
  if (!isRecord(hooks))
    throw new InvalidOptionError(`the hooks in ${file} must be an object keyed by event name`);
  const trust: TrustEntry[] = [];
  const out: Json = {};
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups))
      throw new InvalidOptionError(`hooks.${event} in ${file} must be a list of matcher groups`);
    out[event] = groups.map((group: unknown, g) => {
      if (!isRecord(group) || !Array.isArray(group["hooks"])) {
        throw new InvalidOptionError(`hooks.${event}[${g}] in ${file} needs a "hooks" list`);
      }
      const matcher = typeof group["matcher"] === "string" ? group["matcher"] : undefined;
      const handlers = group["hooks"].map((handler: unknown, h) => {
        if (!isRecord(handler) || handler["type"] !== "command" || typeof handler["command"] !== "string") {
          throw new CodexUnsupportedError(
            `run hooks.${event}[${g}].hooks[${h}] in ${file}`,
            "only command hooks can be recorded and trusted by vigiles",
          );
        }
        const command = [
          "/bin/sh",
          recorder.script,
          recorder.firesDir,
          event,
          matcher ?? "",
          handler["command"],
        ]
          .map(shellQuote)
          .join(" ");
        const timeoutSeconds = typeof handler["timeout"] === "number" ? handler["timeout"] : undefined;
        trust.push({
          key: codexHookStateKey(file, event, g, h),
          hash: codexHookTrustHash({
            event,
            command,
            ...(matcher !== undefined ? { matcher } : {}),
            ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
          }),
        });
        return { ...handler, command };
      });
      return { ...group, hooks: handlers };
    });
  }
  return { hooks: out, trust };
}

function configToml(workDir: string, trust: readonly TrustEntry[]): string {
  const lines = [
    "# Written by vigiles for one harness run.",
    "check_for_update_on_startup = false",
    "",
    "[analytics]",
    "enabled = false",
    "",
    `[projects.${tomlString(workDir)}]`,
    'trust_level = "trusted"',
  ];
  for (const { key, hash } of trust) {
    lines.push("", `[hooks.state.${tomlString(key)}]`, `trusted_hash = ${tomlString(hash)}`);
  }
  return `${lines.join("\n")}\n`;
}

/** The `.codex/hooks.json` and `.codex/config.toml` already in the work dir (a copied project). */
async function projectCodexFiles(workDir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const rel of [join(".codex", "hooks.json"), join(".codex", "config.toml")]) {
    try {
      out[rel] = await readFile(join(workDir, rel), "utf8");
    } catch {
      // Not in the project.
    }
  }
  return out;
}

export async function prepareCodexRun(spec: SessionSpec, dirs: RunDirs): Promise<void> {
  if ((spec.pluginDirs?.length ?? 0) > 0)
    throw new CodexUnsupportedError("load plugin dirs", "this adapter has no plugin loading");
  if (spec.agents && Object.keys(spec.agents).length > 0) {
    throw new CodexUnsupportedError("take subagent definitions", "no subagent layout is mapped for Codex");
  }
  const codexHome = codexHomeOf(dirs);
  await mkdir(codexHome, { recursive: true });
  const recorder: RecorderPaths = { script: hookRecorderPath(dirs), firesDir: hookFiresDir(dirs) };
  await mkdir(recorder.firesDir, { recursive: true });
  // Codex runs a hook command with `sh -c`, so the recorder does too.
  await writeFileMakingDirs(recorder.script, hookRecorderScript({ shell: "/bin/sh", command: "argument" }));
  const trust: TrustEntry[] = [];
  // A project copied in whole (`projectDir`) brings its own .codex files: the same checks and the
  // same recording as fixture files get, unless a fixture file replaces them.
  const fixtures = {
    ...(spec.projectDir !== undefined ? await projectCodexFiles(dirs.workDir) : {}),
    ...spec.files,
  };
  for (const [rel, text] of Object.entries(fixtures)) {
    const path = joinInside(dirs.workDir, rel);
    if (normalize(rel) === join(".codex", "hooks.json")) {
      // A project hooks file is under test too: recorded and trusted where it lies.
      const parsed = JSON.parse(replaceCwd(text, dirs.workDir) as string) as Json;
      const wrapped = wrapHooks(parsed["hooks"], path, recorder);
      trust.push(...wrapped.trust);
      await writeFileMakingDirs(path, `${JSON.stringify({ ...parsed, hooks: wrapped.hooks }, null, 2)}\n`);
      continue;
    }
    const routing = normalize(rel) === join(".codex", "config.toml") ? codexRoutingKeys(text) : [];
    if (routing.length > 0) {
      throw new UnsafeEndpointError(`the fixture .codex/config.toml sets ${routing.join(", ")}`, "Codex");
    }
    if (normalize(rel) === join(".codex", "config.toml") && /^\s*\[\[?hooks/m.test(text)) {
      throw new CodexUnsupportedError(
        "record hooks declared in a fixture .codex/config.toml",
        "declare them in .codex/hooks.json or the spec's settings.hooks, which vigiles records and trusts",
      );
    }
    await writeFileMakingDirs(path, text);
  }
  const settings =
    spec.settings === undefined ? undefined : (replaceCwd(spec.settings, dirs.workDir) as Json);
  if (settings?.["hooks"] !== undefined) {
    const file = join(codexHome, "hooks.json");
    const wrapped = wrapHooks(settings["hooks"], file, recorder);
    trust.push(...wrapped.trust);
    await writeFileMakingDirs(file, `${JSON.stringify({ hooks: wrapped.hooks }, null, 2)}\n`);
  }
  for (const [name, text] of Object.entries(spec.skills ?? {})) {
    await writeFileMakingDirs(
      joinInside(join(dirs.workDir, ".agents", "skills"), join(name, "SKILL.md")),
      text,
    );
  }
  if (spec.instructions !== undefined)
    await writeFileMakingDirs(join(dirs.workDir, "AGENTS.md"), spec.instructions);
  await writeFileMakingDirs(join(codexHome, "config.toml"), configToml(dirs.workDir, trust));
}
