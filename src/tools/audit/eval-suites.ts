/**
 * Reads the eval suites (`claude plugin eval`) of the plugins the audit found: the files the suite
 * reader needs, from each plugin's `evals/` (or the directory its manifest's `experimental.evals`
 * names), handed to the pure reader in core.
 */
import { existsSync, statSync } from "node:fs";
import { basename, relative, sep } from "node:path";
import { readSuite } from "../../core/plugin-eval/read-suite.js";
import { suiteDirOf, suiteFiles } from "../../tiers/eval/plugin-suite-files.js";
import type { EvalSuiteInput } from "../../core/audit/rules/plugin-eval-suite.js";
import { skillFolder, type Discovery, type DiscoveredPlugin } from "./discover.js";

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
