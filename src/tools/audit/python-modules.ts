/**
 * The local modules a Python hook imports, read from disk for the python rules: a module counts as
 * local when `<name>.py` or a `<name>/` package sits beside the script or in a directory above it,
 * up to the plugin (or project) root, because hooks commonly put that root on sys.path.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { scanPython } from "../../core/audit/python-scan.js";

const MAX_MODULE_BYTES = 512 * 1024;
const MAX_DEPTH = 3;

function candidates(dir: string, top: string, name: string): string[] {
  const out: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    // Hooks put the root, or its src/ or lib/, on sys.path before importing their own package.
    for (const base of [d, join(d, "src"), join(d, "lib"), join(d, "python")])
      out.push(join(base, `${name}.py`), join(base, name));
    if (d === top || relative(top, d).startsWith("..") || dirname(d) === d) break;
  }
  return out;
}

function readSmall(path: string): string | undefined {
  try {
    const st = statSync(path);
    return st.isFile() && st.size <= MAX_MODULE_BYTES ? readFileSync(path, "utf8") : undefined;
  } catch {
    return undefined;
  }
}

export function localPythonModules(
  script: string,
  source: string,
  top: string,
): { modules: { path: string; source: string }[]; localNames: Set<string> } {
  const localNames = new Set<string>();
  const modules: { path: string; source: string }[] = [];
  const seen = new Set<string>([script]);
  const visit = (file: string, text: string, depth: number) => {
    for (const imp of scanPython(text).imports) {
      const found = candidates(dirname(file), top, imp.module).find((p) => existsSync(p));
      if (found === undefined) continue;
      localNames.add(imp.module);
      const moduleFile = found.endsWith(".py") ? found : join(found, "__init__.py");
      if (depth >= MAX_DEPTH || seen.has(moduleFile)) continue;
      seen.add(moduleFile);
      const moduleSource = readSmall(moduleFile);
      if (moduleSource === undefined) continue;
      modules.push({ path: moduleFile, source: moduleSource });
      visit(moduleFile, moduleSource, depth + 1);
    }
  };
  visit(script, source, 0);
  return { modules, localNames };
}
