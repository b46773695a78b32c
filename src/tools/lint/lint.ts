/**
 * `vigiles lint`: instruction files compiled from specs must still be true. A reference that no
 * longer resolves, a compiled file edited by hand, or one left behind its spec is a finding.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, relative, resolve, sep } from "node:path";
import { globSync } from "tinyglobby";
import { checkStamp } from "../../core/instruction-spec/render.js";
import { finding } from "../../core/audit/finding.js";
import { sortFindings } from "../../core/audit/lint-harness.js";
import type { LintFinding, LintRuleMeta, SourceRange } from "../../core/audit/types.js";
import { VigilesError } from "../../core/errors.js";
import { loadInstructionSpec, outputPathOf, renderSpec, unresolvedRefs } from "./compile.js";

const rule = (id: string, behaviour: string, fix: string): LintRuleMeta => ({
  id,
  severity: "error",
  behaviour,
  fix,
  autofix: false,
});
export const refUnresolvedRule = rule(
  "instruction-ref-unresolved",
  "An instruction file that names a file, directory, command or symbol that is gone sends the agent after something that does not exist.",
  "Update the reference in the spec (or restore what it names), then run `vigiles compile`.",
);
export const handEditedRule = rule(
  "instruction-hand-edited",
  "A compiled instruction file edited by hand drifts from its spec; the next compile silently throws the edit away.",
  "Move the edit into the .spec.ts and run `vigiles compile`.",
);
export const staleRule = rule(
  "instruction-stale",
  "The spec changed but its markdown was not recompiled: the agent reads the old instructions.",
  "Run `vigiles compile`.",
);
export const notCompiledRule = rule(
  "instruction-not-compiled",
  "A spec with no compiled markdown gives the agent no instructions at all.",
  "Run `vigiles compile`.",
);
export const specLoadRule = rule(
  "instruction-spec-load",
  "A spec that does not load cannot be checked or compiled.",
  "Fix the error shown; the spec must `export default instructionFile({...})`.",
);
/** The rules `vigiles lint` applies to instruction specs and their compiled files. */
export const instructionRules: readonly LintRuleMeta[] = [
  refUnresolvedRule,
  handEditedRule,
  staleRule,
  notCompiledRule,
  specLoadRule,
];

const SPEC_PATTERNS = [
  "**/*.md.spec.{ts,mts,mjs}",
  "**/CLAUDE.spec.{ts,mts,mjs}",
  "**/AGENTS.spec.{ts,mts,mjs}",
];
const IGNORE = ["**/node_modules/**", "**/.git/**", "**/dist/**", "**/__fixtures__/**"];

function display(root: string, path: string): string {
  const rel = relative(root, path);
  return rel.startsWith("..") ? path : rel.split(sep).join("/");
}

/** Where a reference's text first appears in the spec source (a search for one string value). */
function locate(source: string, ref: string): SourceRange | undefined {
  // A symbol reference reads `file#name`; the spec wrote the name as its own string.
  const texts = ref.includes("#") ? [ref.slice(ref.indexOf("#") + 1), ref.slice(0, ref.indexOf("#"))] : [ref];
  const candidates = texts.flatMap((text) => [`"${text}"`, `'${text}'`, `\`${text}\``]);
  for (const quoted of [...candidates, ref]) {
    const at = source.indexOf(quoted);
    if (at === -1) continue;
    const before = source.slice(0, at);
    const line = before.split("\n").length;
    return { line, column: at - before.lastIndexOf("\n") };
  }
  return undefined;
}

/** Lints every instruction spec and stamped instruction file under `dir`. */
export async function lintInstructionFiles(dir: string): Promise<{ root: string; findings: LintFinding[] }> {
  const root = resolve(dir);
  const findings: LintFinding[] = [];
  const specs = globSync(SPEC_PATTERNS, { cwd: root, absolute: true, ignore: IGNORE }).sort();
  const outputs = new Set<string>();
  for (const specPath of specs) {
    const shown = display(root, specPath);
    const output = outputPathOf(specPath);
    outputs.add(output);
    let spec;
    try {
      spec = await loadInstructionSpec(specPath);
    } catch (error) {
      if (!(error instanceof VigilesError)) throw error;
      findings.push(finding(specLoadRule, shown, undefined, error.message));
      continue;
    }
    const source = readFileSync(specPath, "utf8");
    for (const u of unresolvedRefs(spec, dirname(specPath))) {
      findings.push(
        finding(
          refUnresolvedRule,
          shown,
          locate(source, u.ref),
          `\`${u.ref}\` (${u.where}) no longer resolves: ${u.problem}.`,
        ),
      );
    }
    const shownOut = display(root, output);
    if (!existsSync(output)) {
      findings.push(
        finding(
          notCompiledRule,
          shown,
          undefined,
          `${shownOut} has not been compiled from ${basename(specPath)}.`,
        ),
      );
      continue;
    }
    const text = readFileSync(output, "utf8");
    const stamp = checkStamp(text);
    if (!stamp.stamped || stamp.editedByHand) {
      findings.push(
        finding(
          handEditedRule,
          shownOut,
          { line: stamp.stamped ? 3 : 1, column: 1 },
          stamp.stamped
            ? `${shownOut} was edited by hand after it was compiled (its content no longer matches hash ${stamp.hash}).`
            : `${shownOut} has no vigiles stamp: it was written by hand over the compiled file.`,
        ),
      );
    } else if (text !== renderSpec(spec, specPath)) {
      findings.push(
        finding(
          staleRule,
          shownOut,
          { line: 1, column: 1 },
          `${shownOut} is older than ${basename(specPath)}.`,
        ),
      );
    }
  }
  // Stamped files whose spec is elsewhere or gone still must not be edited by hand.
  for (const md of globSync(["**/CLAUDE.md", "**/AGENTS.md"], {
    cwd: root,
    absolute: true,
    ignore: IGNORE,
  }).sort()) {
    if (outputs.has(md)) continue;
    const stamp = checkStamp(readFileSync(md, "utf8"));
    if (stamp.stamped && stamp.editedByHand) {
      const shown = display(root, md);
      findings.push(
        finding(
          handEditedRule,
          shown,
          { line: 3, column: 1 },
          `${shown} was edited by hand after it was compiled from ${stamp.specName}.`,
        ),
      );
    }
  }
  return { root, findings: sortFindings(findings) };
}
