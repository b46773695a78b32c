/**
 * Reads a plugin's eval suite (`claude plugin eval`) from disk for the pure reader in
 * core/plugin-eval: where the suite lives and the files the reader looks at.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { globSync } from "tinyglobby";
import { MAX_CASE_FILE_BYTES, SKIPPED_DIRS } from "../../core/plugin-eval/limits.js";
import type { SuiteFiles } from "../../core/plugin-eval/read-suite.js";

/**
 * The suite directory of a plugin root: its manifest's `experimental.evals` when that is a plain
 * relative path, else `evals/` (as Claude Code 2.1.328 resolves it without `--eval-dir`).
 */
export function suiteDirOf(pluginRoot: string, manifest?: string): string {
  const named = manifest === undefined ? undefined : experimentalEvals(manifest);
  return join(pluginRoot, named ?? "evals");
}

/** The suite directory of the plugin (or skill folder) at `root`, reading its manifest when it has one. */
export function pluginSuiteDir(root: string): string {
  const manifest = join(root, ".claude-plugin", "plugin.json");
  return suiteDirOf(root, existsSync(manifest) ? manifest : undefined);
}

/** The plugin's manifest `version`, when it names one (the CLI's `plugins[].version`). */
export function pluginVersion(root: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(root, ".claude-plugin", "plugin.json"), "utf8"));
    const version = (parsed as { version?: unknown }).version;
    return typeof version === "string" ? version : undefined;
  } catch {
    return undefined;
  }
}

function experimentalEvals(manifest: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(manifest, "utf8"));
    const evals = (parsed as { experimental?: { evals?: unknown } }).experimental?.evals;
    return typeof evals === "string" && !evals.startsWith("/") && !evals.split("/").includes("..")
      ? evals
      : undefined;
  } catch {
    return undefined;
  }
}

/** The files of the suite under `dir` that the reader looks at (relative path -> text). */
export function suiteFiles(dir: string): SuiteFiles {
  const paths = globSync(["**/case.yaml", "**/prompt.md", "**/graders/*.md"], {
    cwd: dir,
    dot: true,
    ignore: [...SKIPPED_DIRS].map((d) => `**/${d}/**`),
    followSymbolicLinks: false,
  }).sort();
  const files = new Map<string, string>();
  for (const path of paths) {
    const full = join(dir, path);
    // An oversized file is handed on at its cap plus one byte, so the reader refuses it by name.
    const tooBig = statSync(full).size > MAX_CASE_FILE_BYTES;
    files.set(path, tooBig ? "x".repeat(MAX_CASE_FILE_BYTES + 1) : readFileSync(full, "utf8"));
  }
  return files;
}
