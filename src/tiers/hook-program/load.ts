/**
 * `loadHook`: a hook program from its file (`.mjs`, `.js`, `.hook.ts` / `.ts` through tsx) or the
 * program object itself. The compiled runtime loads programs with the same function.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { isHookProgram, type AnyHookProgram } from "../../core/hook-program/define.js";
import { HookProgramError } from "../../core/hook-program/errors.js";
import { InvalidOptionError } from "../../core/errors.js";
import { loadTsImport } from "../../runtime/optional-package.js";

/**
 * Loads a hook program.
 * @param pathOrProgram a path (relative to `cwd`, default the process's) or a program already imported.
 * @example const guard = await loadHook(".vigiles/hooks/guard.mjs");
 */
export async function loadHook(
  pathOrProgram: string | AnyHookProgram,
  options: { cwd?: string } = {},
): Promise<AnyHookProgram> {
  if (typeof pathOrProgram !== "string") {
    if (isHookProgram(pathOrProgram)) return pathOrProgram;
    throw new HookProgramError(
      "VIGILES_HOOK_NOT_A_PROGRAM",
      "loadHook: the object passed is not a hook program; pass a path or the default export of experimental_defineHook({ on, decide }).",
    );
  }
  const file = resolve(options.cwd ?? process.cwd(), pathOrProgram);
  if (!existsSync(file)) {
    throw new InvalidOptionError(
      `loadHook: no hook program at ${file}; check the path (relative paths resolve against ${options.cwd ?? process.cwd()}).`,
    );
  }
  const url = pathToFileURL(file).href;
  let mod: { default?: unknown };
  if (/\.(c|m)?tsx?$/.test(file)) {
    // tsx's namespaced import compiles the TypeScript without registering a global loader.
    const tsImport = await loadTsImport(`Loading the TypeScript hook program ${file}`);
    mod = await tsImport(url, import.meta.url);
  } else {
    mod = (await import(url)) as { default?: unknown };
  }
  const program = unwrapDefault(mod);
  if (!isHookProgram(program)) {
    throw new HookProgramError(
      "VIGILES_HOOK_NOT_A_PROGRAM",
      `loadHook: ${file} does not export a hook program as its default export; write \`export default experimental_defineHook({ on, decide })\` (from "vigiles/hook").`,
    );
  }
  return program;
}

/** tsx may wrap a module's namespace in another `default` when it compiles to CommonJS. */
function unwrapDefault(mod: { default?: unknown }): unknown {
  let value: unknown = mod.default;
  for (
    let i = 0;
    i < 2 && value && typeof value === "object" && !isHookProgram(value) && "default" in value;
    i++
  ) {
    value = (value as { default?: unknown }).default;
  }
  return value;
}
