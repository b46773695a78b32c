/**
 * An audit baseline: the findings a team has accepted, so CI fails only on new ones. A finding's
 * identity is its rule, its file and a hash of the text it points at (not its line), so the finding
 * keeps its identity when lines are added above it; a finding about a whole file hashes its message
 * with the numbers taken out (a timing or a count in it may change run to run).
 */
import { createHash } from "node:crypto";
import type { LintFinding, SourceRange } from "./types.js";

/** Version of the baseline file. */
export const BASELINE_VERSION = 1;

/** One accepted finding. `message` is for the reader; only rule, file and fingerprint match. */
export interface BaselineEntry {
  readonly ruleId: string;
  readonly file: string;
  readonly fingerprint: string;
  readonly message: string;
}

/** The baseline file's content. */
export interface Baseline {
  readonly version: typeof BASELINE_VERSION;
  readonly findings: readonly BaselineEntry[];
}

/** The text of `range` in `text`: from its start to its end, or its whole line when it has no end. */
export function textAt(text: string, range: SourceRange): string | undefined {
  const lines = text.split(/\r?\n/);
  const first = lines[range.line - 1];
  if (first === undefined) return undefined;
  if (range.endLine === undefined || range.endColumn === undefined) return first.trim();
  const last = range.endLine === range.line ? first : (lines[range.endLine - 1] ?? "");
  const middle = lines.slice(range.line, range.endLine - 1);
  const span =
    range.endLine === range.line
      ? first.slice(range.column - 1, range.endColumn - 1)
      : [first.slice(range.column - 1), ...middle, last.slice(0, range.endColumn - 1)].join("\n");
  return span.trim() === "" ? first.trim() : span.trim();
}

/** The stable identity of `finding`, given the text of its file (undefined when it cannot be read). */
export function fingerprintOf(finding: LintFinding, fileText: string | undefined): string {
  const matched =
    finding.range !== undefined && fileText !== undefined ? textAt(fileText, finding.range) : undefined;
  const basis = matched ?? `message:${finding.message.replace(/\d[\d,.]*/g, "#")}`;
  return createHash("sha256")
    .update(`${finding.ruleId}\0${finding.file}\0${basis}`)
    .digest("hex")
    .slice(0, 16);
}

/** The baseline that accepts every finding in `findings` (sorted, so a rewrite diffs cleanly). */
export function baselineOf(findings: readonly { finding: LintFinding; fingerprint: string }[]): Baseline {
  const entries = findings.map(({ finding, fingerprint }) => ({
    ruleId: finding.ruleId,
    file: finding.file,
    fingerprint,
    message: finding.message,
  }));
  entries.sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      a.ruleId.localeCompare(b.ruleId) ||
      a.fingerprint.localeCompare(b.fingerprint),
  );
  return { version: BASELINE_VERSION, findings: entries };
}

/**
 * The findings `baseline` does not accept. Each entry accepts one finding: two findings with one
 * identity need two entries, so a second copy of an accepted mistake is new.
 */
export function newFindings<F extends { finding: LintFinding; fingerprint: string }>(
  findings: readonly F[],
  baseline: Baseline,
): F[] {
  const left = new Map<string, number>();
  const key = (ruleId: string, file: string, fingerprint: string): string =>
    `${ruleId}\0${file}\0${fingerprint}`;
  for (const e of baseline.findings) {
    const k = key(e.ruleId, e.file, e.fingerprint);
    left.set(k, (left.get(k) ?? 0) + 1);
  }
  return findings.filter(({ finding, fingerprint }) => {
    const k = key(finding.ruleId, finding.file, fingerprint);
    const n = left.get(k) ?? 0;
    if (n === 0) return true;
    left.set(k, n - 1);
    return false;
  });
}
