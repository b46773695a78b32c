/**
 * Checks that every reference of an instruction spec still resolves on disk: files, directories,
 * globs, commands (npm/pnpm/yarn/bun scripts, Makefile targets, npx binaries) and symbols.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { globSync } from "tinyglobby";
import type { SpecRef } from "../../core/instruction-spec/builders.js";
import { scanCommand } from "../../core/audit/command-words.js";
import { parseJavaScript } from "../../core/audit/source-scan.js";

/** Why a reference does not resolve; undefined when it does. */
export type RefProblem = string | undefined;

function findUp(start: string, name: string): string | undefined {
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, name);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function npmScripts(base: string): { file?: string; scripts: Record<string, unknown> } {
  const file = findUp(base, "package.json");
  if (!file) return { scripts: {} };
  try {
    const pkg = JSON.parse(readFileSync(file, "utf8")) as { scripts?: Record<string, unknown> };
    return { file, scripts: pkg.scripts ?? {} };
  } catch {
    return { file, scripts: {} };
  }
}

/** Targets a Makefile defines, read one line at a time (`target other: deps`, not `VAR := x`). */
export function makefileTargets(text: string): Set<string> {
  const targets = new Set<string>();
  for (const line of text.split("\n")) {
    if (line.startsWith("\t") || line.startsWith("#")) continue;
    const m = /^([A-Za-z0-9_./%-][A-Za-z0-9_./% -]*?)\s*::?(?!=)/.exec(line);
    if (m) for (const t of (m[1] as string).split(/\s+/)) if (t !== "") targets.add(t);
  }
  return targets;
}

const NPM_LIFECYCLE = new Set(["test", "start", "stop", "restart"]);
const PM_BUILTINS = new Set([
  "install",
  "i",
  "ci",
  "add",
  "remove",
  "update",
  "exec",
  "dlx",
  "init",
  "publish",
  "pack",
  "audit",
  "outdated",
  "link",
]);

function checkCommand(command: string, base: string): RefProblem {
  const words = scanCommand(command)
    .words.filter((w) => !w.operator)
    .map((w) => w.value);
  const [tool, first, second] = words;
  if (tool === undefined) return "the command is empty";
  const script = (name: string | undefined, via: string): RefProblem => {
    if (name === undefined) return `\`${command}\` names no script`;
    const { file, scripts } = npmScripts(base);
    if (!file) return `no package.json above ${base} to hold script "${name}" (${via})`;
    return typeof scripts[name] === "string" ? undefined : `package.json (${file}) has no script "${name}"`;
  };
  switch (tool) {
    case "npm":
      if (first === "run" || first === "run-script") return script(second, "npm run");
      if (first !== undefined && NPM_LIFECYCLE.has(first)) return script(first, `npm ${first}`);
      return undefined;
    case "pnpm":
    case "yarn":
    case "bun":
      if (first === "run") return script(second, `${tool} run`);
      if (first === undefined || PM_BUILTINS.has(first) || first.startsWith("-")) return undefined;
      return script(first, tool);
    case "make": {
      const target = words.slice(1).find((w) => !w.startsWith("-") && !w.includes("="));
      const makefile = findUp(base, "Makefile") ?? findUp(base, "makefile") ?? findUp(base, "GNUmakefile");
      if (!makefile) return `no Makefile above ${base}`;
      if (target === undefined) return undefined;
      return makefileTargets(readFileSync(makefile, "utf8")).has(target)
        ? undefined
        : `${makefile} has no target "${target}"`;
    }
    case "npx": {
      const bin = words.slice(1).find((w) => !w.startsWith("-"));
      if (bin === undefined) return `\`${command}\` names no binary`;
      const modules = findUp(base, join("node_modules", ".bin", bin));
      return modules ? undefined : `no node_modules/.bin/${bin} above ${base}`;
    }
    default:
      return undefined;
  }
}

/** Top-level names a JavaScript module declares or exports. */
function javascriptNames(source: string): Set<string> {
  const names = new Set<string>();
  const program = parseJavaScript(source) as unknown as { body: Record<string, unknown>[] };
  const declare = (node: Record<string, unknown> | null | undefined) => {
    if (!node) return;
    const id = node["id"] as { name?: string } | null | undefined;
    if (id?.name) names.add(id.name);
    for (const d of (node["declarations"] as { id: { name?: string } }[] | undefined) ?? []) {
      if (d.id.name) names.add(d.id.name);
    }
  };
  for (const statement of program.body) {
    declare(statement);
    declare(statement["declaration"] as Record<string, unknown> | null | undefined);
    for (const s of (statement["specifiers"] as { exported?: { name?: string } }[] | undefined) ?? []) {
      if (s.exported?.name) names.add(s.exported.name);
    }
  }
  return names;
}

const DECLARATION = (name: string) =>
  new RegExp(
    `^\\s*(?:export\\s+)?(?:default\\s+)?(?:declare\\s+)?(?:abstract\\s+)?(?:async\\s+)?(?:pub(?:\\([^)]*\\))?\\s+)?` +
      `(?:function\\*?|class|const|let|var|interface|type|enum|namespace|def|fn|struct|trait|func|module|impl)\\s+${name}\\b`,
  );

function checkSymbol(file: string, name: string, base: string): RefProblem {
  const path = resolve(base, file);
  if (!isFile(path)) return `file ${file} does not exist`;
  const source = readFileSync(path, "utf8");
  if (/\.(?:m|c)?js$/.test(path)) {
    try {
      return javascriptNames(source).has(name) ? undefined : `${file} declares no top-level "${name}"`;
    } catch (error) {
      return `${file} does not parse: ${(error as Error).message}`;
    }
  }
  // Other languages: a declaration keyword followed by the name, one line at a time.
  const re = DECLARATION(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return source.split("\n").some((line) => re.test(line)) ? undefined : `${file} declares no "${name}"`;
}

/** Checks one reference against the disk, relative to `base` (the spec's directory). */
export function resolveRef(ref: SpecRef, base: string): RefProblem {
  switch (ref._ref) {
    case "file":
      return isFile(resolve(base, ref.path)) ? undefined : `file ${ref.path} does not exist`;
    case "dir":
      return isDir(resolve(base, ref.path)) ? undefined : `directory ${ref.path} does not exist`;
    case "glob":
      return globSync([ref.pattern], { cwd: base, dot: true, ignore: ["**/node_modules/**", "**/.git/**"] })
        .length > 0
        ? undefined
        : `glob ${ref.pattern} matches nothing`;
    case "cmd":
      return checkCommand(ref.command, base);
    case "symbol":
      return checkSymbol(ref.file, ref.name, base);
  }
}
