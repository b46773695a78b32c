/**
 * The starter tests `vigiles init` writes: for each command hook, a test file (a harness file for
 * `vigiles test`, or a vitest or jest file) that sends the hook events derived from its matcher and
 * source; for each skill, a trigger-rate eval skeleton with prompts derived from its description.
 * Out of the box they pass or skip, never fail on a guess: the contract tests run (a hook that
 * crashes or times out on the example is broken, and fails), and the verdict tests (blocks this,
 * allows that) are `test.skip` until the user says what the hook is for.
 */
import { relative } from "node:path";
import { dialectOf } from "../../adapters/registry.js";
import { claudeEventName, dialectEventRules, type HarnessId, type HookDialect } from "../../core/dialect.js";
import type { EventRules } from "../../core/hook-decision/event-rules.js";
import { isToolEventOf } from "../../core/hook-config/dialect-matcher.js";
import type { FoundHook } from "./discover.js";
import { deriveHookExamples } from "./example-events.js";
import { programsNeeded, readHookSource } from "./hook-source.js";
import { selectedExamples } from "./selected-examples.js";
import type { StarterRunner } from "./project-runner.js";
import { HARNESSES } from "../../adapters/registry.js";

export interface StarterFile {
  /** Relative to the output folder. */
  readonly name: string;
  readonly text: string;
}

const js = (value: unknown) => JSON.stringify(value, null, 2);
export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40) || "hook";

/** The harness a found hook belongs to: discover.ts tags each one; an untagged one (built by hand) is Claude Code's. */
const harnessOf = (hook: FoundHook): HarnessId =>
  (hook as { readonly harness?: HarnessId }).harness ?? "claude-code";

/** Where each runner finds the test functions, and what a per-test timeout argument looks like. */
const RUNNER: Record<
  StarterRunner,
  { readonly imports: string; readonly timeout: string; readonly suffix: string }
> = {
  vigiles: { imports: 'import { test } from "vigiles";', timeout: "", suffix: ".harness.mjs" },
  vitest: { imports: 'import { test } from "vitest";', timeout: ", 120_000", suffix: ".vigiles.test.mjs" },
  jest: {
    imports: 'import { test } from "@jest/globals";',
    timeout: ", 120_000",
    suffix: ".vigiles.test.mjs",
  },
};

const RUN_WITH: Record<StarterRunner, string> = {
  vigiles: "Run it with `npx vigiles test`.",
  vitest: "Run it with `npx vitest run` (it is a vitest test file).",
  jest: "Run it with `NODE_OPTIONS=--experimental-vm-modules npx jest` (an ES module test file).",
};

const PATH_KEYS = new Set(["file_path", "notebook_path", "path"]);
const PATH_MARK = "@@vigiles-path@@";

/**
 * An event as code: paths become `at("…")`, under the project as Claude Code sends them (absolute),
 * or in a scratch folder for a PostToolUse hook, which may act on the file it is told was written.
 */
function eventCode(event: Readonly<Record<string, unknown>>): string {
  const text = JSON.stringify(
    event,
    (key, value: unknown) =>
      PATH_KEYS.has(key) && typeof value === "string" ? `${PATH_MARK}${value}` : value,
    2,
  );
  return text.replace(new RegExp(`"${PATH_MARK}([^"]*)"`, "g"), (_, p: string) => `at(${JSON.stringify(p)})`);
}

