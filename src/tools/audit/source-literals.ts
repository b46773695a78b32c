/**
 * The strings a hook's own source compares against: quoted literals and simple regex literals
 * that read as a shell command (`"git commit"`, `r"git\s+push\s+--force"`) or a commit trailer
 * (`"Co-Authored-By:"`). `vigiles audit --run` feeds them back to the hook, so the branch that
 * handles them runs, not only the path a bland probe takes.
 */

/** At most this many literals per hook. */
const MAX_LITERALS = 12;
const MAX_SOURCE_CHARS = 200_000;

/** A literal's text as a sample string: regex shorthands that stand for one space or nothing, undone. */
function sampleOf(literal: string): string | undefined {
  let s = literal
    .replace(/\\s[+*]?/g, " ")
    .replace(/\\b/g, "")
    .replace(/\\([.\-/:])/g, "$1")
    .replace(/^\^/, "")
    .replace(/\$$/, "")
    .replace(/ {2,}/g, " ")
    .trim();
  if (/[[\](){}|*+?\\]/.test(s)) return undefined;
  s = s.trim();
  return s.length >= 3 && s.length <= 100 ? s : undefined;
}

/**
 * What kind of probe a literal makes: a command, a commit trailer, a path, or a file extension the
 * hook selects files by (`*.ts` in a shell `case`, `".py"` in `endswith`), with its dot.
 */
export type LiteralKind = "command" | "trailer" | "path" | "extension";

/** At most this many extensions per hook. */
const MAX_EXTENSIONS = 4;

/**
 * The file extensions a hook's source selects files by: a shell glob `*.ts`, `endswith(".py")` or `endsWith(".py")`, a
 * regex `\.tsx?$` (read as `.tsx`, which it matches). A post-tool gate (lint, type check) that runs only on such
 * files is probed with one, or its failing path is never reached (issue 35).
 */
function extensionsOf(text: string): string[] {
  const out: string[] = [];
  const found =
    /\*\.([A-Za-z][A-Za-z0-9]{0,7})\b|ends_?with\(\s*["'`]\.([A-Za-z][A-Za-z0-9]{0,7})["'`]|\\\.([A-Za-z][A-Za-z0-9]{0,7})\??\$/gi;
  for (let m = found.exec(text); m !== null && out.length < MAX_EXTENSIONS; m = found.exec(text)) {
    const ext = `.${m[1] ?? m[2] ?? m[3] ?? ""}`;
    if (ext !== "." && !out.includes(ext)) out.push(ext);
  }
  return out;
}

/** One string the source compares against. */
export interface SourceLiteral {
  readonly text: string;
  readonly kind: LiteralKind;
}

/** Program words that start sentences in messages more often than commands. */
const NOT_PROGRAMS = new Set(["the", "a", "an", "this", "that", "error", "please", "use", "no", "not", "is"]);

function kindOf(sample: string): LiteralKind | undefined {
  if (/^[A-Z][a-z]+(?:-[A-Za-z]+)+:/.test(sample)) return "trailer";
  // A file name or path a file guard looks for: `.env`, `package-lock.json`, `secrets/`.
  if (/^[~.\w/-]+$/.test(sample) && /(?:^\.|\.[A-Za-z0-9]{1,8}$|\/)/.test(sample) && !/^\.+$/.test(sample))
    return "path";
  const words = sample.split(" ");
  const first = words[0] ?? "";
  if (words.length < 2 || words.length > 6) return undefined;
  if (!/^[a-z][a-z0-9_.-]*$/.test(first) || NOT_PROGRAMS.has(first)) return undefined;
  // A sentence ends with punctuation; a command rarely does.
  if (/[.,;:!]$/.test(sample)) return undefined;
  return "command";
}

/** The literals of one source text, in order of first appearance, deduplicated. */
export function sourceLiterals(source: string): SourceLiteral[] {
  const text = source.slice(0, MAX_SOURCE_CHARS);
  const out: SourceLiteral[] = [];
  const seen = new Set<string>();
  const quoted = /(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
  for (let m = quoted.exec(text); m !== null && out.length < MAX_LITERALS; m = quoted.exec(text)) {
    const sample = sampleOf(m[2] ?? "");
    if (sample === undefined || seen.has(sample)) continue;
    const kind = kindOf(sample);
    if (kind === undefined) continue;
    seen.add(sample);
    out.push({ text: sample, kind });
  }
  for (const ext of extensionsOf(text)) out.push({ text: ext, kind: "extension" });
  return out;
}
