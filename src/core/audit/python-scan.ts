/**
 * Reads a Python hook line by line for what breaks on an older interpreter than the author's
 * (syntax and names that arrived in 3.10 and 3.11) and for its top-level imports. No Python parser
 * runs here: only statement shapes that cannot be mistaken (`match x:` followed by `case`, a `|`
 * inside a `def` signature's annotations) are matched, comments and strings-only lines skipped.
 */

/** A "major.minor" Python version as two numbers. */
export type PythonVersion = readonly [number, number];

export interface PythonFeature {
  readonly what: string;
  readonly since: PythonVersion;
  readonly line: number;
  readonly column: number;
}
export interface PythonImport {
  /** The top-level package name (`yaml` of `import yaml.loader`); relative imports are left out. */
  readonly module: string;
  readonly line: number;
  /** Indented: inside a try, an if or a function, so a missing package need not crash the hook. */
  readonly guarded: boolean;
}
export interface PythonFacts {
  readonly features: PythonFeature[];
  readonly imports: PythonImport[];
  /** `requires-python` lower bound and `dependencies` of a PEP 723 `# /// script` block. */
  readonly inlineScript?: { readonly requiresPython?: PythonVersion; readonly dependencies: string[] };
}

export function parsePythonVersion(text: string): PythonVersion | undefined {
  const m = /^(\d+)\.(\d+)/.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

export function versionBelow(a: PythonVersion, b: PythonVersion): boolean {
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}

function inlineScript(lines: readonly string[]): PythonFacts["inlineScript"] {
  const start = lines.findIndex((l) => /^# \/\/\/ script\s*$/.test(l));
  if (start === -1) return undefined;
  const body: string[] = [];
  for (let i = start + 1; i < lines.length && !/^# \/\/\/\s*$/.test(lines[i] as string); i++)
    body.push((lines[i] as string).replace(/^# ?/, ""));
  const text = body.join("\n");
  const rp = /requires-python\s*=\s*["']\s*>=?\s*(\d+\.\d+)/.exec(text);
  const deps = /dependencies\s*=\s*\[([\s\S]*?)\]/.exec(text);
  const dependencies = deps
    ? [...(deps[1] as string).matchAll(/["']([A-Za-z0-9_.-]+)/g)].map((m) => (m[1] as string).toLowerCase())
    : [];
  const requiresPython = rp ? parsePythonVersion(rp[1] as string) : undefined;
  return { ...(requiresPython !== undefined && { requiresPython }), dependencies };
}

const UNION_IN_SIGNATURE =
  /(?::\s*|->\s*)(?:[A-Za-z_][\w.]*(?:\[[^\]]*\])?\s*\|\s*[A-Za-z_][\w.]*|None\s*\|)/;

export function scanPython(source: string): PythonFacts {
  const lines = source.split("\n");
  const features: PythonFeature[] = [];
  const imports: PythonImport[] = [];
  const futureAnnotations = /^from\s+__future__\s+import\s+.*\bannotations\b/m.test(source);
  let inDef = false;
  let inTripleQuote = false;
  lines.forEach((text, index) => {
    const line = index + 1;
    const triples = (text.match(/"""|'''/g) ?? []).length;
    if (inTripleQuote) {
      if (triples % 2 === 1) inTripleQuote = false;
      return;
    }
    if (triples % 2 === 1) inTripleQuote = true;
    const t = text.trimStart();
    if (t.startsWith("#") || t === "") return;
    const column = text.length - t.length + 1;
    if (/\bdatetime\.UTC\b/.test(text) || /^from\s+datetime\s+import\s+.*\bUTC\b/.test(t))
      features.push({ what: "datetime.UTC", since: [3, 11], line, column });
    if (/^import\s+tomllib\b|^from\s+tomllib\b/.test(t))
      features.push({ what: "tomllib", since: [3, 11], line, column });
    if (/^match\s+[^=]+:\s*(?:#.*)?$/.test(t)) {
      const next = lines.slice(index + 1).find((l) => l.trim() !== "" && !l.trim().startsWith("#"));
      if (next !== undefined && /^\s*case\s/.test(next))
        features.push({ what: "the match statement", since: [3, 10], line, column });
    }
    // Annotations in a def signature are evaluated when the def runs (at import), unless
    // `from __future__ import annotations` defers them: `str | None` raises TypeError on 3.9.
    if (/^(?:async\s+)?def\s/.test(t)) inDef = true;
    if (inDef && !futureAnnotations && UNION_IN_SIGNATURE.test(text.replace(/(["']).*?\1/g, '""')))
      features.push({ what: "an `X | Y` annotation", since: [3, 10], line, column });
    if (inDef && /:\s*(?:#.*)?$/.test(text)) inDef = false;
    else if (column === 1 && !futureAnnotations && /^[A-Za-z_]\w*\s*:\s*[A-Za-z_][\w.[\], ]*\|/.test(t))
      features.push({ what: "an `X | Y` annotation", since: [3, 10], line, column });
    const imp = /^import\s+([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*)/.exec(t);
    const from = /^from\s+([A-Za-z_][\w.]*)\s+import\b/.exec(t);
    const guarded = column > 1;
    if (imp)
      for (const name of (imp[1] as string).split(","))
        imports.push({
          module: (name.trim().split(".")[0] as string).split(/\s/)[0] as string,
          line,
          guarded,
        });
    if (from) imports.push({ module: (from[1] as string).split(".")[0] as string, line, guarded });
  });
  const script = inlineScript(lines);
  return { features, imports, ...(script !== undefined && { inlineScript: script }) };
}
