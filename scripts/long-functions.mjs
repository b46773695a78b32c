// Lists functions longer than a line limit (default 80) in src/, tests excluded:
// function declarations, methods, arrow functions and function expressions,
// measured from the first to the last line of the node. Issue 36 tracks the count.
// Usage: node scripts/long-functions.mjs [limit] [root]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const limit = Number(process.argv[2] ?? 80);
const root = process.argv[3] ?? "src";

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    const isSource = /\.(ts|tsx|mts|cts)$/.test(name) && !name.endsWith(".d.ts");
    const isTest = /\.(test|spec)\.[cm]?tsx?$/.test(name);
    return isSource && !isTest ? [path] : [];
  });
}

function functionName(node) {
  if (node.name !== undefined) return node.name.getText();
  // An anonymous function takes the name it is bound to: `const f = () => …`, `f: function () {}`.
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    parent.name !== undefined
  ) {
    return parent.name.getText();
  }
  if (ts.isConstructorDeclaration(node)) return "constructor";
  return "<anonymous>";
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node);

const found = [];
for (const path of sourceFiles(root)) {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (isFunction(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const lines = end - start + 1;
      if (lines > limit) found.push({ path: relative(".", path), start, name: functionName(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

found.sort((a, b) => b.lines - a.lines || a.path.localeCompare(b.path) || a.start - b.start);
for (const f of found) console.log(`${f.path}:${f.start} ${f.name} ${f.lines}`);
console.log(`${found.length} functions over ${limit} lines in ${root}`);
