/** Collecting what `loadPlugin` finds wrong, and the file helpers its readers share. */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import type { PluginProblem, PluginProblemSeverity } from "./types.js";

export type Problems = PluginProblem[];

export function add(
  problems: Problems,
  code: string,
  severity: PluginProblemSeverity,
  path: string,
  message: string,
  fix: string,
): void {
  problems.push({ code, severity, path, message, fix });
}

export const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();
export const isFile = (p: string): boolean => existsSync(p) && statSync(p).isFile();
export const sortedEntries = (dir: string): string[] => readdirSync(dir).sort();

/** Parses a JSON object file; a parse failure or a non-object lands in `problems` as `code`. */
export function readJsonObject(
  file: string,
  rel: string,
  problems: Problems,
  code: string,
): Record<string, unknown> | undefined {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    add(
      problems,
      code,
      "error",
      rel,
      `${rel} is not valid JSON (${why}); the harness ignores it.`,
      `Fix the JSON in ${rel}.`,
    );
    return undefined;
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    add(problems, code, "error", rel, `${rel} must hold a JSON object.`, `Make ${rel} a JSON object.`);
    return undefined;
  }
  return data as Record<string, unknown>;
}
