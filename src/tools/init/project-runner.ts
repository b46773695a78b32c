/**
 * Which test runner a project already uses, so `vigiles init` writes tests it runs the way it runs
 * the rest: vitest or jest when package.json lists it (dependencies or devDependencies), has a jest
 * key, or a config file is there; else harness files for `vigiles test`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export type StarterRunner = "vigiles" | "vitest" | "jest";

export interface RunnerChoice {
  readonly runner: StarterRunner;
  /** What decided it, for init's output ("vitest in devDependencies"). */
  readonly because: string;
}

function packageJson(root: string): Record<string, unknown> | undefined {
  const path = join(root, "package.json");
  if (!existsSync(path)) return undefined;
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function listed(pkg: Record<string, unknown> | undefined, name: string): string | undefined {
  for (const field of ["devDependencies", "dependencies"]) {
    const deps = pkg?.[field];
    if (typeof deps === "object" && deps !== null && name in deps) return `${name} in ${field}`;
  }
  return undefined;
}

const CONFIG_EXTENSIONS = ["js", "mjs", "cjs", "ts", "mts", "cts", "json"];

function config(root: string, name: string): string | undefined {
  const found = CONFIG_EXTENSIONS.map((ext) => `${name}.config.${ext}`).find((f) =>
    existsSync(join(root, f)),
  );
  return found === undefined ? undefined : `${found} here`;
}

/** vitest wins when both are there (a project moving to vitest keeps jest for a while). */
export function detectRunner(root: string): RunnerChoice {
  const pkg = packageJson(root);
  const vitest = listed(pkg, "vitest") ?? config(root, "vitest");
  if (vitest) return { runner: "vitest", because: vitest };
  const jest =
    listed(pkg, "jest") ??
    (pkg?.["jest"] !== undefined ? "a jest key in package.json" : config(root, "jest"));
  if (jest) return { runner: "jest", because: jest };
  return { runner: "vigiles", because: "no vitest or jest in package.json" };
}
