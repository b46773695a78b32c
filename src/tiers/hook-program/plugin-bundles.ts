/**
 * The bundles of a plugin compile (`<plugin>/hooks/vigiles/<name>.mjs`) as files compile owns: each
 * is compared with what compile produces now, so `check` can name a missing, stale or hand-edited
 * bundle and a compile refuses to overwrite a hand edit without `force`. A bundle whose program is
 * gone is removed with its registration.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { BUNDLE_DIR } from "./bundle.js";
import type { CompileProblem } from "./compile-error.js";
import { parseBundle } from "./registration.js";

/** One bundle as compile would write it, beside what is on disk. */
export interface PlannedBundle {
  readonly file: string;
  /** The program as the marker names it (plugin-relative). */
  readonly program: string;
  readonly text: string;
  readonly before: string | undefined;
}

const shown = (root: string, file: string) => relative(root, file).split(sep).join("/");

/** True when the file on disk is not the bundle compile wrote: no marker, or content that does not match it. */
export function isHandEdited(b: PlannedBundle): boolean {
  if (b.before === undefined) return false;
  const found = parseBundle(b.before);
  return found === undefined || found.handEdited;
}

/** What `check` says about a bundle, or undefined when it is up to date. */
export function bundleProblem(b: PlannedBundle, root: string): CompileProblem | undefined {
  const file = shown(root, b.file);
  if (b.before === undefined)
    return {
      kind: "missing",
      program: b.program,
      file,
      message: `${file}, the bundle of ${b.program}, is missing; run vigiles compile.`,
    };
  if (isHandEdited(b))
    return {
      kind: "hand-edited",
      program: b.program,
      file,
      message: `${file} was edited by hand since it was compiled from ${b.program}; move the change into the program, or rerun with --force to overwrite it.`,
    };
  if (b.before !== b.text)
    return {
      kind: "stale",
      program: b.program,
      file,
      message: `${file} is out of date with ${b.program} or with this vigiles; run vigiles compile.`,
    };
  return undefined;
}

/** Marked bundles in the plugin whose program no longer exists and that this compile does not write. */
export function orphanBundles(
  pluginRoot: string,
  planned: readonly PlannedBundle[],
): { file: string; program: string }[] {
  const dir = join(pluginRoot, BUNDLE_DIR);
  if (!existsSync(dir)) return [];
  const writing = new Set(planned.map((b) => b.file));
  const out: { file: string; program: string }[] = [];
  for (const name of readdirSync(dir).sort()) {
    const file = join(dir, name);
    if (!name.endsWith(".mjs") || writing.has(file)) continue;
    const found = parseBundle(readFileSync(file, "utf8"));
    if (found && !existsSync(resolve(pluginRoot, found.program))) out.push({ file, program: found.program });
  }
  return out;
}

/** Writes each bundle that differs (atomically) and removes the orphans; true when anything changed. */
export function writeBundles(
  planned: readonly PlannedBundle[],
  orphans: readonly { file: string }[],
): boolean {
  let changed = false;
  for (const b of planned) {
    if (b.before === b.text) continue;
    writeFileAtomic(b.file, b.text);
    changed = true;
  }
  for (const o of orphans) {
    rmSync(o.file, { force: true });
    changed = true;
  }
  return changed;
}
