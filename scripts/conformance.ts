/**
 * `npm run conformance [-- --harness <id>] [--only <id-substring>]`: the whole differential
 * conformance corpus (test/conformance), free prediction against the real pinned CLIs, and a report
 * per harness under .vigiles/conformance/ (JSON and markdown); a harness whose hooks are code runs
 * its own plugin cases instead (test/conformance/code-corpus.ts). Exits 0 whatever the agreement: the
 * report is the product; `npm test` gates a sample (test/conformance/sample.test.ts).
 */
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { writeFileSync } from "node:fs";
import { conformanceCorpus } from "../test/conformance/corpus.js";
import {
  CONFORMANCE_HARNESSES,
  conformanceHarness,
  type ConformanceHarness,
} from "../test/conformance/harness-forms.js";
import { runCases } from "../test/conformance/run-corpus.js";
import { runCodeCorpus, writeCodeReport } from "../test/conformance/code-corpus.js";
import { harnessEntry } from "../src/adapters/registry.js";
import { writeHarnessReport, type HarnessFigures } from "../test/conformance/report.js";

const { values } = parseArgs({
  options: {
    harness: { type: "string", multiple: true },
    only: { type: "string" },
    out: { type: "string", default: ".vigiles/conformance" },
  },
});

const harnesses: ConformanceHarness[] = [];
for (const name of values.harness ?? CONFORMANCE_HARNESSES) {
  const h = conformanceHarness(name);
  if (h === undefined) {
    process.stderr.write(
      `conformance: --harness ${JSON.stringify(name)} names no harness; use one of ${CONFORMANCE_HARNESSES.join(", ")} (or an alias).\n`,
    );
    process.exit(2);
  }
  harnesses.push(h);
}

const out = resolve(values.out);
const all: HarnessFigures[] = [];
for (const harness of harnesses) {
  // A harness whose hooks are code has a corpus of its own cases (codeHooks.conformance).
  const code = harnessEntry(harness).codeHooks?.conformance;
  if (code !== undefined) {
    const cases = code.filter((c) => values.only === undefined || c.id.includes(values.only));
    process.stdout.write(`${harness}: ${cases.length} plugin cases\n`);
    const results = await runCodeCorpus(harnessEntry(harness), cases, (r, done, total) =>
      process.stdout.write(
        `  [${done}/${total}] ${r.id} ${r.mismatches.length === 0 ? "agrees" : r.mismatches.join("; ")} ${Math.round(r.durationMs / 1000)} s\n`,
      ),
    );
    const f = writeCodeReport(out, harnessEntry(harness), results);
    process.stdout.write(`${harness}: ${f.agreeing}/${f.cases} agree; report ${out}/${harness}.md\n`);
    continue;
  }
  const cases = conformanceCorpus(harness).filter(
    (c) => values.only === undefined || c.id.includes(values.only),
  );
  process.stdout.write(`${harness}: ${cases.length} cases\n`);
  const result = await runCases(cases, {
    onRun: (run, done, total) =>
      process.stdout.write(
        `  [${done}/${total}] ${run.key} (${run.cases} cases) ${Math.round(run.durationMs / 1000)} s\n`,
      ),
  });
  const f = writeHarnessReport(out, harness, result);
  all.push(f);
  process.stdout.write(
    `${harness}: ${f.agreeing}/${f.cases} agree (${f.agreementPercent}%), runHook ${f.perPredictor["runHook"]?.percent}%, explain ${f.perPredictor["explain"]?.percent}%; report ${out}/${harness}.md\n`,
  );
}
const summary = [
  "# Conformance summary",
  "",
  "| harness | cases | agreement | runHook | explain | real runs |",
  "| --- | --- | --- | --- | --- | --- |",
  ...all.map(
    (f) =>
      `| ${f.harness} | ${f.cases} | ${f.agreeing}/${f.cases} (${f.agreementPercent}%) | ${f.perPredictor["runHook"]?.percent}% | ${f.perPredictor["explain"]?.percent}% | ${f.realRuns} |`,
  ),
  "",
];
writeFileSync(resolve(out, "summary.md"), summary.join("\n"));
