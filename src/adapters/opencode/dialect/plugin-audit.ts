/**
 * The static checks of an OpenCode plugin file (`.opencode/plugin/*.{ts,js}`), measured on 1.18.33:
 * a plugin OpenCode cannot load is dropped with nothing printed, so a syntax error (a `.js` plugin,
 * parsed as a module) or an import of a relative file that is not there is reported as a plugin that
 * will not load. A plugin whose only tool hook is `tool.execute.after` and that records something
 * there is warned about the after-hook gap. What only loading shows (a throw at the top level or in
 * the plugin function) is for the in-process runner (run-plugin-hook.ts) and the harness run.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse } from "acorn";
import type { LintFinding } from "../../../core/audit/types.js";
import {
  openCodeAfterHookGapRule,
  openCodeHookReturnIgnoredRule,
  openCodePluginWillNotLoadRule,
} from "./audit-rules.js";
import { returnedAnswers } from "./hook-returns.js";

export interface PluginFileInput {
  /** Absolute path of the plugin file. */
  readonly path: string;
  /** The path findings name. */
  readonly file: string;
  readonly text: string;
}

/** Specifiers of static imports, re-exports and literal dynamic imports (a regex over TS, where acorn cannot parse). */
const IMPORT_SPECIFIER =
  /(?:\bimport\s[^'"`;]*?\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bexport\s[^'"`;]*?\bfrom\s*)(['"])([^'"]+)\1/g;

export function importSpecifiers(text: string): string[] {
  // `import type` is erased before the module runs.
  return [...text.matchAll(IMPORT_SPECIFIER)]
    .filter((m) => !/^import\s+type\s/.test(m[0]) && !/^export\s+type\s/.test(m[0]))
    .map((m) => m[2] ?? "");
}

/** Whether a relative specifier resolves from `dir` the way Bun would (the file, or it with an extension or index). */
function relativeResolves(dir: string, spec: string): boolean {
  const base = join(dir, spec);
  const candidates = [
    base,
    ...[".ts", ".js", ".mjs", ".mts", ".tsx", ".jsx", ".json"].map((e) => `${base}${e}`),
  ];
  candidates.push(...["index.ts", "index.js"].map((i) => join(base, i)));
  // `./x.js` written for a TypeScript `./x.ts` (Bun maps it).
  if (/\.js$/.test(spec)) candidates.push(base.replace(/\.js$/, ".ts"));
  return candidates.some((c) => existsSync(c));
}

function syntaxFinding(input: PluginFileInput): LintFinding | undefined {
  if (!input.path.endsWith(".js")) return undefined;
  try {
    parse(input.text, {
      ecmaVersion: "latest",
      sourceType: "module",
      allowHashBang: true,
      allowAwaitOutsideFunction: true,
    });
    return undefined;
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    return {
      ruleId: openCodePluginWillNotLoadRule.id,
      severity: openCodePluginWillNotLoadRule.severity,
      message: `This plugin does not parse (${error instanceof Error ? error.message : String(error)}): OpenCode drops it without a word, and every hook it declares is gone.`,
      file: input.file,
      ...(loc !== undefined ? { range: { line: loc.line, column: loc.column + 1 } } : {}),
      fix: openCodePluginWillNotLoadRule.fix,
    };
  }
}

function missingImportFindings(input: PluginFileInput): LintFinding[] {
  const dir = dirname(input.path);
  return importSpecifiers(input.text)
    .filter((spec) => (spec.startsWith("./") || spec.startsWith("../")) && !relativeResolves(dir, spec))
    .map((spec) => ({
      ruleId: openCodePluginWillNotLoadRule.id,
      severity: openCodePluginWillNotLoadRule.severity,
      message: `This plugin imports ${JSON.stringify(spec)}, which is not there: the import fails, and OpenCode drops the plugin without a word.`,
      file: input.file,
      fix: `Add ${spec} beside the plugin, or fix the path.`,
    }));
}

function afterGapFinding(input: PluginFileInput): LintFinding | undefined {
  const after = input.text.includes("tool.execute.after");
  const before = input.text.includes("tool.execute.before");
  if (!after || before || !/append|writeFile|\blog\b|audit|record/i.test(input.text)) return undefined;
  return {
    ruleId: openCodeAfterHookGapRule.id,
    severity: openCodeAfterHookGapRule.severity,
    message:
      "This plugin records tool calls in tool.execute.after only: OpenCode never calls it for a call another plugin's before-hook blocked, nor for a tool that failed by itself, so the record misses exactly those.",
    file: input.file,
    fix: openCodeAfterHookGapRule.fix,
  };
}

/** What changing the output does on an event, for the finding's fix. */
function howToAnswer(event: string): string {
  if (event === "tool.execute.before")
    return "Throw an Error to block the call, or set output.args.<field> to change what runs.";
  if (event === "tool.execute.after")
    return "Set output.output (or output.title, output.metadata) to change what the model gets.";
  return "Change the output argument in place.";
}

function returnFindings(input: PluginFileInput): LintFinding[] {
  return returnedAnswers(input.text).map((r) => ({
    ruleId: openCodeHookReturnIgnoredRule.id,
    severity: openCodeHookReturnIgnoredRule.severity,
    message: `This plugin's ${JSON.stringify(r.event)} hook returns ${r.value.replace(/;$/, "")} and neither changes its output argument nor throws: OpenCode drops a hook's return value, so this answer does nothing.`,
    file: input.file,
    range: { line: r.line, column: 1 },
    fix: howToAnswer(r.event),
  }));
}

/** The findings of one plugin file. */
export function checkOpenCodePlugin(input: PluginFileInput): LintFinding[] {
  return [
    syntaxFinding(input),
    ...missingImportFindings(input),
    afterGapFinding(input),
    ...returnFindings(input),
  ].filter((f): f is LintFinding => f !== undefined);
}
