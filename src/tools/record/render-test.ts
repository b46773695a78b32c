/**
 * Writes the harness test a recorded session becomes: the prompts, the model's turns served by the
 * mock, the project copied whole as it is at test time (`project`: modes, symlinks, binaries), the
 * files the session read, and
 * assertions of what was observed (the main agent's tool sequence, the hook fires with their exit
 * codes, the calls a hook denied, the files written). What cannot be replayed is listed at the top of the file.
 */
import { isAbsolute, relative } from "node:path";
import type { RecordedSession } from "../../core/record/recorded-session.js";

export interface RenderInput {
  readonly session: RecordedSession;
  readonly prompts: readonly string[];
  readonly transcript: string;
  /** The project root relative to the test file's folder. */
  readonly projectFromTest: string;
  /** Files the session read that still exist: relative path -> content. */
  readonly fixtures: Readonly<Record<string, string>>;
  /** Files the session wrote, relative to the project. */
  readonly written: readonly string[];
}

const js = (v: unknown) => JSON.stringify(v, null, 2);

/**
 * The files the session read, as written over the copied project: its harness (`.claude/`) is left
 * to the project as it is at test time, so a changed hook shows in the replay.
 */
function sessionFixtures(fixtures: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(fixtures).filter(([rel]) => !rel.startsWith(".claude/")));
}

/** The hook assertions: the exact fires when the transcript lists them all, else each kept fire must recur. */
function hookAssertions(session: RecordedSession): string[] {
  if (session.hookEvidence === "complete") {
    const hooks = session.hooks.map((h) => `${h.name}:${h.exitCode}`).sort();
    return [
      `  const expectedHooks = ${js(hooks)};`,
      "  const firedHooks = (r.hooks ?? []).map((h) => `${h.name}:${h.exitCode}`).sort();",
      "  if (JSON.stringify(firedHooks) !== JSON.stringify(expectedHooks)) {",
      "    throw new Error(`hook fires changed: recorded ${JSON.stringify(expectedHooks)}, replay ${JSON.stringify(firedHooks)}`);",
      "  }",
    ];
  }
  const kept = session.hooks.map((h) => ({
    name: h.name,
    ...(h.exitCode !== null ? { exitCode: h.exitCode } : {}),
    ...(h.blocked !== undefined ? { blocked: h.blocked } : {}),
  }));
  return [
    "  // The transcript kept only the fires that said something (a quiet exit 0 leaves no line), so each",
    "  // kept fire must recur in the replay; the replay may fire more.",
    `  const keptHooks = ${js(kept).replace(/\n/g, "\n  ")};`,
    "  const unmatched = [...(r.hooks ?? [])];",
    "  for (const want of keptHooks) {",
    "    const i = unmatched.findIndex(",
    "      (h) =>",
    "        h.name === want.name &&",
    "        (want.exitCode === undefined || h.exitCode === want.exitCode) &&",
    "        (want.blocked === undefined || h.blocked === want.blocked),",
    "    );",
    "    if (i < 0) {",
    '      const fired = (r.hooks ?? []).map((h) => `${h.name}:${h.exitCode}${h.blocked ? " (blocked)" : ""}`);',
    "      throw new Error(`hook fires changed: the session saw ${JSON.stringify(want)}, the replay fired ${JSON.stringify(fired)}`);",
    "    }",
    "    unmatched.splice(i, 1);",
    "  }",
  ];
}

export function renderRecordedTest(input: RenderInput): string {
  const { session } = input;
  const notes =
    session.unreproducible.length > 0
      ? session.unreproducible.map((u) => `//   - ${u}`)
      : ["//   nothing: every turn is replayed"];
  const denied = session.denials.map((d) => d.index);
  return [
    `// Recorded by \`vigiles record\` from ${input.transcript}${session.claudeCodeVersion ? ` (Claude Code ${session.claudeCodeVersion})` : ""}.`,
    "// It replays the session through the real CLI with the recorded model turns served by a mock:",
    "// free and deterministic. The harness under test (.claude/settings.json, the hook scripts with",
    "// their file modes, plugins) is the project as it is when the test runs (copied whole through",
    "// `project`), so a change to it shows.",
    "// Not reproduced:",
    ...notes,
    'import { fileURLToPath } from "node:url";',
    'import { assertToolSequence, claudeAvailable, readProjectHarness, runHarnessTest, skip } from "vigiles";',
    'import { scriptModel } from "vigiles/claude-code";',
    "",
    'if (!claudeAvailable()) skip("Claude Code is not installed");',
    `const project = fileURLToPath(new URL(${js(`${input.projectFromTest}/`)}, import.meta.url));`,
    "// Plugins found in the project load from where they lie; the project itself is copied as it is.",
    "const { plugins } = readProjectHarness(project);",
    `const turns = ${js(session.turns)};`,
    `const agents = ${js(session.agents)};`,
    "",
    "const r = await runHarnessTest({",
    `  prompt: ${js(input.prompts.length === 1 ? input.prompts[0] : input.prompts)},`,
    "  model: scriptModel(turns, { agents }),",
    "  project,",
    `  files: ${js(sessionFixtures(input.fixtures)).replace(/\n/g, "\n  ")},`,
    "  plugins,",
    "  transcript: true,",
    "});",
    "try {",
    `  assertToolSequence(r, ${js(session.toolSequence)});`,
    "  // The calls refused before they ran (by position in the main agent's calls), and only those.",
    `  const deniedCalls = ${js(denied)};`,
    "  r.toolCalls",
    "    .filter((c) => c.parentId === undefined)",
    "    .forEach((c, i) => {",
    "      const denied = c.result?.denied === true;",
    "      if (denied !== deniedCalls.includes(i)) {",
    '        throw new Error(`${c.name} call #${i + 1} was ${deniedCalls.includes(i) ? "denied" : "let through"} in the session; the replay ${denied ? "denied" : "let it through"}`);',
    "      }",
    "    });",
    ...hookAssertions(session),
    `  for (const path of ${js(input.written)}) {`,
    "    if (r.file(path) === null) throw new Error(`the session wrote ${path}; the replay did not`);",
    "  }",
    `  console.log(\`replayed ${session.turns.length} turns: ${session.toolSequence.length} tool calls, ${denied.length} denied, ${session.hooks.length} hook fires as recorded\`);`,
    "} finally {",
    "  r.cleanup();",
    "}",
    "",
  ].join("\n");
}

/** A recorded absolute path as a path relative to the session's cwd, or undefined when outside it. */
export function relativeToSession(path: string, cwd: string | undefined): string | undefined {
  if (!isAbsolute(path)) return path;
  if (cwd === undefined) return undefined;
  const rel = relative(cwd, path);
  return rel.startsWith("..") || isAbsolute(rel) ? undefined : rel;
}
