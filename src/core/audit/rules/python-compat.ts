/**
 * Python hooks run on whatever `python3` the user's PATH gives (or the interpreter the command
 * names, or the one `uv run` picks from the script's `requires-python`). A feature newer than that
 * interpreter, or a third-party package it does not have, makes the hook crash before it prints a
 * verdict: exit 1, a non-blocking error, and the action proceeds.
 */
import { PYTHON_STDLIB } from "../python-stdlib.js";
import { parsePythonVersion, scanPython, versionBelow, type PythonVersion } from "../python-scan.js";
import { finding } from "../finding.js";
import type { LintFinding, LintRuleMeta } from "../types.js";
import type { HookScriptInput } from "./hook-script.js";

/** The oldest Python a hook is checked against unless the audit is told otherwise. */
export const DEFAULT_PYTHON_MINIMUM = "3.9";

export const pythonVersionRule: LintRuleMeta = {
  id: "python-too-new",
  severity: "warning",
  behaviour:
    "A hook run as `python3 script.py` gets the user's python3, often 3.9 (macOS's system Python). datetime.UTC " +
    "and tomllib (3.11), the match statement and `X | Y` annotations evaluated at import (3.10) crash it there: " +
    "exit 1, a non-blocking error, and the action proceeds.",
  fix: "Write code for the oldest Python you support (timezone.utc, Optional[X], if/elif, `from __future__ import annotations`), or run the hook with `uv run` and a requires-python.",
  autofix: false,
};

export const pythonImportRule: LintRuleMeta = {
  id: "python-third-party-import",
  severity: "warning",
  behaviour:
    "A hook run by the user's python3 has only the standard library: an unguarded top-level import of another " +
    "package (in the hook or a local module it imports) raises ModuleNotFoundError, exit 1, and the action proceeds.",
  fix: "Guard the import (try/except ImportError with a fallback), or run the hook with `uv run` and declare the package in a PEP 723 `# /// script` block.",
  autofix: false,
};

export const pythonCompatRules: readonly LintRuleMeta[] = [pythonVersionRule, pythonImportRule];

/** The interpreter a registration really gets, and whether its packages are managed for it. */
function interpreterOf(
  input: HookScriptInput,
  minimum: PythonVersion,
  requiresPython: PythonVersion | undefined,
): { version: PythonVersion; managed: boolean; how: string } {
  const command = input.registration.command ?? input.registration.args?.join(" ") ?? "";
  if (/\b(?:uv|uvx|poetry|pipenv|pdm|hatch|conda)\s+run\b|\buvx\b|\.venv\/|venv\/bin\//.test(command))
    return requiresPython
      ? {
          version: requiresPython,
          managed: true,
          how: `uv picks ${requiresPython.join(".")}+ from requires-python`,
        }
      : { version: minimum, managed: true, how: "the runner picks any installed Python" };
  const named =
    /\bpython(\d\.\d+)\b/.exec(command) ??
    (input.direct ? /^#!.*python(\d\.\d+)/.exec(input.source ?? "") : null);
  const v = named ? parsePythonVersion(named[1] as string) : undefined;
  if (v !== undefined) return { version: v, managed: false, how: `the command names python${named?.[1]}` };
  return { version: minimum, managed: false, how: `python3 may be ${minimum.join(".")}` };
}

export function checkPythonCompat(
  input: HookScriptInput,
  minimumText = DEFAULT_PYTHON_MINIMUM,
): LintFinding[] {
  if (input.language !== "python" || input.source === undefined) return [];
  const minimum = parsePythonVersion(minimumText) ?? [3, 9];
  const main = scanPython(input.source);
  const interp = interpreterOf(input, minimum, main.inlineScript?.requiresPython);
  const out: LintFinding[] = [];
  const files = [{ file: input.file, source: input.source }, ...(input.modules ?? [])];
  for (const { file, source } of files) {
    const facts = file === input.file ? main : scanPython(source);
    for (const f of facts.features) {
      if (!versionBelow(interp.version, f.since)) continue;
      out.push(
        finding(
          pythonVersionRule,
          file,
          { line: f.line, column: f.column },
          `${f.what} needs Python ${f.since.join(".")}, but ${interp.how}: the ${input.registration.event} hook crashes there (exit 1) and the action proceeds.`,
        ),
      );
    }
    // A runner (uv, poetry, a venv) brings its own packages; trust it rather than guess names.
    if (interp.managed) continue;
    for (const imp of facts.imports) {
      if (imp.guarded || PYTHON_STDLIB.has(imp.module) || input.localModuleNames?.has(imp.module)) continue;
      out.push(
        finding(
          pythonImportRule,
          file,
          { line: imp.line, column: 1 },
          `import ${imp.module} is not in the standard library and not beside the hook: where the package is missing the ${input.registration.event} hook crashes (exit 1) and the action proceeds.`,
        ),
      );
    }
  }
  return out;
}
