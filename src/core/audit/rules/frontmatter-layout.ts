/**
 * Frontmatter whose layout folds the trigger text into another key. YAML joins the indented lines
 * under a plain scalar into that scalar, so in
 *
 *     description: Formats SQL.
 *     version: 1.0
 *       Use when the user pastes a query.
 *
 * the loader (Claude Code 2.1.328 parses frontmatter with Bun.YAML) reads `version: "1.0 Use when …"`
 * and a one-line description: the words the author wrote as the trigger never reach the model.
 */
import { finding } from "../finding.js";
import type { LintFinding, LintRuleMeta } from "../types.js";

export const frontmatterFoldedRule: LintRuleMeta = {
  id: "frontmatter-folded",
  severity: "error",
  behaviour:
    "YAML folds indented lines under a plain scalar into that scalar: continuation lines written after " +
    "`version:` or `alwaysApply:` become part of that value, and the description the model picks the skill by " +
    "is cut to what stands on its own line.",
  fix: "Move the lines into `description` (indent them under it, or use `description: >-`), and keep `version:` on one line.",
  autofix: false,
};

/** A scalar that is obviously complete on its key's line: a version, a number, a boolean. */
const SHORT_SCALAR = /^(?:v?\d[\w.-]*|true|false|yes|no|on|off|null)$/i;
const TRIGGER_KEYS = new Set(["description", "when_to_use"]);

/** Checks the raw frontmatter of one SKILL.md or agent file against what its loader parsed. */
export function checkFrontmatterLayout(
  file: string,
  text: string,
  parsed: Readonly<Record<string, unknown>>,
): LintFinding[] {
  const lines = text.split(/\r?\n/);
  if (lines[0] !== "---") return [];
  const end = lines.indexOf("---", 1);
  if (end === -1) return [];
  const out: LintFinding[] = [];
  for (let i = 1; i < end; i++) {
    const m = /^([A-Za-z_][\w-]*):[ \t]+(\S.*?)\s*$/.exec(lines[i] as string);
    if (!m) continue;
    const key = m[1] as string;
    const first = m[2] as string;
    if (TRIGGER_KEYS.has(key) || !SHORT_SCALAR.test(first)) continue;
    const continuation: string[] = [];
    let j = i + 1;
    for (; j < end; j++) {
      const l = lines[j] as string;
      if (!/^[ \t]+\S/.test(l) || /^[ \t]+-[ \t]/.test(l) || /^[ \t]+#/.test(l)) break;
      continuation.push(l.trim());
    }
    if (continuation.length === 0) continue;
    const loaded = parsed[key];
    // Only when the loader really folded them: the value holds the continuation words.
    if (typeof loaded !== "string" || !loaded.includes(continuation[0] as string)) continue;
    const lost = continuation.join(" ");
    out.push(
      finding(
        frontmatterFoldedRule,
        file,
        { line: i + 2, column: 1, endLine: j, endColumn: 1 },
        `Lines ${i + 2}-${j} continue \`${key}: ${first}\`, so YAML folds them into ${key} ("${first} ${lost.slice(0, 40)}…"): ` +
          `these words never reach the model: "${lost.length > 160 ? `${lost.slice(0, 160)}…` : lost}".`,
      ),
    );
    i = j - 1;
  }
  return out;
}
