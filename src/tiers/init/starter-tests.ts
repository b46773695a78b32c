/**
 * The starter tests `vigiles init` writes: for each command hook, a harness file that runs it
 * through the hook protocol with one example it should block and one it should allow (guards on
 * tool events), or a contract check (other events); for each skill, a trigger-rate eval skeleton
 * with prompts derived from its description. They run as they are and pass or fail honestly: an
 * example a guard does not block fails, with a message that says to edit the example or the guard.
 */
import { relative } from "node:path";
import { derivePromptsFromDescription } from "../../core/triggering/derive-prompts.js";
import type { FoundHook, FoundSkill } from "./discover.js";

export interface StarterFile {
  /** Relative to the output folder. */
  readonly name: string;
  readonly text: string;
}

const js = (value: unknown) => JSON.stringify(value, null, 2);
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40) || "hook";

/** An example tool call for a matcher: what a guard on that tool is most likely there to stop. */
function examplesFor(matcher: string | undefined): { deny: unknown; allow: unknown } | undefined {
  const m = matcher ?? "";
  if (m === "" || m === "*" || /\bBash\b/.test(m)) {
    return {
      deny: { tool_name: "Bash", tool_input: { command: "git push --force origin main" } },
      allow: { tool_name: "Bash", tool_input: { command: "git status" } },
    };
  }
  if (/\b(Edit|Write|MultiEdit)\b/.test(m)) {
    const tool = /\bWrite\b/.test(m) ? "Write" : "Edit";
    const input = (file: string) =>
      tool === "Write"
        ? { file_path: file, content: "x" }
        : { file_path: file, old_string: "a", new_string: "b" };
    return {
      deny: { tool_name: tool, tool_input: input(".env") },
      allow: { tool_name: tool, tool_input: input("src/index.ts") },
    };
  }
  return undefined;
}

export function hookStarter(hook: FoundHook, index: number, outDir: string, root: string): StarterFile {
  const toRoot = relative(outDir, root) || ".";
  const where = `${hook.file}, ${hook.event}${hook.group.matcher ? ` matcher ${JSON.stringify(hook.group.matcher)}` : ""}`;
  const name = `${String(index + 1).padStart(2, "0")}-${slug(`${hook.event}-${hook.group.matcher ?? "all"}`)}.harness.mjs`;
  const pluginRoot = hook.pluginRoot
    ? `, pluginRoot: new URL(${js(`${toRoot}/${relative(root, hook.pluginRoot) || "."}/`)}, import.meta.url).pathname`
    : "";
  const header = [
    `// Starter test written by \`vigiles init\` for the hook registered in ${where}.`,
    "// Run it with `npx vigiles test`. It runs the hook as Claude Code would (the event on stdin,",
    "// the answer folded by the harness's rules). Edit the examples to what this hook is for.",
    'import { fileURLToPath } from "node:url";',
  ];
  const registration = `const registration = ${js(hook.group)};`;
  const root_ = `const projectDir = fileURLToPath(new URL(${js(`${toRoot}/`)}, import.meta.url));`;
  const examples = hook.event === "PreToolUse" ? examplesFor(hook.group.matcher) : undefined;
  if (examples) {
    return {
      name,
      text: [
        ...header,
        'import { runHook, assertHookBlocked, assertHookAllowed } from "vigiles";',
        "",
        registration,
        root_,
        `const run = (event) => runHook({ registration${pluginRoot} }, { hook_event_name: "PreToolUse", ...event }, { projectDir, cwd: projectDir });`,
        "",
        "// A call this guard should block. If it does not, the test fails: change the example, or the guard.",
        `const denied = run(${js(examples.deny)});`,
        "assertHookBlocked(denied);",
        "// A call it should let through.",
        `assertHookAllowed(run(${js(examples.allow)}));`,
        `console.log(\`${hook.event} guard blocks the example (\${denied.decidedBy}) and allows the other\`);`,
        "",
      ].join("\n"),
    };
  }
  return {
    name,
    text: [
      ...header,
      'import { runHook } from "vigiles";',
      "",
      registration,
      root_,
      `const r = runHook({ registration${pluginRoot} }, { hook_event_name: ${js(hook.event)} }, { projectDir, cwd: projectDir });`,
      "// Every way a hook fails open: a crash, a timeout, an answer outside the contract.",
      "if (r.timedOut) throw new Error(`the hook ran past its timeout`);",
      'if (r.decision === "invalid") throw new Error(`the hook answered outside the contract: ${r.invalidReason}`);',
      "if (r.exitCode !== 0 && r.exitCode !== 2) throw new Error(`the hook failed (exit ${r.exitCode}): ${r.stderr}`);",
      `console.log(\`${hook.event} hook answers within the contract (\${r.decision})\`);`,
      "",
    ].join("\n"),
  };
}

export function skillStarter(skill: FoundSkill): StarterFile {
  const prompts = derivePromptsFromDescription(skill.description, { max: 10 });
  const source =
    "pluginDir" in skill.source
      ? `pluginDir: ${js(skill.source.pluginDir)}`
      : `skillsDir: ${js(skill.source.skillsDir)}`;
  return {
    name: `${slug(skill.id)}.eval.mjs`,
    text: [
      `// Trigger-rate eval skeleton written by \`vigiles init\` for the skill ${skill.id}.`,
      "// It calls a real model (paid): run it with `npx vigiles eval <this file>`. The diversity gate",
      "// wants at least 10 distinct prompts; these were derived from the description: replace them",
      "// with what your users really type, and add prompts that must NOT fire the skill.",
      'import { defineEval, skillResolved } from "vigiles";',
      "",
      "export default defineEval({",
      "  measureTriggerRate: {",
      `    name: ${js(`${slug(skill.id)}-trigger`)},`,
      `    ${source},`,
      `    prompts: ${js(prompts).replace(/\n/g, "\n    ")},`,
      "    irrelevantPrompts: [],",
      `    fired: (t) => skillResolved(t, ${js(skill.id)}),`,
      "    stubSkillBodies: true,",
      "    trials: 2,",
      "  },",
      "  assert: (report) => {",
      '    if (report.n === 0) throw new Error("no runs executed");',
      "  },",
      "});",
      "",
    ].join("\n"),
  };
}
