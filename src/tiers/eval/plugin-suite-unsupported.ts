/**
 * Case fields `claude plugin eval` acts on that a vigiles run would not: a case that sets one is
 * refused by name before anything runs, never run without it (it would measure something else).
 * What the CLI does with each was read from Claude Code 2.1.328's bundle:
 * - `context.history_file`: passed as `--resume <file>` (a plain file of the case dir or the plugin),
 *   and the resumed session's cost is counted into the run's.
 * - `context.add_dirs`: extra readable directories of the run.
 * - `execution.disallowed_tools`: appended to the run's `--disallowed-tools`.
 * - `execution.append_system_prompt`: passed as `--append-system-prompt`.
 */
import type { SuiteCase } from "../../core/plugin-eval/read-suite.js";

const WHY: Readonly<Record<string, string>> = {
  "context.history_file": "vigiles cannot resume a saved session in a trial yet",
  "context.add_dirs": "vigiles does not give a trial extra readable directories yet",
  "execution.disallowed_tools": "vigiles does not pass a trial's disallowed tools yet",
  "execution.append_system_prompt": "vigiles does not append to a trial's system prompt yet",
};

/** Each refused field a case sets, with why; empty when the case runs as the CLI would run it. */
export function unsupportedFields(c: SuiteCase): readonly string[] {
  const { context, execution } = c.definition;
  const set: string[] = [];
  if (context.history_file !== undefined) set.push("context.history_file");
  if (context.add_dirs.length > 0) set.push("context.add_dirs");
  if (execution.disallowed_tools !== undefined && execution.disallowed_tools.length > 0)
    set.push("execution.disallowed_tools");
  if (execution.append_system_prompt !== undefined) set.push("execution.append_system_prompt");
  return set.map((field) => `case "${c.definition.name}" sets ${field}: ${WHY[field] ?? ""}`);
}
