/**
 * Each case's `context.scaffold_script`, resolved as Claude Code 2.1.328 resolves it: a path
 * relative to the case directory that must stay inside it and exist. Checked before anything runs.
 */
import { realpathSync, statSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import type { SuiteCase } from "../../core/plugin-eval/read-suite.js";
import { VigilesError } from "../../core/errors.js";

/** A case's scaffold script cannot be run: missing, outside its case, or not a file. */
export class PluginSuiteScaffoldError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_PLUGIN_SUITE_SCAFFOLD", message);
  }
}

/** Case name -> absolute script path, for the cases that have one (none when `enabled` is false). */
export function caseScaffolds(
  suiteDir: string,
  cases: readonly SuiteCase[],
  enabled: boolean,
): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  if (!enabled) return out;
  for (const c of cases) {
    const script = c.definition.context.scaffold_script;
    if (script === undefined) continue;
    const caseDir = join(suiteDir, c.dir);
    const where = `case "${c.definition.name}": scaffold_script "${script}"`;
    let real: string;
    try {
      real = realpathSync(join(caseDir, script));
    } catch {
      throw new PluginSuiteScaffoldError(
        `${where} does not exist; fix the path (it is relative to the case directory)`,
      );
    }
    const rel = relative(realpathSync(caseDir), real);
    if (rel === "" || rel.startsWith("..") || isAbsolute(rel))
      throw new PluginSuiteScaffoldError(
        `${where} escapes the case directory; it must name a file inside it`,
      );
    if (!statSync(real).isFile()) throw new PluginSuiteScaffoldError(`${where} is not a file`);
    out.set(c.definition.name, real);
  }
  return out;
}
