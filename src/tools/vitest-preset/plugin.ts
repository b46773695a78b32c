/**
 * The `vigiles/vitest` preset: a Vitest plugin that makes Vitest collect harness files
 * (`*.harness.{mjs,js,mts,ts}`) and run them unchanged, so `vitest --watch`, the Vitest UI, IDE
 * runners and coverage work on them. A file's `test`/`describe`/hooks from "vigiles" become Vitest's
 * own (./setup.ts); a plain harness file (no `test()`) becomes one test that passes when the file
 * leaves its exit code 0, and a `skip(reason)` at its top level skips it (./runner.ts).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The files the preset adds to Vitest's `include`. */
export const HARNESS_INCLUDE = "**/*.harness.{mjs,js,mts,ts}";

/** Harness tests spawn real processes, the agent CLIs among them: Vitest's 5 s default is too short. */
const HARNESS_TIMEOUT_MS = 10 * 60_000;

/** The part of Vitest's user config the preset reads. */
interface UserConfig {
  readonly test?: {
    readonly include?: readonly string[];
    readonly runner?: string;
    readonly testTimeout?: number;
    readonly hookTimeout?: number;
  };
}

/** A Vite plugin, as far as Vitest's `plugins` needs one. */
export interface HarnessFilesPlugin {
  readonly name: string;
  config(user: UserConfig): Promise<{ test: Record<string, unknown> }>;
}

/** A module compiled beside this one (dist), or its TypeScript source (running from src). */
function sibling(name: string): string {
  const js = fileURLToPath(new URL(`./${name}.js`, import.meta.url));
  return existsSync(js) ? js : fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
}

/**
 * Makes Vitest run harness files as they are. Keeps your `include` (or Vitest's default) and adds the
 * harness files; sets a 10-minute test timeout unless you set one.
 *
 * @example
 * // vitest.config.ts
 * import { defineConfig } from "vitest/config";
 * import { harnessFiles } from "vigiles/vitest";
 * export default defineConfig({ plugins: [harnessFiles()] });
 */
export function harnessFiles(): HarnessFilesPlugin {
  return {
    name: "vigiles:harness-files",
    async config(user) {
      const { configDefaults } = await import("vitest/config");
      const test = user.test ?? {};
      if (test.runner !== undefined)
        throw new Error(
          `vigiles/vitest: harnessFiles() sets Vitest's test.runner, and this config sets one already (${test.runner}). Remove one of the two.`,
        );
      return {
        test: {
          // Vite merges arrays: with an include of your own, only the harness files are added.
          include: [...(test.include === undefined ? configDefaults.include : []), HARNESS_INCLUDE],
          setupFiles: [sibling("setup")],
          runner: sibling("runner"),
          // A plugin's value would win over the user's: set only what the user left unset.
          ...(test.testTimeout === undefined ? { testTimeout: HARNESS_TIMEOUT_MS } : {}),
          ...(test.hookTimeout === undefined ? { hookTimeout: HARNESS_TIMEOUT_MS } : {}),
        },
      };
    },
  };
}
