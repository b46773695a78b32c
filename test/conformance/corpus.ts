/**
 * The conformance corpus, generated from small tables: for each harness, hook registrations in its
 * own config format (matchers of every kind on its own tool names, SessionStart sources, lifecycle
 * events, environment variables in commands) and hook answers (outputs.ts), each with the event the
 * real run produces. A case id is stable (`<harness>/<group>/<slug>`): the exceptions table and the
 * sample name cases by it.
 */
import {
  formOf,
  HARNESS_FORMS,
  type ConformanceHarness,
  type EntryShape,
  type EventRole,
  type HarnessForm,
  type ScriptedTool,
} from "./harness-forms.js";
import { OUTPUTS, type OutputSpec } from "./outputs.js";

export type CaseKind = "fires" | "decision";

export interface ConformanceCase {
  readonly id: string;
  readonly harness: ConformanceHarness;
  readonly kind: CaseKind;
  /** What the case covers, for the report: matcher, source, lifecycle, env, verdict. */
  readonly topic: "matcher" | "source" | "lifecycle" | "env" | "verdict";
  readonly role: EventRole;
  /** The harness's name of the event the hook is registered for. */
  readonly event: string;
  /** The scripted call of the real run (every run makes one). */
  readonly tool: ScriptedTool;
  /** Undefined: no matcher key. */
  readonly matcher: string | undefined;
  readonly shape: EntryShape;
  /** A word unique in the harness's corpus, in the command: the hook appends it to fired.log. */
  readonly tag: string;
  /** The command as registered. */
  readonly command: string;
  /** Decision cases: the hook script (its file is `hooks/<tag>.sh`). */
  readonly script?: string;
  readonly output?: string;
  /** Cases that may make a harness refuse its whole config (an invalid regex) run in a batch of their own. */
  readonly isolate?: string;
}

/** Where a fired-or-not hook marks that it ran: `fired.log` in the project (its cwd). */
export const MARK_SCRIPT = 'cat >/dev/null\necho "$1" >> fired.log\nexit 0\n';

const swapFirst = (s: string) =>
  (s[0] === s[0]?.toUpperCase() ? s[0]?.toLowerCase() : s[0]?.toUpperCase()) + s.slice(1);

interface MatcherRow {
  readonly slug: string;
  readonly matcher: string | undefined;
  readonly isolate?: string;
}

