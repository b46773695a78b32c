/**
 * Verdicts computed into a variable and printed later: `decision="block"` … `echo
 * "{\"permissionDecision\": \"$decision\"}"`. The literal never sits next to its key, so a scan of
 * `permissionDecision: "<value>"` misses it; this reads the assignments of each variable and the
 * places a variable is printed under a verdict key, line by line (shell, Python) or from the AST
 * (JavaScript, in source-scan.ts), and pairs them.
 */

/** One verdict literal that reaches a verdict key through a variable. */
export interface VariableVerdict {
  readonly key: "permissionDecision" | "decision";
  readonly value: string;
  readonly variable: string;
  /** 1-based line and column of the assignment, and the line that prints it. */
  readonly line: number;
  readonly column: number;
  readonly length: number;
  readonly usedOnLine: number;
}

interface Assignment {
  readonly name: string;
  readonly value: string;
  readonly line: number;
  readonly column: number;
  readonly length: number;
}
interface Use {
  readonly key: "permissionDecision" | "decision";
  readonly name: string;
  readonly line: number;
}

// Values worth pairing look like a verdict word: short, lowercase, no spaces.
const WORD = "[a-z][a-z_-]{1,15}";
const SHELL_ASSIGN = new RegExp(
  `(?:^|[\\s;&|(])(?:local\\s+|export\\s+|readonly\\s+)?([A-Za-z_]\\w*)=(["']?)(${WORD})\\2(?=$|[\\s;)&|])`,
  "g",
);
const PY_ASSIGN = new RegExp(
  `^\\s*([A-Za-z_]\\w*)\\s*(?::\\s*\\w+\\s*)?=\\s*(["'])(${WORD})\\2\\s*(?:#.*)?$`,
);
// `"permissionDecision": "$d"`, `\"permissionDecision\":\"${d}\"`, jq's `permissionDecision: $d`.
const SHELL_USE = /\\?["']?(permissionDecision|decision)\\?["']?\s*:\s*\\?["']?\$\{?([A-Za-z_]\w*)\}?/g;
// jq binds its own names: `--arg d "$decision"`.
const JQ_ARG = /--arg\s+([A-Za-z_]\w*)\s+["']?\$\{?([A-Za-z_]\w*)\}?/g;
// `"permissionDecision": decision`, `permissionDecision=decision`, f-string `"permissionDecision": "{decision}"`.
const PY_USE =
  /(?:["'](permissionDecision|decision)["']\s*:\s*\{?([A-Za-z_]\w*)\}?\b(?!\s*[([.])|\b(permissionDecision|decision)\s*=\s*([A-Za-z_]\w*)\b(?!\s*[([.=]))/g;

/** A legacy `decision` printed from a variable counts only with a `reason` near it (the block shape). */
function withReason(lines: readonly string[], uses: readonly Use[]): Use[] {
  return uses.filter(
    (u) =>
      u.key === "permissionDecision" ||
      lines.slice(Math.max(0, u.line - 4), u.line + 3).some((l) => /reason/.test(l)),
  );
}

function pair(assignments: readonly Assignment[], uses: readonly Use[]): VariableVerdict[] {
  const out: VariableVerdict[] = [];
  const seen = new Set<string>();
  for (const use of uses) {
    for (const a of assignments) {
      if (a.name !== use.name) continue;
      const id = `${use.key}:${a.line}:${a.column}`;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({
        key: use.key,
        value: a.value,
        variable: a.name,
        line: a.line,
        column: a.column,
        length: a.length,
        usedOnLine: use.line,
      });
    }
  }
  return out;
}

/** Verdict literals reaching a verdict key through a shell variable (jq `--arg` followed). */
export function shellVariableVerdicts(lines: readonly string[]): VariableVerdict[] {
  const assignments: Assignment[] = [];
  const uses: Use[] = [];
  lines.forEach((text, index) => {
    if (text.trimStart().startsWith("#")) return;
    const line = index + 1;
    for (const m of text.matchAll(SHELL_ASSIGN)) {
      const start = (m.index ?? 0) + m[0].indexOf(m[1] as string);
      assignments.push({
        name: m[1] as string,
        value: m[3] as string,
        line,
        column: start + 1,
        length: m[0].length,
      });
    }
    const jq = new Map<string, string>();
    for (const m of text.matchAll(JQ_ARG)) jq.set(m[1] as string, m[2] as string);
    for (const m of text.matchAll(SHELL_USE)) {
      const name = m[2] as string;
      uses.push({ key: m[1] as Use["key"], name: jq.get(name) ?? name, line });
    }
  });
  return pair(assignments, withReason(lines, uses));
}

/** Verdict literals reaching a verdict key through a Python variable. */
export function pythonVariableVerdicts(lines: readonly string[]): VariableVerdict[] {
  const assignments: Assignment[] = [];
  const uses: Use[] = [];
  lines.forEach((text, index) => {
    if (text.trimStart().startsWith("#")) return;
    const line = index + 1;
    const a = PY_ASSIGN.exec(text);
    if (a) {
      const start = text.indexOf(a[1] as string);
      assignments.push({
        name: a[1] as string,
        value: a[3] as string,
        line,
        column: start + 1,
        length: text.trim().length,
      });
    }
    for (const m of text.matchAll(PY_USE)) {
      const key = (m[1] ?? m[3]) as Use["key"];
      const name = (m[2] ?? m[4]) as string;
      if (name === "True" || name === "False" || name === "None") continue;
      uses.push({ key, name, line });
    }
  });
  return pair(assignments, withReason(lines, uses));
}

/** Pairs JavaScript assignments and uses the AST walk collected. */
export function pairVariableVerdicts(
  assignments: readonly Assignment[],
  uses: readonly Use[],
): VariableVerdict[] {
  return pair(assignments, uses);
}
export type { Assignment as VerdictAssignment, Use as VerdictUse };
