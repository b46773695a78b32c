/**
 * `*.eval.mjs` / `*.eval.ts` files: found, imported (TypeScript through tsx), validated, and run. An
 * eval file only declares (`export default defineEval({...})`); this module is where it is executed.
 */
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { glob } from "tinyglobby";
import { InvalidOptionError } from "../../core/errors.js";
import { hashOf } from "../../core/eval/canonical-hash.js";
import {
  evalName,
  runnerOf,
  validateEvalDefinition,
  type EvalDefinition,
} from "../../core/eval/eval-file.js";
import type { EvalReport } from "../../core/eval-report.js";
import { loadTsImport } from "../../runtime/optional-package.js";
import { measureTriggerRate } from "./triggering/trigger-rate.js";
import { paid_claudeEvalDriver } from "./claude-driver.js";
import { hashPluginDir } from "./plugin-hash.js";
import type { EvalDriver } from "./driver.js";
import type { EvalRunOptions } from "./engine.js";
import { inputsHashOf, paid_measure, paid_measureArms, paid_runEval } from "./run-eval.js";

export const EVAL_FILE_GLOBS = ["**/*.eval.mjs", "**/*.eval.ts"];
const IGNORED = ["**/node_modules/**", "**/dist/**", "**/.git/**"];

/** The eval files named (files or globs), or every eval file under `cwd`. */
export async function findEvalFiles(
  patterns: readonly string[],
  cwd: string = process.cwd(),
): Promise<string[]> {
  const files = await glob(patterns.length > 0 ? [...patterns] : EVAL_FILE_GLOBS, {
    cwd,
    ignore: IGNORED,
    absolute: true,
  });
  return files.sort();
}

export async function importModule(path: string): Promise<Record<string, unknown>> {
  const abs = resolve(path);
  if (/\.(c|m)?ts$/.test(abs)) {
    const tsImport = await loadTsImport(`Loading the TypeScript file ${path}`);
    const mod = await tsImport(pathToFileURL(abs).href, import.meta.url);
    // A .ts file outside a `"type": "module"` package loads as CommonJS: its exports sit one level down.
    const inner = mod["default"];
    if (
      inner &&
      typeof inner === "object" &&
      ("__esModule" in inner || Object.keys(inner).includes("default"))
    ) {
      const keys = Object.keys(inner).filter((k) => k !== "__esModule");
      if (keys.includes("default")) return inner as Record<string, unknown>;
    }
    return mod;
  }
  return (await import(pathToFileURL(abs).href)) as Record<string, unknown>;
}

/** Imports an eval file and validates its default export. */
export async function loadEvalFile(path: string): Promise<EvalDefinition> {
  const mod = await importModule(path);
  if (mod["default"] === undefined) {
    throw new InvalidOptionError(
      `${path} has no default export; end it with \`export default defineEval({ … })\`.`,
    );
  }
  try {
    return validateEvalDefinition(mod["default"]);
  } catch (error) {
    throw new InvalidOptionError(`${path}: ${(error as Error).message}`);
  }
}

/** Loads a driver module for `--driver`: its default (or `driver`) export, a driver or a function returning one. */
export async function loadDriverModule(path: string): Promise<EvalDriver> {
  const mod = await importModule(path);
  let value = mod["default"] ?? mod["driver"];
  if (typeof value === "function") value = await (value as () => unknown)();
  const d = value as Partial<EvalDriver> | undefined;
  if (!d || typeof d.runTrial !== "function" || typeof d.identity !== "string") {
    throw new InvalidOptionError(
      `${path} does not export an eval driver (an object with identity and runTrial).`,
    );
  }
  return d as EvalDriver;
}

export interface DefinitionRun {
  readonly report: EvalReport | Record<string, unknown>;
  readonly inputsHash: string;
  readonly driverIdentity: string;
}

/** The inputs hash of a definition, without running it. */
export function definitionInputsHash(
  definition: EvalDefinition,
  driverIdentity: string,
  trials?: number,
): string {
  const kind = runnerOf(definition);
  if (kind === "measureTriggerRate") {
    const spec = (definition as { measureTriggerRate: Record<string, unknown> }).measureTriggerRate;
    const described = Object.fromEntries(
      Object.entries(spec).map(([k, v]) => [k, typeof v === "function" ? v.toString() : v]),
    );
    return hashOf({
      runner: kind,
      spec: described,
      trials: trials ?? spec["trials"] ?? null,
      driver: driverIdentity,
      // The skills' descriptions and bodies: an edited SKILL.md is other inputs, as for the engine's arms.
      plugins: triggerPluginHashes(spec),
    });
  }
  const spec = (definition as unknown as Record<string, Parameters<typeof inputsHashOf>[1]>)[kind];
  return inputsHashOf(kind, spec as Parameters<typeof inputsHashOf>[1], driverIdentity, trials);
}

/** Runs a definition's runner with the CLI's options. */
export async function runDefinition(
  definition: EvalDefinition,
  options: EvalRunOptions & { readonly driver?: EvalDriver },
): Promise<DefinitionRun> {
  const driver = options.driver ?? paid_claudeEvalDriver();
  const run = { ...options, driver };
  const kind = runnerOf(definition);
  let report: EvalReport | Record<string, unknown>;
  switch (kind) {
    case "runEval":
      report = await paid_runEval(
        (definition as { runEval: Parameters<typeof paid_runEval>[0] }).runEval,
        run,
      );
      break;
    case "measure":
      report = await paid_measure(
        (definition as { measure: Parameters<typeof paid_measure>[0] }).measure,
        run,
      );
      break;
    case "measureArms":
      report = await paid_measureArms(
        (definition as { measureArms: Parameters<typeof paid_measureArms>[0] }).measureArms,
        run,
      );
      break;
    case "measureTriggerRate": {
      const spec = (definition as { measureTriggerRate: Record<string, unknown> }).measureTriggerRate;
      // The CLI's --cache (and a cache dir it names) override the declaration's, as for the other runners.
      const trigger = await measureTriggerRate({
        ...(spec as unknown as Parameters<typeof measureTriggerRate>[0]),
        driver,
        ...(options.trials !== undefined ? { trials: options.trials } : {}),
        ...(options.cache !== undefined ? { cache: options.cache } : {}),
        ...(options.cacheDir !== undefined ? { cacheDir: options.cacheDir } : {}),
        ...(options.onWarning ? { onWarning: options.onWarning } : {}),
        ...(options.shard ? { shard: options.shard } : {}),
      });
      // Stamped on the report so that merge-reports and --gate can tell shards of one eval apart.
      const inputsHash = definitionInputsHash(definition, driver.identity, options.trials);
      return { report: { ...trigger, inputsHash }, inputsHash, driverIdentity: driver.identity };
    }
  }
  return {
    report,
    inputsHash: definitionInputsHash(definition, driver.identity, options.trials),
    driverIdentity: driver.identity,
  };
}

/** Content hashes of the plugins a trigger-rate spec installs (the one under test, then its install set). */
function triggerPluginHashes(spec: Readonly<Record<string, unknown>>): (string | null)[] {
  const dirs: unknown[] = [spec["pluginDir"], spec["skillsDir"]];
  if (Array.isArray(spec["installSet"])) dirs.push(...(spec["installSet"] as unknown[]));
  return dirs.map((d) => {
    const dir =
      typeof d === "string" ? d : d && typeof d === "object" ? (d as { dir?: unknown }).dir : undefined;
    return typeof dir === "string" ? hashPluginDir(dir) : null;
  });
}

export { evalName, runnerOf };
