/**
 * `vigiles.config.{js,mjs,ts}`: optional defaults for `vigiles test`, found the way vitest finds its
 * config (in the folder the command runs in, or the file `--config` names). A flag on the command
 * line wins over the file. A `.ts` config loads through tsx (an optional peer).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { findHarness, UnknownHarnessError } from "../../adapters/registry.js";
import semver from "semver";
import { z } from "zod";
import { VigilesError } from "../../core/errors.js";
import { REPORTERS } from "./reporters.js";
import { loadTsImport } from "../../runtime/optional-package.js";
import { auditConfigSchema, type VigilesAuditConfig } from "../audit/audit-config.js";

export const CONFIG_FILES = [
  "vigiles.config.ts",
  "vigiles.config.mts",
  "vigiles.config.mjs",
  "vigiles.config.js",
];

const testDefaults = z
  .object({
    /** The harness passed to files as VIGILES_HARNESS (default: detected from the repository). */
    harness: z
      .string()
      .refine((name) => findHarness(name) !== undefined, {
        error: (issue) => new UnknownHarnessError(String(issue.input)).message,
      })
      .optional(),
    /** The CLI releases to run against, as `--harness-version` takes them (`2.1.328,latest`). */
    harnessVersions: z.string().min(1).optional(),
    /**
     * The releases the project's harness files are known to hold for, per harness (a semver range);
     * a file's own `// @vigiles-harness` comment wins. A pass outside it is reported unverified.
     */
    harnessRange: z
      .record(z.string(), z.string())
      .superRefine((ranges, ctx) => {
        for (const [name, range] of Object.entries(ranges)) {
          if (findHarness(name) === undefined)
            ctx.addIssue({ code: "custom", path: [name], message: new UnknownHarnessError(name).message });
          else if (semver.validRange(range) === null)
            ctx.addIssue({
              code: "custom",
              path: [name],
              message: `${JSON.stringify(range)} is not a semver range (e.g. ">=2.1.300 <2.2.0")`,
            });
        }
      })
      // Keyed by harness id, so an alias (`claude`) is not silently ignored.
      .transform((ranges) =>
        Object.fromEntries(
          Object.entries(ranges).map(([name, range]) => [findHarness(name)?.id ?? name, range]),
        ),
      )
      .optional(),
    /** Per-file limit in seconds. */
    timeout: z.number().positive().optional(),
    reporters: z.array(z.enum(REPORTERS)).nonempty().optional(),
    concurrency: z.number().int().positive().optional(),
    /** The paths to search when none is given. */
    include: z.array(z.string()).nonempty().optional(),
  })
  .strict();

const configSchema = z
  .object({ test: testDefaults.optional(), audit: auditConfigSchema.optional() })
  .strict();

/** The defaults a config file gives `vigiles test`. */
export type VigilesTestConfig = z.infer<typeof testDefaults>;
/** What a `vigiles.config.*` file exports by default. */
export type VigilesConfig = z.infer<typeof configSchema>;

/** A config file that cannot load or says something vigiles does not know. */
export class ConfigFileError extends VigilesError {
  constructor(path: string, problem: string, options?: { cause?: unknown }) {
    super("VIGILES_CONFIG_FILE", `the config file "${path}" ${problem}`, options);
  }
}

/**
 * Types a `vigiles.config.*` file; returns it as it is.
 *
 * @example
 * // vigiles.config.mjs
 * import { defineConfig } from "vigiles";
 * export default defineConfig({ test: { reporters: ["default", "junit"], timeout: 300 } });
 */
export function defineConfig(config: VigilesConfig): VigilesConfig {
  return config;
}

/** The config file for `cwd` (or `explicit`), or undefined when there is none. */
export function findConfigFile(cwd: string, explicit?: string): string | undefined {
  if (explicit !== undefined) {
    const path = resolve(cwd, explicit);
    if (!existsSync(path)) throw new ConfigFileError(explicit, "does not exist: check the --config path.");
    return path;
  }
  return CONFIG_FILES.map((name) => resolve(cwd, name)).find((path) => existsSync(path));
}

async function importConfig(path: string): Promise<unknown> {
  if (/\.m?ts$/.test(path)) {
    const tsImport = await loadTsImport(`Loading ${path}`);
    return (await tsImport(pathToFileURL(path).href, import.meta.url))["default"];
  }
  return ((await import(pathToFileURL(path).href)) as { default?: unknown }).default;
}

/** The config file at `path`, validated; `command` names the help to see when it is not valid. */
async function loadConfig(path: string, command: string): Promise<VigilesConfig> {
  let value: unknown;
  try {
    value = await importConfig(path);
  } catch (error) {
    if (error instanceof VigilesError) throw error;
    const detail = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new ConfigFileError(path, `failed to load: ${detail}. Fix the file.`, { cause: error });
  }
  const parsed = configSchema.safeParse(value ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "its default export";
    throw new ConfigFileError(
      path,
      `is not valid at ${where}: ${issue?.message ?? "unknown"}. See \`vigiles ${command} --help\`.`,
    );
  }
  return parsed.data;
}

/** The test defaults of the config file at `path`, validated. */
export async function loadTestConfig(path: string): Promise<VigilesTestConfig> {
  return (await loadConfig(path, "test")).test ?? {};
}

/** The audit section of the config file at `path`, validated. */
export async function loadAuditConfig(path: string): Promise<VigilesAuditConfig> {
  return (await loadConfig(path, "audit")).audit ?? {};
}
