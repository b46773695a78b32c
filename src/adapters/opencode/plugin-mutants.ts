/**
 * What `vigiles mutate` breaks in an OpenCode plugin, and how. OpenCode 1.18.33 blocks a call when a
 * `tool.execute.before` hook throws, and runs the tool with `output.args` as the hook left them
 * (test/opencode/opencode-plugins.test.ts). So the two breakages that matter: the throw taken away
 * (the guard lets every call through) and the change to the arguments undone (the call runs as the
 * model asked). Each is written as a wrapper in the plugin's place, as the recorder does
 * (plugin-wrap.ts): the original moves aside under an extension OpenCode's glob skips, so its
 * relative imports still resolve, and the wrapper calls it and undoes the one thing. Only a temp
 * copy is ever written.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { basename, extname, join } from "node:path";
import type { CodeHookItem, CodeHookMutantKind } from "../../core/mutate/types.js";
import type { CodeHookModule } from "../code-hook-port.js";

const BEFORE = "tool.execute.before";

/** A write to the arguments: `output.args.x = …`, `output.args = …`, `args["x"] = …`, `Object.assign(output.args…`. */
const CHANGES_ARGS = /\bargs(?:\.\w+|\[[^\]]+\])*\s*(?:[+\-*]?=)(?!=)|Object\.assign\(\s*\w*\.?args\b/;

/** The breakages of one plugin, each not applicable when the plugin cannot show it. */
export function openCodePluginBreakages(module: CodeHookModule): CodeHookItem["breakages"] {
  const declares = module.hooks.some((h) => h.event === BEFORE);
  let text = "";
  try {
    text = readFileSync(module.path, "utf8");
  } catch {
    // Unreadable: the audit names it; the mutants stay applicable and a test decides.
  }
  const noBefore = `it declares no ${BEFORE} hook: nothing it does can block or rewrite a call`;
  return [
    {
      kind: "code-hook-block-removed",
      description: `plugin ${module.file}: its ${BEFORE} hook never throws (every call goes through)`,
      ...(!declares
        ? { notApplicable: noBefore }
        : !/\bthrow\b|Promise\.reject|\breject\(/.test(text) && text !== ""
          ? { notApplicable: "its source never throws or rejects: it blocks nothing already" }
          : {}),
    },
    {
      kind: "code-hook-change-removed",
      description: `plugin ${module.file}: what its ${BEFORE} hook writes to output.args is undone`,
      ...(!declares
        ? { notApplicable: noBefore }
        : !CHANGES_ARGS.test(text) && text !== ""
          ? { notApplicable: "its source never writes to the call's arguments" }
          : {}),
    },
  ];
}

/** The wrapper's source: calls the original's hooks, with the one breakage. */
function wrapperSource(original: string, kind: CodeHookMutantKind): string {
  const body =
    kind === "code-hook-block-removed"
      ? "try { await fn.call(hooks, input, output); } catch {}"
      : "const args = JSON.stringify(output?.args ?? null);\n      try { return await fn.call(hooks, input, output); } finally { if (output && args !== 'null') output.args = JSON.parse(args); }";
  return `// vigiles mutate: ${kind} (a temp copy; the original is ${original}).
import * as mod from ${JSON.stringify(`./${original}`)};
const broken = (hooks) => {
  const fn = hooks?.[${JSON.stringify(BEFORE)}];
  if (typeof fn !== "function") return hooks;
  return { ...hooks, ${JSON.stringify(BEFORE)}: async function (input, output) {
      ${body}
    } };
};
const inits = [...new Set(Object.values(mod))].map((v) => (typeof v === "function" ? v : v?.server));
export default async function vigilesMutant(input, options) {
  const all = [];
  for (const init of inits) all.push(broken((await init(input, options)) ?? {}));
  if (all.length === 1) return all[0];
  const out = {};
  for (const hooks of all)
    for (const [k, v] of Object.entries(hooks)) {
      const prev = out[k];
      out[k] = typeof v !== "function" || prev === undefined ? (prev ?? v) : async (...a) => { await prev(...a); return v(...a); };
    }
  return out;
}
`;
}

/** Writes `kind` into the plugin `file` of the copy at `copyRoot`. */
export function applyOpenCodePluginBreakage(copyRoot: string, file: string, kind: CodeHookMutantKind): void {
  const path = join(copyRoot, file);
  const name = basename(path);
  const ext = extname(name);
  const original = `${name.slice(0, -ext.length)}.vigiles-mutated.${ext === ".ts" ? "mts" : "mjs"}`;
  renameSync(path, join(path, "..", original));
  writeFileSync(path, wrapperSource(original, kind));
}
