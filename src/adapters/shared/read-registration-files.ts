/**
 * The file side of every adapter's registrations reader: reads each config file that exists and
 * hands its text to the pure reader, collecting what could not be read instead of skipping it.
 */
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import { readRegistrations, type RegistrationFileInput } from "../../core/hook-config/read-registrations.js";
import type { RegisteredHook, RegistrationReading } from "../../core/hook-config/registration.js";

/** One candidate file: its path (absolute, or relative to the root) and how to read it. */
export type RegistrationFile = Omit<RegistrationFileInput, "text" | "file"> & { readonly path: string };

/** The file as shown: relative to the root with "/" separators when inside it, else absolute. */
export function displayFile(root: string, path: string): string {
  const abs = isAbsolute(path) ? path : join(root, path);
  const rel = relative(root, abs);
  return rel.startsWith("..") || isAbsolute(rel) ? abs : rel.split("\\").join("/");
}

/** Reads every file of `files` that exists, in order. */
export function readRegistrationFiles(root: string, files: readonly RegistrationFile[]): RegistrationReading {
  const registrations: RegisteredHook[] = [];
  const unreadable: string[] = [];
  for (const { path, ...rest } of files) {
    const abs = isAbsolute(path) ? path : join(root, path);
    if (!existsSync(abs)) continue;
    const file = displayFile(root, abs);
    try {
      const onProblem = (message: string) => unreadable.push(`${file}: ${message}`);
      registrations.push(...readRegistrations({ ...rest, file, text: readFileSync(abs, "utf8"), onProblem }));
    } catch (error) {
      unreadable.push(`${file}: ${(error as Error).message}`);
    }
  }
  return { registrations, unreadable };
}
