/**
 * Compiles an instruction spec (`CLAUDE.md.spec.ts`, `AGENTS.md.spec.ts`, or `.spec.mjs`) to its
 * markdown, stamped with a content hash. `vigiles compile` calls {@link compileInstructionSpecFile}.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { VigilesError } from "../../core/errors.js";
import { isInstructionFileSpec, type InstructionFileSpec } from "../../core/instruction-spec/builders.js";
import {
  collectRefs,
  refText,
  renderInstructionBody,
  stampInstructionFile,
} from "../../core/instruction-spec/render.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { loadTsImport, OptionalDependencyMissingError } from "../../runtime/optional-package.js";
import { resolveRef } from "./resolve-refs.js";

/** The spec could not be loaded, is not an instruction file, or references something that is gone. */
export class InstructionSpecError extends VigilesError {
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

/** `CLAUDE.md.spec.ts` → `CLAUDE.md`; `AGENTS.spec.mjs` → `AGENTS.md`. */
export function outputPathOf(specPath: string): string {
  const stripped = specPath.replace(/\.spec\.(?:ts|mts|mjs|js)$/, "");
  if (stripped === specPath) {
    throw new InstructionSpecError(
      "VIGILES_SPEC_NAME",
      `"${specPath}" is not named like an instruction spec; name it CLAUDE.md.spec.ts or AGENTS.md.spec.ts.`,
    );
  }
  return stripped.endsWith(".md") ? stripped : `${stripped}.md`;
}

/** Loads the default export of a spec file (TypeScript through tsx). */
export async function loadInstructionSpec(specPath: string): Promise<InstructionFileSpec> {
  if (!existsSync(specPath)) {
    throw new InstructionSpecError("VIGILES_SPEC_MISSING", `Instruction spec ${specPath} does not exist.`);
  }
  let mod: { default?: unknown };
  try {
    if (/\.m?ts$/.test(specPath)) {
      const tsImport = await loadTsImport(`Loading the TypeScript instruction spec ${specPath}`);
      mod = (await tsImport(pathToFileURL(specPath).href, import.meta.url)) as { default?: unknown };
    } else {
      mod = (await import(`${pathToFileURL(specPath).href}?t=${Date.now()}`)) as { default?: unknown };
    }
  } catch (cause) {
    if (cause instanceof OptionalDependencyMissingError) throw cause;
    throw new InstructionSpecError(
      "VIGILES_SPEC_LOAD",
      `Could not load instruction spec ${specPath}: ${(cause as Error).message}`,
      { cause },
    );
  }
  let spec = mod.default;
  // A .spec.ts in a package without "type": "module" loads as CommonJS: the default export then
  // sits one level down.
  if (!isInstructionFileSpec(spec) && typeof spec === "object" && spec !== null && "default" in spec) {
    spec = (spec as { default: unknown }).default;
  }
  if (!isInstructionFileSpec(spec)) {
    throw new InstructionSpecError(
      "VIGILES_SPEC_SHAPE",
      `${specPath} must \`export default instructionFile({...})\` (from "vigiles/spec"); its default export is ${spec === undefined ? "missing" : typeof spec}.`,
    );
  }
  return spec;
}

/** One reference that no longer resolves. */
export interface UnresolvedRef {
  readonly ref: string;
  readonly where: string;
  readonly problem: string;
}

/** The references of `spec` that do not resolve from `base`. */
export function unresolvedRefs(spec: InstructionFileSpec, base: string): UnresolvedRef[] {
  const out: UnresolvedRef[] = [];
  for (const use of collectRefs(spec)) {
    const problem = resolveRef(use.ref, base);
    if (problem !== undefined) out.push({ ref: refText(use.ref), where: use.where, problem });
  }
  return out;
}

/** Renders the stamped markdown a spec compiles to, without writing it. */
export function renderSpec(spec: InstructionFileSpec, specPath: string): string {
  const output = outputPathOf(specPath);
  return stampInstructionFile(renderInstructionBody(spec, basename(output)), basename(specPath));
}

/**
 * Compiles one spec to its markdown beside it. Refuses (throws) when a reference does not resolve,
 * so a compiled file never names what is not there. With `check`, writes nothing and reports
 * `changed` when the file on disk differs from what the spec compiles to.
 *
 * @returns the output path and whether it changed (or, with `check`, would change)
 */
export async function compileInstructionSpecFile(
  path: string,
  options: { check?: boolean } = {},
): Promise<{ output: string; changed: boolean }> {
  const spec = await loadInstructionSpec(path);
  const output = outputPathOf(path);
  const unresolved = unresolvedRefs(spec, dirname(path));
  if (unresolved.length > 0) {
    throw new InstructionSpecError(
      "VIGILES_SPEC_UNRESOLVED",
      `${path} references what does not exist:\n` +
        unresolved.map((u) => `  - ${u.ref} (${u.where}): ${u.problem}`).join("\n") +
        "\nFix the reference or create what it names, then compile again.",
    );
  }
  const text = renderSpec(spec, path);
  const current = existsSync(output) ? readFileSync(output, "utf8") : undefined;
  const changed = current !== text;
  if (changed && options.check !== true) writeFileAtomic(output, text);
  return { output, changed };
}
