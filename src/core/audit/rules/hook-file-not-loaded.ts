/**
 * A hooks-shaped JSON file in a harness's own folder that no registered harness loads
 * (`.claude/hooks.json`: Claude Code reads hooks from its settings files and plugins'
 * `hooks/hooks.json`). Which files are loaded is the registry's answer (each harness's
 * hookFileAudit, and the plugins' hook files), passed in by the tier.
 */
import { isRecord } from "../../is-record.js";
import { finding } from "../finding.js";
import type { LintFinding, LintRuleMeta } from "../types.js";

export const hookFileNotLoadedRule: LintRuleMeta = {
  id: "hook-file-not-loaded",
  severity: "warning",
  behaviour:
    "Each harness loads hooks from its own files only (Claude Code: `.claude/settings*.json` and plugins' " +
    "`hooks/hooks.json`); a `hooks.json` beside them in the harness's folder, or a file the harness names as " +
    "never read for hooks (its hookFileAudit's strays: an extension's root `settings.json`, the `hooks` of its " +
    "manifest), is never read, so those hooks never run.",
  fix: "Move the hooks into a file the harness loads (the message names it).",
  autofix: false,
  source:
    "each harness's hookFileAudit in the registry; Claude Code 2.1.328's binary names no `.claude/hooks.json` (test/audit/hook-file-not-loaded.test.ts); the strays each harness names, each pinned by a real run where its entry says so",
};

/** A JSON file in a harness's folder that none of the registered harnesses loads. */
export interface StrayHookFileInput {
  readonly file: string;
  readonly text: string;
  /** The harness whose folder holds it, and the files it loads hooks from (its hookFileAudit's words). */
  readonly harness: string;
  readonly loads: string;
  /** `file` (default): nothing reads the file; `key`: the harness reads the file, but not its `hooks`. */
  readonly kind?: "file" | "key";
}

/** The finding, when the file holds hooks (a top-level `hooks` object or list); none otherwise. */
export function checkStrayHookFile(input: StrayHookFileInput): LintFinding[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.text);
  } catch {
    return [];
  }
  if (!isRecord(parsed)) return [];
  const hooks = parsed["hooks"];
  if (!isRecord(hooks) && !Array.isArray(hooks)) return [];
  const line = input.text.split("\n").findIndex((l) => l.includes('"hooks"')) + 1;
  return [
    finding(
      hookFileNotLoadedRule,
      input.file,
      line > 0 ? { line, column: 1 } : undefined,
      input.kind === "key"
        ? `${input.harness} never reads the "hooks" of this file: they never run. It reads them from ${input.loads}.`
        : `No harness loads this file: its hooks never run. ${input.harness} reads hooks from ${input.loads}.`,
      { fix: `Move these hooks into ${input.loads}.` },
    ),
  ];
}