/** Matchers of every kind for a call of tool `t` (`o` another tool of the same harness). */
function toolMatchers(t: string, o: string, portable: readonly string[]): MatcherRow[] {
  const rows: MatcherRow[] = [
    { slug: "absent", matcher: undefined },
    { slug: "empty", matcher: "" },
    { slug: "star", matcher: "*" },
    { slug: "exact", matcher: t },
    { slug: "first-letter-case-swapped", matcher: swapFirst(t) },
    { slug: "upper-case", matcher: t.toUpperCase() },
    ...portable.map((name) => ({ slug: `name-${name}`, matcher: name })),
    { slug: "alternation-self-first", matcher: `${t}|${o}` },
    { slug: "alternation-self-last", matcher: `${o}|${t}` },
    { slug: "alternation-others", matcher: `${o}|Read` },
    { slug: "alternation-spaced", matcher: `${o} | ${t}` },
    { slug: "comma-list", matcher: `${o},${t}` },
    { slug: "anchored", matcher: `^${t}$` },
    { slug: "anchored-start", matcher: `^${t}` },
    { slug: "anchored-end", matcher: `${t}$` },
    { slug: "prefix", matcher: t.slice(0, 3) },
    { slug: "infix", matcher: t.slice(1, -1) },
    { slug: "dot-star", matcher: ".*" },
    { slug: "dot-plus", matcher: ".+" },
    { slug: "single-dot", matcher: "." },
    { slug: "prefix-dot-star", matcher: `${t.slice(0, 3)}.*` },
    { slug: "regex-group", matcher: `(${t})` },
    { slug: "anchored-alternation", matcher: `^(${o}|${t})$` },
    { slug: "char-class", matcher: "[A-Za-z_]+" },
    { slug: "word-class", matcher: "\\w+" },
    { slug: "case-class", matcher: `[${t[0]?.toUpperCase()}${t[0]?.toLowerCase()}]${t.slice(1)}` },
    { slug: "trailing-pipe", matcher: `${t}|` },
    { slug: "leading-pipe", matcher: `|${t}` },
    { slug: "optional-suffix", matcher: `${t}s?` },
    { slug: "padded-spaces", matcher: ` ${t} ` },
    { slug: "empty-anchors", matcher: "^$" },
    { slug: "mcp-exact", matcher: "mcp__srv__tool" },
    { slug: "mcp-server-regex", matcher: "mcp__srv__.*" },
    { slug: "mcp-any", matcher: "mcp__.*" },
    { slug: "unknown-tool", matcher: "NoSuchTool" },
    { slug: "other-tool", matcher: o },
    { slug: "invalid-regex-paren", matcher: "(", isolate: "invalid-regex" },
    { slug: "invalid-regex-bracket", matcher: `${t}[`, isolate: "invalid-regex" },
  ];
  // A portable name equal to the harness's own name is the "exact" row already.
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = r.matcher ?? "\0absent";
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Matchers for SessionStart, whose subject in a fresh headless run is `startup`. */
const SOURCE_MATCHERS: readonly MatcherRow[] = [
  { slug: "absent", matcher: undefined },
  { slug: "empty", matcher: "" },
  { slug: "star", matcher: "*" },
  { slug: "startup", matcher: "startup" },
  { slug: "resume", matcher: "resume" },
  { slug: "clear", matcher: "clear" },
  { slug: "compact", matcher: "compact" },
  { slug: "alternation-startup-clear-compact", matcher: "startup|clear|compact" },
  { slug: "alternation-resume-startup", matcher: "resume|startup" },
  { slug: "alternation-all-four", matcher: "startup|resume|clear|compact" },
  { slug: "alternation-without-startup", matcher: "clear|compact" },
  { slug: "anchored-startup", matcher: "^startup$" },
  { slug: "substring-start", matcher: "start" },
  { slug: "capitalised-Startup", matcher: "Startup" },
  { slug: "dot-star", matcher: ".*" },
  { slug: "comma-list", matcher: "startup,resume" },
  { slug: "regex-group", matcher: "(startup)" },
];

/** Events without a matcher subject: a matcher there is ignored (or is it?). */
const LIFECYCLE_MATCHERS: readonly MatcherRow[] = [
  { slug: "absent", matcher: undefined },
  { slug: "star", matcher: "*" },
  { slug: "unrelated-word", matcher: "nothing-matches-this" },
];

/**
 * Environment variables in commands: which of them each harness sets for a hook. `|| true` keeps a
 * command whose variable is unset from failing (a failing pre-tool hook denies on Gemini and Copilot,
 * which would stop the rest of the batch's call); the case reads only whether the mark ran.
 */
const ENV_COMMANDS: readonly { slug: string; path: string }[] = [
  { slug: "CLAUDE_PROJECT_DIR", path: "$CLAUDE_PROJECT_DIR" },
  { slug: "CLAUDE_PROJECT_DIR-braced-quoted", path: '"${CLAUDE_PROJECT_DIR}"' },
  { slug: "CLAUDE_PROJECT_DIR-default", path: "${CLAUDE_PROJECT_DIR:-/nonexistent}" },
  { slug: "CLAUDE_PLUGIN_ROOT", path: "${CLAUDE_PLUGIN_ROOT}" },
  { slug: "GEMINI_PROJECT_DIR", path: "$GEMINI_PROJECT_DIR" },
  { slug: "GEMINI_CWD", path: "$GEMINI_CWD" },
  { slug: "COPILOT_PROJECT_DIR", path: "$COPILOT_PROJECT_DIR" },
  { slug: "extensionPath", path: "${extensionPath}" },
  { slug: "PWD", path: "$PWD" },
];

/** The matcher rows a Copilot flat entry is also tried with (its own documented form). */
const FLAT_SLUGS = new Set([
  "absent",
  "star",
  "exact",
  "first-letter-case-swapped",
  "name-Bash",
  "alternation-self-first",
  "anchored",
  "prefix",
  "dot-star",
  "mcp-exact",
  "other-tool",
  "unknown-tool",
]);

/** Every harness's name for the tool, so a portable name (Claude's `Bash` on Gemini) is tried too. */
function portableNames(tool: ScriptedTool, own: string): string[] {
  const names = Object.values(HARNESS_FORMS).map((f) => f.tools[tool]);
  return [...new Set(names)].filter((n) => n !== own);
}

interface Draft extends Omit<ConformanceCase, "tag" | "command" | "script" | "harness"> {
  readonly commandOf: (tag: string) => string;
  readonly scriptOf?: (tag: string) => string;
}

const markCommand = (tag: string) => `sh ./mark.sh ${tag}`;

function fires(
  form: HarnessForm,
  group: string,
  topic: ConformanceCase["topic"],
  role: EventRole,
  tool: ScriptedTool,
  rows: readonly MatcherRow[],
  shape: EntryShape = "group",
): Draft[] {
  return rows.map((r) => ({
    id: `${form.id}/${group}/${r.slug}`,
    kind: "fires",
    topic,
    role,
    event: form.events[role],
    tool,
    matcher: r.matcher,
    shape,
    commandOf: markCommand,
    ...(r.isolate !== undefined ? { isolate: r.isolate } : {}),
  }));
}

function decisions(form: HarnessForm, outputs: readonly OutputSpec[]): Draft[] {
  const out: Draft[] = [];
  for (const o of outputs) {
    for (const role of o.roles) {
      const toolRole = role === "preTool" || role === "postTool";
      out.push({
        id: `${form.id}/verdict-${role}/${o.slug}`,
        kind: "decision",
        topic: "verdict",
        role,
        event: form.events[role],
        tool: "Bash",
        matcher: toolRole ? form.tools.Bash : undefined,
        shape: "group",
        output: o.slug,
        commandOf: (tag) => `sh ./hooks/${tag}.sh`,
        scriptOf: (tag) =>
          [
            "cat >/dev/null",
            // Confined (explain --run), the project is read-only: the mark fails silently there.
            `{ echo ${tag} >> fired.log; } 2>/dev/null`,
            o.body({ event: form.events[role], marker: `CTXMARK${tag}`, reason: `REASON${tag}` }),
            "",
          ].join("\n"),
      });
    }
  }
  return out;
}

/** The whole corpus of one harness, in a stable order. */
export function conformanceCorpus(harness: ConformanceHarness): ConformanceCase[] {
  const form = formOf(harness);
  const bash = form.tools.Bash;
  const write = form.tools.Write;
  const bashRows = toolMatchers(bash, write, portableNames("Bash", bash));
  const drafts: Draft[] = [
    ...fires(form, "matcher-preTool-Bash", "matcher", "preTool", "Bash", bashRows),
    ...fires(form, "matcher-postTool-Bash", "matcher", "postTool", "Bash", bashRows),
    ...fires(
      form,
      "matcher-preTool-Write",
      "matcher",
      "preTool",
      "Write",
      toolMatchers(write, bash, portableNames("Write", write)),
    ),
    ...(form.shapes.includes("flat")
      ? fires(
          form,
          "matcher-preTool-Bash-flat",
          "matcher",
          "preTool",
          "Bash",
          bashRows.filter((r) => FLAT_SLUGS.has(r.slug)),
          "flat",
        )
      : []),
    ...fires(form, "source-sessionStart", "source", "sessionStart", "Bash", SOURCE_MATCHERS),
    ...fires(form, "lifecycle-prompt", "lifecycle", "prompt", "Bash", LIFECYCLE_MATCHERS),
    ...fires(form, "lifecycle-stop", "lifecycle", "stop", "Bash", LIFECYCLE_MATCHERS),
    ...ENV_COMMANDS.map((e): Draft => ({
      id: `${form.id}/env-preTool-Bash/${e.slug}`,
      kind: "fires",
      topic: "env",
      role: "preTool",
      event: form.events.preTool,
      tool: "Bash",
      matcher: undefined,
      shape: "group",
      commandOf: (tag) => `sh ${e.path}/mark.sh ${tag} || true`,
      isolate: "env",
    })),
    ...decisions(form, OUTPUTS),
  ];
  return drafts.map(({ commandOf, scriptOf, ...d }, i) => {
    const tag = `k${String(i).padStart(3, "0")}`;
    return {
      ...d,
      harness,
      tag,
      command: commandOf(tag),
      ...(scriptOf ? { script: scriptOf(tag) } : {}),
    };
  });
}
