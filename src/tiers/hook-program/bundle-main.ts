/**
 * The entry of a plugin bundle: `vigiles compile --plugin` bundles this module and one hook program
 * into `<plugin>/hooks/vigiles/<name>.mjs` (bundle.ts), which the registration runs with `node`. The
 * program is imported lazily, so a program that throws while loading is the same exit 1 with a
 * message as under the path-loading runtime.
 */
import { realpathSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isHookProgram, type AnyHookProgram } from "../../core/hook-program/define.js";
import { HookProgramError } from "../../core/hook-program/errors.js";
import { runCompiledHook } from "./answer.js";

/** The program a bundle holds, as compile names it. */
export interface BundledProgram {
  /** Its path relative to the plugin root (the registration's marker names it the same way). */
  readonly label: string;
  /** Its path relative to the bundle's folder: where `vigiles mutate` finds it in a copy of the source tree. */
  readonly fromBundle: string;
}

/**
 * Answers one hook event with the bundled program.
 * @param load the bundle's `import()` of the program module.
 * @param bundleUrl the bundle's own `import.meta.url`.
 */
export async function runBundledHook(
  load: () => Promise<{ default?: unknown }>,
  program: BundledProgram,
  bundleUrl: string,
): Promise<void> {
  await runCompiledHook({
    label: program.label,
    load: async (): Promise<AnyHookProgram> => {
      const value = (await load()).default;
      if (isHookProgram(value)) return value;
      throw new HookProgramError(
        "VIGILES_HOOK_NOT_A_PROGRAM",
        `${program.label} does not export a hook program as its default export; write \`export default experimental_defineHook({ on, decide })\` (from "vigiles/hook").`,
      );
    },
    mutantPath: () => {
      try {
        return realpathSync(resolve(dirname(fileURLToPath(bundleUrl)), program.fromBundle));
      } catch {
        return undefined; // an installed plugin: the bundle without its sources
      }
    },
  });
}
