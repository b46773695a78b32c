// The field measurement of `vigiles audit --run`: audits every repository of a corpus directory
// (its `corpus.json`: [{ repo, commit, dir }], each dir a `git archive` of that commit) with the
// dynamic audit, confined, and prints per rule the findings, the judged verdicts from
// bench/audit-field/labels-run.json, and precision; then hooks run, audit crashes, and the
// false-alarm rate of errors.
//
//   node --import tsx scripts/audit-run-field.ts /work/corpus-run [--probes 24] [--out findings.json]
//   node --import tsx scripts/audit-run-field.ts /work/corpus-run --from findings.json   (re-score a saved run)
//
// Never commit the corpus; each false alarm found gets a fixture of our own and a test.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runDynamicAudit, dynamicAuditRules } from "../src/tools/audit/dynamic-audit.js";
import { auditHarness } from "../src/tools/audit/static-audit.js";

interface CorpusEntry {
  readonly repo: string;
  readonly commit: string;
  readonly dir: string;
}
interface Label {
  readonly repo: string;
  readonly commit: string;
  readonly file: string;
  readonly rule: string;
  readonly verdict: "true" | "false-alarm" | "unclear";
  readonly why: string;
}
interface FieldFinding {
  readonly repo: string;
  readonly commit: string;
  readonly file: string;
  readonly rule: string;
  readonly severity: string;
  readonly message: string;
}

const { values, positionals } = parseArgs({
  options: { probes: { type: "string" }, out: { type: "string" }, from: { type: "string" } },
  allowPositionals: true,
});
const corpusDir = resolve(positionals[0] ?? "/work/corpus-run");
const corpus = JSON.parse(readFileSync(join(corpusDir, "corpus.json"), "utf8")) as CorpusEntry[];
const here = dirname(fileURLToPath(import.meta.url));
const labels = JSON.parse(
  readFileSync(join(here, "../bench/audit-field/labels-run.json"), "utf8"),
) as Label[];
const dynamicIds = new Set(dynamicAuditRules.map((r) => r.id));

const findings: FieldFinding[] =
  values.from !== undefined ? (JSON.parse(readFileSync(values.from, "utf8")) as FieldFinding[]) : [];
let hooks = 0;
let probes = 0;
let crashes = 0;
const started = performance.now();
for (const entry of values.from !== undefined ? [] : corpus) {
  try {
    const report = auditHarness(resolve(corpusDir, entry.dir));
    const result = await runDynamicAudit(report, {
      ...(values.probes !== undefined && { probesPerHook: Number(values.probes) }),
    });
    hooks += result.stats.hooks;
    probes += result.stats.probes;
    for (const f of result.findings) {
      findings.push({
        repo: entry.repo,
        commit: entry.commit,
        file: f.file,
        rule: f.ruleId,
        severity: f.severity,
        message: f.message,
      });
    }
    process.stderr.write(
      `${entry.repo}@${entry.commit.slice(0, 12)}: ${result.stats.hooks} hooks, ${result.stats.probes} probes, ` +
        `${result.findings.length} findings, ${(result.stats.durationMs / 1000).toFixed(1)} s\n`,
    );
  } catch (error) {
    crashes++;
    process.stderr.write(
      `${entry.repo}: the audit crashed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
}
if (values.out !== undefined) writeFileSync(values.out, JSON.stringify(findings, null, 2) + "\n");

const labelOf = (f: FieldFinding): Label | undefined =>
  labels.find((l) => l.repo === f.repo && l.commit === f.commit && l.file === f.file && l.rule === f.rule);
const rows = new Map<
  string,
  { severity: string; n: number; t: number; fa: number; u: number; none: number }
>();
for (const f of findings) {
  if (!dynamicIds.has(f.rule)) continue;
  const row = rows.get(f.rule) ?? { severity: f.severity, n: 0, t: 0, fa: 0, u: 0, none: 0 };
  row.n++;
  const verdict = labelOf(f)?.verdict;
  if (verdict === "true") row.t++;
  else if (verdict === "false-alarm") row.fa++;
  else if (verdict === "unclear") row.u++;
  else row.none++;
  rows.set(f.rule, row);
}
const pct = (a: number, b: number) => (b === 0 ? "-" : `${Math.round((100 * a) / b)}%`);
console.log("| rule | severity | findings | true | false alarm | unclear | unjudged | precision |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
for (const [rule, r] of [...rows].sort()) {
  console.log(
    `| ${rule} | ${r.severity} | ${r.n} | ${r.t} | ${r.fa} | ${r.u} | ${r.none} | ${pct(r.t, r.t + r.fa)} |`,
  );
}
const errors = [...rows.values()].filter((r) => r.severity === "error");
const errorCount = errors.reduce((n, r) => n + r.n, 0);
const errorFalse = errors.reduce((n, r) => n + r.fa, 0);
const unjudged = [...rows.values()].reduce((n, r) => n + r.none, 0);
console.log(
  `\n${corpus.length} repositories, ${hooks} hooks, ${probes} probes in ${((performance.now() - started) / 1000).toFixed(0)} s; ` +
    `audit crashes: ${crashes}; errors: ${errorCount}, false alarms among them: ${errorFalse} (${pct(errorFalse, errorCount)}); unjudged findings: ${unjudged}`,
);
for (const f of findings.filter((x) => labelOf(x) === undefined)) {
  console.log(`unjudged: ${f.repo} ${f.file} [${f.rule}] ${f.message}`);
}
