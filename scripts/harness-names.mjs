#!/usr/bin/env node
/**
 * Counts, per harness, the non-test source files outside src/adapters/ whose CODE (identifiers,
 * string and template literals, regex literals; comments skipped) names that harness: its id, an
 * alias, its display name, or one of its own files and paths (`.gemini/`, `.codex/`,
 * `.github/hooks`). Issue 28 asks for at most 3 per harness (the public entry among them).
 *
 *   node scripts/harness-names.mjs          # counts and files
 *   node scripts/harness-names.mjs --max 3  # exit 1 when a harness is named in more files
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/** What names each harness in code (case-insensitive, on one token's text). */
const NAMES = {
  "claude-code": [/claude[-_ ]?code/i, /\.claude\//i, /\bclaudecode/i],
  codex: [/codex/i],
  copilot: [/copilot/i, /\.github\/hooks/i],
  gemini: [/gemini/i],
  qwen: [/qwen/i],
  opencode: [/open[-_ ]?code/i],
};

const root = new URL("..", import.meta.url).pathname;
const maxIndex = process.argv.indexOf("--max");
const max = maxIndex > 0 ? Number(process.argv[maxIndex + 1]) : undefined;

/** Every .ts file under dir, tests and src/adapters/ left out. */
function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (relative(root, path) === "src/adapters") continue;
      out.push(...sourceFiles(path));
    } else if (name.endsWith(".ts") && !/\.(test|spec)\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/** The texts of a file's code nodes that can name something (comments are no nodes, so skipped). */
function codeTokens(text) {
  const source = ts.createSourceFile("f.ts", text, ts.ScriptTarget.Latest, false);
  const K = ts.SyntaxKind;
  const named = new Set([
    K.Identifier,
    K.PrivateIdentifier,
    K.StringLiteral,
    K.NoSubstitutionTemplateLiteral,
    K.TemplateHead,
    K.TemplateMiddle,
    K.TemplateTail,
    K.RegularExpressionLiteral,
  ]);
  const tokens = [];
  const visit = (node) => {
    if (named.has(node.kind)) tokens.push(node.text ?? node.getText(source));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return tokens;
}

const hits = Object.fromEntries(Object.keys(NAMES).map((h) => [h, []]));
for (const file of sourceFiles(join(root, "src"))) {
  const tokens = codeTokens(readFileSync(file, "utf8"));
  for (const [harness, patterns] of Object.entries(NAMES)) {
    const named = tokens.filter((t) => patterns.some((p) => p.test(t)));
    if (named.length > 0) hits[harness].push({ file: relative(root, file), named: [...new Set(named)] });
  }
}

let over = false;
for (const [harness, files] of Object.entries(hits)) {
  console.log(`${harness}: ${files.length} file(s)`);
  for (const f of files)
    console.log(
      `  ${f.file}  ${f.named
        .slice(0, 4)
        .map((t) => JSON.stringify(t.slice(0, 40)))
        .join(" ")}`,
    );
  if (max !== undefined && harness !== "claude-code" && files.length > max) over = true;
}
if (over) {
  console.error(`A harness is named in more than ${max} files outside src/adapters/.`);
  process.exit(1);
}
