/**
 * Mistakes in a plugin's eval suite (`claude plugin eval`, Claude Code 2.1.328) that the CLI is
 * silent on: the suite runs, and scores something other than what its author wrote.
 */
import type { SuiteRead } from "../../plugin-eval/read-suite.js";
import type { Grader } from "../../plugin-eval/schema.js";
import { CASE_YAML_KEYS } from "../../plugin-eval/limits.js";
import { closestName } from "../../did-you-mean.js";
import { finding } from "../finding.js";
import type { LintFinding, LintRuleMeta } from "../types.js";

const SOURCE =
  "Claude Code 2.1.328's bundled eval-suite schema; /work/shared/PLUGIN-EVAL.md (runs against the mock)";

export const evalUnknownCaseKeyRule: LintRuleMeta = {
  id: "plugin-eval-unknown-case-key",
  severity: "error",
  behaviour:
    "`claude plugin eval` strips keys of case.yaml it does not know (at the top, in `context`, in `execution`) " +
    "without a word: a misspelt `max_turn` or a `timeout` at the top level runs the case on the defaults.",
  fix: "Spell the key as the format names it (execution.max_turns, execution.timeout_seconds, ...) or remove it.",
  autofix: false,
  source: SOURCE,
};

export const evalGraderWithoutFrontmatterRule: LintRuleMeta = {
  id: "plugin-eval-grader-without-frontmatter",
  severity: "error",
  behaviour:
    "A file in a case's graders/ with no `---` frontmatter is skipped by `claude plugin eval` without a word: " +
    "the check it describes never runs, and the case scores on the other graders.",
  fix: "Open the file with a frontmatter block naming its type (`---\\ntype: llm\\n---`), or move it out of graders/.",
  autofix: false,
  source: SOURCE,
};

export const evalTraceMatchesInitRule: LintRuleMeta = {
  id: "plugin-eval-trace-matches-init",
  severity: "error",
  behaviour:
    "A `regex` grader on `target: trace` reads the raw stream-json, whose first `system/init` event lists every " +
    "loaded skill, agent and plugin by name: a pattern that matches that listing passes (or, as `not_contains`, " +
    "fails) whether or not the skill was used.",
  fix: "Grade use with a `tool_used` grader (`tool: Skill`, `input_match` on the skill name), or anchor the pattern on the tool call.",
  autofix: false,
  source: SOURCE,
};

export const evalCaseRefusedRule: LintRuleMeta = {
  id: "plugin-eval-case-refused",
  severity: "error",
  behaviour:
    "`claude plugin eval` refuses a case whose files do not fit its schema (an unknown prompt.md key, a grader " +
    "without `type:`, a bad limit, a placeholder left by `init`); the suite exits 1 after paying for the others.",
  fix: "Fix the case as the message says; `vigiles audit` reads the suite with the CLI's own schema.",
  autofix: false,
  source: SOURCE,
};

export const evalSuiteRules: readonly LintRuleMeta[] = [
  evalCaseRefusedRule,
  evalUnknownCaseKeyRule,
  evalGraderWithoutFrontmatterRule,
  evalTraceMatchesInitRule,
];

/** One eval suite as the audit read it. */
export interface EvalSuiteInput {
  /** The suite directory as findings name it (relative to the audited root, `/` separators). */
  readonly dir: string;
  readonly read: SuiteRead;
  /** The plugin whose suite it is, with what the init event lists for it. */
  readonly plugin?: InitListing;
}

/** What a run's `system/init` event lists for the plugin under test. */
export interface InitListing {
  readonly name: string;
  /** Skill folder names; listed as `<plugin>:<skill>` under `skills` and `slash_commands`. */
  readonly skills: readonly string[];
  /** Agent names; listed as `<plugin>:<agent>`. */
  readonly agents: readonly string[];
  /** Command names; listed as `<plugin>:<command>` under `slash_commands`. */
  readonly commands: readonly string[];
}

/** The three rules over one suite. */
export function checkEvalSuite(suite: EvalSuiteInput): LintFinding[] {
  const found: LintFinding[] = [];
  const at = (file: string) => (suite.dir === "" ? file : `${suite.dir}/${file}`);
  const init = suite.plugin === undefined ? undefined : initLine(suite.plugin);
  for (const error of suite.read.errors)
    found.push(finding(evalCaseRefusedRule, at(error.file), undefined, error.reason));
  for (const c of suite.read.cases) {
    for (const dropped of c.droppedKeys)
      found.push(
        finding(
          evalUnknownCaseKeyRule,
          at(dropped.file),
          { line: dropped.line, column: 1 },
          `case "${c.definition.name}": case.yaml key \`${dropped.key}\` is not in the format${placement(dropped.key)}; claude plugin eval drops it silently`,
        ),
      );
    for (const file of c.ignoredGraderFiles)
      found.push(
        finding(
          evalGraderWithoutFrontmatterRule,
          at(file),
          { line: 1, column: 1 },
          `case "${c.definition.name}": grader file has no frontmatter, so claude plugin eval never runs it`,
        ),
      );
    if (init === undefined) continue;
    for (const grader of c.definition.graders) {
      const verdict = traceVerdict(grader, init);
      if (verdict === undefined) continue;
      found.push(
        finding(
          evalTraceMatchesInitRule,
          at(c.graderFiles[grader.name] ?? c.dir),
          undefined,
          `case "${c.definition.name}": regex grader "${grader.name}" on the trace matches the init event's listing ("${verdict}"), so it ${
            grader.type === "regex" && grader.match === "not_contains" ? "fails" : "passes"
          } whether or not the plugin's skill is used`,
        ),
      );
    }
  }
  return found;
}

// A key written at the wrong level is the common slip: say where it belongs.
function placement(key: string): string {
  const bare = key.slice(key.lastIndexOf(".") + 1);
  if (key === bare && (CASE_YAML_KEYS.execution as readonly string[]).includes(bare))
    return " at the top level (it belongs under `execution:`)";
  if (key === bare && (CASE_YAML_KEYS.context as readonly string[]).includes(bare))
    return " at the top level (it belongs under `context:`)";
  const level = key.startsWith("execution.")
    ? CASE_YAML_KEYS.execution
    : key.startsWith("context.")
      ? CASE_YAML_KEYS.context
      : CASE_YAML_KEYS.top;
  const near = closestName(bare, level);
  return near === undefined ? "" : ` (did you mean \`${near}\`?)`;
}

/**
 * The init event's listing for the plugin, as one stream-json line in the shape 2.1.328 prints
 * (test/harness/fixtures/streams: `skills`, `slash_commands`, `agents`, `plugins`).
 */
export function initLine(plugin: InitListing): string {
  const q = (names: readonly string[]) => names.map((n) => `${plugin.name}:${n}`);
  return JSON.stringify({
    type: "system",
    subtype: "init",
    slash_commands: [...q(plugin.skills), ...q(plugin.commands)],
    agents: q(plugin.agents),
    skills: q(plugin.skills),
    plugins: [{ name: plugin.name, source: `${plugin.name}@inline` }],
  });
}

/** What the grader's pattern matches in the init line, when it is a regex on the trace. */
function traceVerdict(grader: Grader, init: string): string | undefined {
  if (grader.type !== "regex" || grader.target !== "trace") return undefined;
  let pattern: RegExp;
  try {
    // Global and sticky flags only change where a search starts; a single search is what counts.
    pattern = new RegExp(grader.pattern, grader.flags.replace(/[gy]/g, ""));
  } catch {
    return undefined;
  }
  return pattern.exec(init)?.[0];
}
