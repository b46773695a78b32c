/**
 * The starter test `vigiles init` writes for an OpenCode project's plugins: for each plugin that
 * declares a `tool.execute.before` guard, a check that it loads (OpenCode 1.18.33 drops a plugin
 * that fails to load without a word, so a guard can be gone while every run exits 0) and that its
 * guard runs on a suspect call, both run now; and the verdict checks (blocks the suspect call,
 * lets an everyday one through), skipped until the user says what the guard is for. Each runs the
 * plugin in process with runOpenCodePluginHook. A TypeScript plugin is for a harness test (Node
 * does not load it): its checks are written skipped, saying so.
 */
import { readFileSync } from "node:fs";
import type { CodeHookModule, CodeHookStarterInput } from "../code-hook-port.js";

const js = (value: unknown) => JSON.stringify(value);
const BEFORE = "tool.execute.before";

/** A suspect call and an everyday one for the tool the plugin's source names first. */
function examplesFor(text: string): { suspect: [string, object]; everyday: [string, object] } {
  const names = (tool: string) => new RegExp(`["'\`]${tool}["'\`]`).test(text);
  if (!names("bash") && (names("read") || names("write") || names("edit") || /\.env\b/.test(text)))
    return { suspect: ["Read", { file_path: ".env" }], everyday: ["Read", { file_path: "README.md" }] };
  return { suspect: ["Bash", { command: "rm -rf ~" }], everyday: ["Bash", { command: "ls" }] };
}

function sourceOf(module: CodeHookModule): string {
  try {
    return readFileSync(module.path, "utf8");
  } catch {
    return "";
  }
}

function checksOf(module: CodeHookModule, text: string, timeout: string): string[] {
  const typescript = /\.m?ts$/.test(module.file);
  const { suspect, everyday } = examplesFor(text);
  const runs = typescript ? "test.skip" : "test";
  const call = (example: [string, object]) =>
    `guard(${js(module.file)}, ${js(example[0])}, ${js(example[1])})`;
  return [
    ...(typescript
      ? [`// ${module.file} is TypeScript: Node cannot load it. Test it with runHarnessTest instead.`]
      : []),
    `${runs}(${js(`${module.file} loads`)}, async () => {`,
    `  await ${call(everyday)};`,
    `}${timeout});`,
    `${runs}(${js(`${module.file}: ${BEFORE} runs on ${suspect[0]} ${JSON.stringify(suspect[1])}`)}, async () => {`,
    `  const run = await ${call(suspect)};`,
    `  if (run.calls.length === 0) throw new Error("its ${BEFORE} hook was not called");`,
    `}${timeout});`,
    `// Fill in: should it block this call? Then change test.skip to test.`,
    `test.skip(${js(`${module.file} blocks ${suspect[0]} ${JSON.stringify(suspect[1])}`)}, async () => {`,
    `  const run = await ${call(suspect)};`,
    `  if (!run.decision.blocked) throw new Error("the call was let through");`,
    `}${timeout});`,
    `// Fill in: should it let this through? Then change test.skip to test.`,
    `test.skip(${js(`${module.file} allows ${everyday[0]} ${JSON.stringify(everyday[1])}`)}, async () => {`,
    `  const run = await ${call(everyday)};`,
    "  if (run.decision.blocked) throw new Error(`blocked: ${run.decision.reason}`);",
    `}${timeout});`,
    "",
  ];
}

/** The starter file's text, or undefined when no plugin declares a before-guard. */
export function openCodePluginStarter(input: CodeHookStarterInput): string | undefined {
  const guards = input.modules.filter((m) => m.hooks.some((h) => h.event === BEFORE));
  if (guards.length === 0) return undefined;
  return [
    "// Starter test written by `vigiles init` for this project's OpenCode plugins.",
    `// ${input.runWith} Each plugin is loaded in process and its ${BEFORE} hook called on one`,
    "// call, as OpenCode 1.18.33 does. Out of the box it passes or skips: the load and call checks run",
    "// (OpenCode drops a plugin that fails to load without a word); the verdict checks are skipped",
    "// until you say what each guard is for.",
    'import { fileURLToPath } from "node:url";',
    ...(input.testImport !== undefined ? [input.testImport] : ['import { test } from "vigiles";']),
    'import { runOpenCodePluginHook } from "vigiles/opencode";',
    "",
    `const projectDir = fileURLToPath(new URL(${js(input.toRoot)}, import.meta.url));`,
    "/** Calls the plugin's guard on one call; fails when OpenCode would not load the plugin. */",
    "async function guard(plugin, tool, args) {",
    "  const run = await runOpenCodePluginHook({ plugin: projectDir + plugin, tool, args, directory: projectDir });",
    "  if (!run.loaded) throw new Error(`${plugin}: ${run.loadError}`);",
    "  return run;",
    "}",
    "",
    ...guards.flatMap((m) => checksOf(m, sourceOf(m), input.timeout)),
  ].join("\n");
}
