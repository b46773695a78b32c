/** Reads the hooks modules a hooks.json names in `modules` (paths relative to that hooks.json). */
import { readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { getMember, parseJson } from "../../core/audit/json-ast.js";

const MAX_MODULE_BYTES = 1024 * 1024;

export function hookModulesOf(hooksFile: string): { path: string; source: string }[] {
  let text: string;
  try {
    text = readFileSync(hooksFile, "utf8");
  } catch {
    return [];
  }
  const parsed = parseJson(text);
  if (!parsed.ok) return [];
  const modules = getMember(parsed.document.body, "modules")?.value;
  const paths =
    modules?.type === "Array"
      ? modules.elements.flatMap((e) => (e.value.type === "String" ? [e.value.value] : []))
      : modules?.type === "String"
        ? [modules.value]
        : [];
  const out: { path: string; source: string }[] = [];
  for (const p of paths) {
    const path = resolve(dirname(hooksFile), p);
    try {
      const st = statSync(path);
      if (st.isFile() && st.size <= MAX_MODULE_BYTES) out.push({ path, source: readFileSync(path, "utf8") });
    } catch {
      // A missing module is the harness's own load error; nothing to read here.
    }
  }
  return out;
}