/** One starter per registered hook: contract tests that run now, verdict tests the user turns on. */
export function hookStarter(
  hook: FoundHook,
  index: number,
  outDir: string,
  root: string,
  runner: StarterRunner = "vigiles",
): StarterFile {
  const toRoot = relative(outDir, root) || ".";
  const matcher = hook.group.matcher;
  const where = `${hook.file}, ${hook.event}${matcher ? ` matcher ${JSON.stringify(matcher)}` : ""}`;
  const harness = harnessOf(hook);
  const dialect = dialectOf(harness);
  const rules = dialectEventRules(dialect, hook.event);
  const { suffix, imports, timeout } = RUNNER[runner];
  // The harness first: a repository whose plugin runs under several harnesses gets one file each.
  const name = `${harness}-${String(index + 1).padStart(2, "0")}-${slug(`${hook.event}-${matcher ?? "all"}`)}${suffix}`;
  const pluginRoot = hook.pluginRoot
    ? `, pluginRoot: fileURLToPath(new URL(${js(`${toRoot}/${relative(root, hook.pluginRoot) || "."}/`)}, import.meta.url))`
    : "";
  const source = readHookSource(hook.group, root, hook.pluginRoot);
  const programs = programsNeeded(hook.group, source.shell);
  // Written in Claude Code's shape; runHook sends each harness its own payload.
  const examples = selectedExamples(
    hook.group,
    hook.event,
    deriveHookExamples(hook.event, matcher, source.text, dialect),
    root,
    harness,
  );
  const scratch = claudeEventName(dialect, hook.event).startsWith("PostToolUse");
  const lines = [
    `// Starter test written by \`vigiles init\` for the hook registered in ${where}.`,
    `// ${RUN_WITH[runner]} It runs the hook as ${dialect.displayName} would (the event on`,
    "// stdin, the answer folded by the harness's rules). Out of the box it passes or skips: the",
    "// contract tests run now (no crash, no timeout, an answer the harness reads); the verdict tests",
    "// are skipped until you say what the hook should do with each example (see `Fill in` below).",
    'import { spawnSync } from "node:child_process";',
    ...(scratch
      ? [
          'import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";',
          'import { tmpdir } from "node:os";',
          'import { dirname, join } from "node:path";',
        ]
      : ['import { isAbsolute, join } from "node:path";']),
    'import { fileURLToPath } from "node:url";',
    ...(runner === "vigiles"
      ? ['import { test, runHook, assertHookBlocked, assertHookAllowed } from "vigiles";']
      : [imports, 'import { runHook, assertHookBlocked, assertHookAllowed } from "vigiles";']),
    "",
    `const registration = ${js(hook.group)};`,
    `const projectDir = fileURLToPath(new URL(${js(`${toRoot}/`)}, import.meta.url));`,
    `const run = (event) => runHook({ registration${pluginRoot} }, event, { projectDir, cwd: projectDir, harness: ${js(harness)} });`,
    ...(scratch
      ? [
          "// A PostToolUse hook may act on the file it is told was written (format it, lint it): it gets",
          "// a scratch copy, never a file of yours.",
          'const scratchDir = mkdtempSync(join(tmpdir(), "vigiles-starter-"));',
          'process.on("exit", () => rmSync(scratchDir, { recursive: true, force: true }));',
          "const at = (path) => {",
          '  const file = join(scratchDir, path.replace(/^\\/+/, ""));',
          "  mkdirSync(dirname(file), { recursive: true });",
          '  writeFileSync(file, "export const example = 1;\\n");',
          "  return file;",
          "};",
        ]
      : [
          "// The harness sends absolute paths.",
          "const at = (path) => (isAbsolute(path) ? path : join(projectDir, path));",
        ]),
    "",
    "// Every failure names the event that was sent.",
    "function send(event, check) {",
    "  const result = run(event);",
    "  try {",
    "    check(result);",
    "  } catch (error) {",
    "    if (error instanceof Error) error.message += `\\n  event sent: ${JSON.stringify(event)}`;",
    "    throw error;",
    "  }",
    "}",
    "// Every way a hook fails open: a crash, a timeout, an answer outside the contract.",
    "function withinContract(result) {",
    "  if (result.selected === false) throw new Error(`nothing ran: ${result.hookError}`);",
    "  // Each handler on its own: several run in parallel and their decisions combine.",
    "  for (const r of result.runs ?? [result]) {",
    '    if (r.timedOut) throw new Error("the hook ran past its timeout");',
    '    if (r.decision === "invalid") throw new Error(`the hook answered outside the contract: ${r.invalidReason}`);',
    "    if (r.exitCode !== 0 && r.exitCode !== 2) throw new Error(`the hook failed (exit ${r.exitCode}): ${r.stderr}`);",
    "  }",
    "}",
    `// Programs the hook calls; where one is missing here the tests skip and say which.`,
    `const missing = ${js(programs)}.filter((p) => spawnSync("sh", ["-c", 'command -v "$0"', p]).status !== 0);`,
    "const runs = missing.length === 0 ? test : test.skip;",
    'const needs = missing.length === 0 ? "" : ` (skipped: needs ${missing.join(", ")}, not on PATH)`;',
    "",
  ];
  if ("unknown" in examples) {
    lines.push(
      `// Fill in: ${examples.unknown}; then change test.skip to test and pick the assertion.`,
      `const example = ${js({ hook_event_name: hook.event })};`,
      // The skip line says why, not only "test.skip".
      `test.skip(${js(`${hook.event} hook: answers the event within the contract (no example: ${examples.unknown.split(":")[0]})`)}, () => {`,
      "  send(example, withinContract);",
      ...(canBlock(rules)
        ? ["  // send(example, assertHookBlocked); or send(example, assertHookAllowed);"]
        : []),
      `}${timeout});`,
      "",
    );
    return { name, text: lines.join("\n") };
  }
  const label = (e: { readonly label: string }) => e.label;
  lines.push(
    `// Derived from ${examples.derivedFrom}${source.files.length > 0 ? ` (read ${source.files.map((f) => relative(root, f) || f).join(", ")})` : ""}.`,
    `const suspect = ${eventCode(examples.suspect.event)};`,
    ...(examples.everyday ? [`const everyday = ${eventCode(examples.everyday.event)};`] : []),
    "",
    `runs(${js(`${hook.event} hook answers ${label(examples.suspect)} within the contract`)} + needs, () => {`,
    `  send(suspect, ${isContextHook(dialect, hook.event, rules) ? "(r) => (withinContract(r), showContext(r))" : "withinContract"});`,
    `}${timeout});`,
  );
  if (examples.everyday)
    lines.push(
      `runs(${js(`${hook.event} hook answers ${label(examples.everyday)} within the contract`)} + needs, () => {`,
      "  send(everyday, withinContract);",
      `}${timeout});`,
    );
  lines.push("", ...contextTests(hook.event, dialect, rules, timeout));
  if (!canBlock(rules)) {
    lines.push(
      `// ${dialect.displayName} does not let a ${hook.event} hook block anything (exit 2 and a deny are not`,
      "// honoured there), so there is no verdict to test: test what it adds or does instead.",
      "",
    );
    return { name, text: lines.join("\n") };
  }
  lines.push(
    `// Fill in: should this hook block ${label(examples.suspect)}? If it should, change test.skip to test;`,
    "// if it should let it through, use assertHookAllowed. Or change the event to one it is there to stop.",
    `test.skip(${js(`${hook.event} hook blocks ${label(examples.suspect)}`)}, () => {`,
    "  send(suspect, assertHookBlocked);",
    `}${timeout});`,
  );
  if (examples.everyday)
    lines.push(
      `// Fill in: should it let ${label(examples.everyday)} through? Then change test.skip to test.`,
      `test.skip(${js(`${hook.event} hook allows ${label(examples.everyday)}`)}, () => {`,
      "  send(everyday, assertHookAllowed);",
      `}${timeout});`,
    );
  lines.push("");
  return { name, text: lines.join("\n") };
}

