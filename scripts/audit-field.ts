// Field measurement of the static audit: audits every repository under a directory (one
// sub-directory per repository, named `owner__name`, holding an extracted snapshot and optionally
// a `.corpus-commit` file with its 40-hex commit) and prints, per rule, how many findings it made
// and how many of them were judged true, false alarms or unclear, from bench/audit-field/labels-*.json.
//
//   node --import tsx scripts/audit-field.ts <dir-of-repos> [--labels <file>]... [--unjudged] [--json]
//
// A label is { repo, commit, file, rule, verdict: "true" | "false-alarm" | "unclear", why } and
// judges every finding of `rule` in `file` of `repo` (the corpus commit must match the label's when
// both are known; a label for another commit is ignored and reported as stale).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { auditHarness } from "../src/tools/audit/static-audit.js";
import type { LintFinding } from "../src/core/audit/types.js";

type Verdict = "true" | "false-alarm" | "unclear";
export interface FieldLabel {
  readonly repo: string;
  readonly commit: string;
  readonly file: string;
  readonly rule: string;
  readonly verdict: Verdict;
  readonly why: string;
}
interface RepoFinding extends LintFinding {
  readonly repo: string;
}
export interface RuleRow {
  readonly rule: string;
  readonly severity: string;
  findings: number;
  true: number;
  falseAlarm: number;
  unclear: number;
  unjudged: number;
}

const VERDICTS: readonly Verdict[] = ["true", "false-alarm", "unclear"];

/** Reads and checks one labels file; a malformed entry is a one-line error naming it. */
export function readLabels(path: string): FieldLabel[] {
  const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
  if (!Array.isArray(parsed)) throw new Error(`${path}: a labels file is a JSON array`);
  return parsed.map((entry: unknown, index) => {
    const e = entry as Partial<Record<keyof FieldLabel, unknown>>;
    const bad = (what: string) => new Error(`${path}[${index}]: ${what}`);
    for (const key of ["repo", "commit", "file", "rule", "why"] as const)
      if (typeof e[key] !== "string" || e[key] === "") throw bad(`"${key}" must be a non-empty string`);
    if (!/^[^/\s]+\/[^/\s]+$/.test(e.repo as string)) throw bad(`"repo" must be "owner/name"`);
    if (!/^[0-9a-f]{40}$/.test(e.commit as string)) throw bad(`"commit" must be a 40-hex sha`);
    if (!VERDICTS.includes(e.verdict as Verdict))
      throw bad(`"verdict" must be one of ${VERDICTS.join(", ")}`);
    return e as FieldLabel;
  });
}

function labelKey(repo: string, file: string, rule: string): string {
  return `${repo}\u0000${file}\u0000${rule}`;
}

