/**
 * Reads the eval suites (`claude plugin eval`) of the plugins the audit found: the files the suite
 * reader needs, from each plugin's `evals/` (or the directory its manifest's `experimental.evals`
 * names), handed to the pure reader in core.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative, sep } from "node:path";
import { globSync } from "tinyglobby";
import { readSuite, type SuiteFiles } from "../../core/plugin-eval/read-suite.js";
import { MAX_CASE_FILE_BYTES, SKIPPED_DIRS } from "../../core/plugin-eval/limits.js";
import type { EvalSuiteInput } from "../../core/audit/rules/plugin-eval-suite.js";
import { skillFolder, type Discovery, type DiscoveredPlugin } from "./discover.js";

/** The suite directory of a plugin root: `experimental.evals` when it is a plain relative path, else `evals`. */
export function suiteDirOf(pluginRoot: string, manifest?: string): string {
  const named = manifest === undefined ? undefined : experimentalEvals(manifest);
  return join(pluginRoot, named ?? "evals");
}

function experimentalEvals(manifest: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(manifest, "utf8"));
    const experimental = (parsed as { experimental?: { evals?: unknown } }).experimental;
    const evals = experimental?.evals;
    return typeof evals === "string" && !evals.startsWith("/") && !evals.split("/").includes("..")
      ? evals
      : undefined;
  } catch {
    return undefined;
  }
}

/** The files of the suite under `dir` that the reader looks at (relative path -> text). */
export function suiteFiles(dir: string): SuiteFiles {
  const skipped = [...SKIPPED_DIRS].map((d) => `**/${d}/**`);
  const paths = globSync(["**/case.yaml", "**/prompt.md", "**/graders/*.md"], {
    cwd: dir,
    dot: true,
    ignore: skipped,
    followSymbolicLinks: false,
  }).sort();
  const files = new Map<string, string>();
  for (const path of paths) {
    const full = join(dir, path);
    // An oversized file is handed on at its cap plus one byte, so the reader refuses it by name.
    const size = statSync(full).size;
    files.set(
      path,
      size > MAX_CASE_FILE_BYTES ? "x".repeat(MAX_CASE_FILE_BYTES + 1) : readFileSync(full, "utf8"),
    );
  }
  return files;
}

/** Every plugin's suite that exists, read, with what the init event lists for its plugin. */
export function evalSuitesOf(root: string, discovery: Discovery): EvalSuiteInput[] {
  const suites: EvalSuiteInput[] = [];
  for (const plugin of discovery.plugins) {
    const dir = suiteDirOf(plugin.root, plugin.manifest);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
    suites.push({
      dir: relative(root, dir).split(sep).join("/"),
      read: readSuite(suiteFiles(dir), basename(dir)),
      plugin: listingOf(plugin, discovery),
    });
  }
  return suites;
}

function listingOf(plugin: DiscoveredPlugin, discovery: Discovery) {
  const mine = (list: Discovery["skills"]) => list.filter((d) => d.plugin?.root === plugin.root);
  return {
    name: plugin.name ?? basename(plugin.root),
    skills: mine(discovery.skills).map((s) => skillFolder(s.path)),
    agents: mine(discovery.agents).map((a) => basename(a.path, ".md")),
    commands: mine(discovery.commands).map((c) => basename(c.path, ".md")),
  };
}
