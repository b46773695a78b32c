/**
 * Every place in the work dir Copilot CLI 1.0.102 reads hooks from, so each is wrapped in the
 * recorder whether it came from the spec's `files`, its `project` dir or its `settings.hooks`.
 * Measured on a real run (test/copilot/copilot-plugins.test.ts): `.github/hooks/*.json` and files in
 * its subdirectories, and the `hooks` of `.github/copilot/settings.json` and
 * `.github/copilot/settings.local.json`, all run; `.claude/settings*.json`, `.vscode/settings.json`
 * and `.jsonc` files do not.
 */
import { readFile, readdir, rename, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import { CopilotUnsupportedError } from "./errors.js";
import { wrapCopilotHooksFile, type RecorderPaths } from "./hook-wrap.js";

/** The repository settings files whose `hooks` Copilot runs. */
export const COPILOT_REPO_SETTINGS_FILES = [
  join(".github", "copilot", "settings.json"),
  join(".github", "copilot", "settings.local.json"),
] as const;
export const COPILOT_REPO_HOOKS_DIR = join(".github", "hooks");

async function jsonFilesUnder(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink() && (await stat(path).catch(() => undefined))?.isDirectory()) {
      throw new CopilotUnsupportedError(
        `record the hooks under the linked directory ${path}`,
        "vigiles wraps hooks files it can replace in the work dir; make it a real directory",
      );
    }
    if (entry.isDirectory()) out.push(...(await jsonFilesUnder(path)));
    else if (entry.name.endsWith(".json")) out.push(path);
  }
  return out;
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch {
    return undefined;
  }
}

/** Replaces `path` whole (temp + rename), so the CLI never reads half a file. */
async function replaceFile(path: string, text: string): Promise<void> {
  const tmp = `${path}.vigiles-tmp`;
  await writeFile(tmp, text);
  await rename(tmp, path);
}

/** The work-dir files Copilot reads hooks from, relative to `workDir`. */
export async function copilotRepoHookFiles(workDir: string): Promise<string[]> {
  const found = (await jsonFilesUnder(join(workDir, COPILOT_REPO_HOOKS_DIR))).map((p) =>
    relative(workDir, p),
  );
  for (const rel of COPILOT_REPO_SETTINGS_FILES) {
    const text = await readText(join(workDir, rel));
    if (text === undefined) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new InvalidOptionError(
        `${rel} is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (typeof parsed === "object" && parsed !== null && "hooks" in parsed) found.push(rel);
  }
  return found.sort();
}

/** Wraps every hook command in the work dir's hook files in the recorder; returns the files wrapped. */
export async function wrapRepoHooks(
  workDir: string,
  recorder: RecorderPaths,
  registered?: Set<string>,
): Promise<string[]> {
  const files = await copilotRepoHookFiles(workDir);
  for (const rel of files) {
    const path = join(workDir, rel);
    const text = (await readText(path)) ?? "";
    await replaceFile(path, wrapCopilotHooksFile(text, rel, recorder, registered));
  }
  return files;
}