function main(argv: readonly string[]): number {
  const here = dirname(fileURLToPath(import.meta.url));
  const positional: string[] = [];
  const labelFiles: string[] = [];
  let showUnjudged = false;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--labels") labelFiles.push(argv[++i] ?? "");
    else if (a === "--unjudged") showUnjudged = true;
    else if (a === "--json") json = true;
    else positional.push(a);
  }
  const dir = positional[0];
  if (dir === undefined || !existsSync(dir) || !statSync(dir).isDirectory()) {
    process.stderr.write("usage: audit-field <dir-of-repos> [--labels <file>]... [--unjudged] [--json]\n");
    return 2;
  }
  if (labelFiles.length === 0) {
    const labelsDir = join(here, "..", "bench", "audit-field");
    if (existsSync(labelsDir))
      for (const f of readdirSync(labelsDir).sort())
        if (/^labels-.*\.json$/.test(f)) labelFiles.push(join(labelsDir, f));
  }
  const labels = new Map<string, FieldLabel>();
  for (const file of labelFiles)
    for (const l of readLabels(file)) labels.set(labelKey(l.repo, l.file, l.rule), l);

  const rows = new Map<string, RuleRow>();
  const crashes: { repo: string; error: string }[] = [];
  const unjudged: RepoFinding[] = [];
  const stale: FieldLabel[] = [];
  const corpus: { repo: string; commit: string }[] = [];
  const used = new Set<string>();
  let errors = 0;
  let errorFalseAlarms = 0;
  let errorsJudged = 0;
  for (const entry of readdirSync(dir).sort()) {
    const repoDir = resolve(dir, entry);
    if (!statSync(repoDir).isDirectory() || !entry.includes("__")) continue;
    const repo = entry.replace("__", "/");
    const commitFile = join(repoDir, ".corpus-commit");
    const commit = existsSync(commitFile) ? readFileSync(commitFile, "utf8").trim() : "unknown";
    corpus.push({ repo, commit });
    let findings: LintFinding[];
    try {
      findings = auditHarness(repoDir).findings;
    } catch (error) {
      crashes.push({ repo, error: error instanceof Error ? error.message : String(error) });
      continue;
    }
    for (const f of findings) {
      const row =
        rows.get(f.ruleId) ??
        ({
          rule: f.ruleId,
          severity: f.severity,
          findings: 0,
          true: 0,
          falseAlarm: 0,
          unclear: 0,
          unjudged: 0,
        } as RuleRow);
      rows.set(f.ruleId, row);
      row.findings++;
      if (f.severity === "error") errors++;
      const key = labelKey(repo, f.file, f.ruleId);
      const label = labels.get(key);
      if (label !== undefined && commit !== "unknown" && label.commit !== commit) {
        stale.push(label);
      }
      if (label === undefined || (commit !== "unknown" && label.commit !== commit)) {
        row.unjudged++;
        unjudged.push({ ...f, repo });
        continue;
      }
      used.add(key);
      if (label.verdict === "true") row.true++;
      else if (label.verdict === "false-alarm") row.falseAlarm++;
      else row.unclear++;
      if (f.severity === "error") {
        errorsJudged++;
        if (label.verdict === "false-alarm") errorFalseAlarms++;
      }
    }
  }
  const table = [...rows.values()].sort((a, b) => a.rule.localeCompare(b.rule));
  const unusedLabels = [...labels.entries()].filter(([k]) => !used.has(k)).map(([, l]) => l);
  if (json) {
    process.stdout.write(
      JSON.stringify(
        { corpus, table, errors, errorsJudged, errorFalseAlarms, crashes, unjudged, unusedLabels },
        null,
        2,
      ) + "\n",
    );
    return 0;
  }
  const pct = (n: number, d: number) => (d === 0 ? "-" : `${((100 * n) / d).toFixed(1)}%`);
  const out: string[] = [];
  out.push(`corpus: ${corpus.map((c) => `${c.repo}@${c.commit.slice(0, 12)}`).join(", ")}`);
  out.push("");
  out.push("| rule | severity | findings | true | false alarm | unclear | unjudged | precision |");
  out.push("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const r of table)
    out.push(
      `| ${r.rule} | ${r.severity} | ${r.findings} | ${r.true} | ${r.falseAlarm} | ${r.unclear} | ${r.unjudged} | ${pct(r.true, r.true + r.falseAlarm)} |`,
    );
  out.push("");
  out.push(
    `errors: ${errors}, judged ${errorsJudged}, false alarms ${errorFalseAlarms} ` +
      `(false-alarm rate of errors: ${pct(errorFalseAlarms, errors)})`,
  );
  out.push(`crashes: ${crashes.length}${crashes.map((c) => `\n  ${c.repo}: ${c.error}`).join("")}`);
  out.push(`unjudged findings: ${unjudged.length}`);
  if (stale.length > 0) out.push(`labels for another commit (ignored): ${stale.length}`);
  if (unusedLabels.length > 0) out.push(`labels matching no finding now: ${unusedLabels.length}`);
  if (showUnjudged) {
    for (const f of unjudged)
      out.push(`  ${f.repo} ${f.file}:${f.range?.line ?? "-"} ${f.severity} [${f.ruleId}] ${f.message}`);
    for (const l of unusedLabels) out.push(`  unused label: ${l.repo} ${l.file} [${l.rule}] ${l.verdict}`);
  }
  process.stdout.write(out.join("\n") + "\n");
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`audit-field: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