/**
 * One starter per harness whose hooks are code (the registry's `codeHooks`: OpenCode's plugins) and
 * that has modules with a guard here: the harness writes the checks, in this runner's words.
 */
export function codeHookStarters(
  root: string,
  outDir: string,
  runner: StarterRunner = "vigiles",
): StarterFile[] {
  const { suffix, imports, timeout } = RUNNER[runner];
  return HARNESSES.flatMap((harness) => {
    const modules = harness.codeHooks?.list(root) ?? [];
    if (harness.codeHooks === undefined || modules.length === 0) return [];
    const text = harness.codeHooks.starter({
      modules,
      toRoot: `${relative(outDir, root) || "."}/`,
      ...(runner !== "vigiles" ? { testImport: imports } : {}),
      timeout,
      runWith: RUN_WITH[runner],
    });
    return text === undefined ? [] : [{ name: `${harness.id}-plugins${suffix}`, text }];
  });
}

/** Whether a hook can stop anything on this event (a deny, exit 2, a block decision, continue:false). */
function canBlock(rules: EventRules | undefined): boolean {
  if (rules === undefined) return true;
  return (
    rules.exit2Blocks ||
    rules.legacyDecision ||
    rules.permissionDecision ||
    rules.permissionRequest ||
    rules.continueFalseBlocks
  );
}

/**
 * A context hook: on an event that is no tool call (SessionStart, UserPromptSubmit), what it prints
 * reaches the model (additionalContext, or plain stdout), and adding it is the hook's job. A tool
 * event's hook may add context too, but its job is the verdict.
 */
const isContextHook = (dialect: HookDialect, event: string, rules: EventRules | undefined): boolean =>
  rules !== undefined &&
  !rules.outputIgnored &&
  (rules.additionalContext || rules.plainTextIsContext) &&
  !isToolEventOf(dialect, event);

/**
 * For an event whose output reaches the model (SessionStart, UserPromptSubmit): how the starter reads
 * the context, a line that shows it under the contract test (`vigiles test --verbose`), and a test of
 * its words for the user to fill in: adding context is what such a hook is for.
 */
function contextTests(
  event: string,
  dialect: HookDialect,
  rules: EventRules | undefined,
  timeout: string,
): string[] {
  if (!isContextHook(dialect, event, rules)) return [];
  return [
    `// What reaches the model on ${event} in ${dialect.displayName}: hookSpecificOutput.additionalContext${rules?.plainTextIsContext ? ", or plain stdout on exit 0" : ""}.`,
    `const contextOf = (r) => r.additionalContext ?? ${rules?.plainTextIsContext ? 'r.plainText ?? ""' : '""'};`,
    "function showContext(r) {",
    "  const context = contextOf(r);",
    '  console.log(`context added: ${context.length} characters${context ? `, first line: ${context.split("\\n")[0]}` : ""}`);',
    "}",
    "// Fill in: words the model must get from this hook (run with --verbose to see what it adds now);",
    "// then change test.skip to test.",
    'const mustSay = "FILL IN";',
    `test.skip(${js(`${event} hook adds the context the model needs`)}, () => {`,
    "  send(suspect, (r) => {",
    "    const context = contextOf(r);",
    "    if (!context.includes(mustSay))",
    "      throw new Error(`the context does not say ${JSON.stringify(mustSay)}: ${JSON.stringify(context.slice(0, 300))}`);",
    "  });",
    `}${timeout});`,
    "",
  ];
}
