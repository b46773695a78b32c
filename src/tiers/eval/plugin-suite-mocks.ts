/**
 * The MCP stand-ins of a plugin eval suite's cases, read from disk for the pure reader
 * (core/plugin-eval/read-mocks.ts): every file under a `mocks/` directory of the suite, the plugin's
 * own MCP server names (a mock dir named after one shadows it), and per case the stand-in specs the
 * driver serves. A case whose mocks vigiles cannot serve, or a harness that cannot register MCP
 * servers, is refused by name before anything runs.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { globSync } from "tinyglobby";
import { findHarness } from "../../adapters/registry.js";
import { loadPlugin } from "../../adapters/claude-code/plugin/load-plugin.js";
import { hashOf } from "../../core/eval/canonical-hash.js";
import { MAX_CASE_FILE_BYTES } from "../../core/plugin-eval/limits.js";
import { readCaseMocks, type CaseMocks, type MockFiles } from "../../core/plugin-eval/read-mocks.js";
import type { SuiteCase } from "../../core/plugin-eval/read-suite.js";
import { standInSpecs, type StandInSpec } from "../../core/plugin-eval/stand-in-spec.js";
import { VigilesError } from "../../core/errors.js";

/** A case's mocks cannot be served here. */
export class MockServingError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_PLUGIN_SUITE_MOCKS", message);
  }
}

/** Every file under a `mocks/` directory of the suite (never inside node_modules or .git). */
export function mockFiles(suiteDir: string): MockFiles {
  const paths = globSync(["**/mocks/**"], {
    cwd: suiteDir,
    dot: true,
    onlyFiles: true,
    ignore: ["**/node_modules/**", "**/.git/**", "**/results/**"],
    followSymbolicLinks: false,
  }).sort();
  const files = new Map<string, string>();
  for (const path of paths) {
    const full = join(suiteDir, path);
    if (statSync(full).size > MAX_CASE_FILE_BYTES) continue;
    files.set(path, readFileSync(full, "utf8"));
  }
  return files;
}

/** The MCP server names the plugin at `root` declares (`.mcp.json`, or the manifest's `mcpServers`). */
export function pluginServerNames(root: string): ReadonlySet<string> {
  try {
    const plugin = loadPlugin(root);
    const inline = plugin.manifest?.["mcpServers"];
    const declared = {
      ...(plugin.mcpServers ?? {}),
      ...(typeof inline === "object" && inline !== null && !Array.isArray(inline) ? inline : {}),
    };
    return new Set(Object.keys(declared));
  } catch {
    return new Set();
  }
}

/**
 * Case name -> its stand-ins (cases without mocks are absent). Throws {@link MockServingError}
 * naming every case whose mocks cannot be served, or when the harness cannot register MCP servers.
 */
export function caseStandIns(
  suiteDir: string,
  cases: readonly SuiteCase[],
  pluginRoot: string,
  harness: string,
): ReadonlyMap<string, readonly StandInSpec[]> {
  const files = mockFiles(suiteDir);
  if (files.size === 0) return new Map();
  const servers = pluginServerNames(pluginRoot);
  const out = new Map<string, readonly StandInSpec[]>();
  const refusals: string[] = [];
  const hashes = new Map<string, string>();
  const fixturesHashOf = (dir: string): string => {
    let hash = hashes.get(dir);
    if (hash === undefined) {
      const prefix = `${dir}/`;
      hash = hashOf([...files].filter(([path]) => path.startsWith(prefix)));
      hashes.set(dir, hash);
    }
    return hash;
  };
  for (const c of cases) {
    const mocks: CaseMocks = readCaseMocks(files, c.dir, servers);
    if (mocks.servers.length === 0) continue;
    for (const why of mocks.unservable) refusals.push(`case "${c.definition.name}": ${why}`);
    out.set(c.definition.name, standInSpecs(mocks, suiteDir, fixturesHashOf));
  }
  if (refusals.length > 0)
    throw new MockServingError(
      `${refusals.join("; ")}. Nothing was run: a case is never run without its stand-ins; use fixed responders of standalone servers, or run it with \`claude plugin eval\``,
    );
  const entry = findHarness(harness);
  if (out.size > 0 && entry !== undefined && !entry.capabilities.mcpServers)
    throw new MockServingError(
      `${[...out.keys()].map((n) => `"${n}"`).join(", ")} use mocks/, and vigiles cannot register MCP servers for one run of ${entry.displayName} yet; run them on a harness that can.`,
    );
  return out;
}
