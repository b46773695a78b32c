/**
 * Groups cases into real-CLI runs, which are the expensive part: fired-or-not cases that share a
 * scripted call go in one run (each hook marks its own tag in fired.log), at most MAX_BATCH hooks a
 * run; a decision case, whose answer would mix with others', gets a run of its own.
 */
import type { ConformanceCase } from "./corpus.js";
import { MARK_SCRIPT } from "./corpus.js";
import { formOf, type CaseRegistration, type ScriptedTool } from "./harness-forms.js";

export const MAX_BATCH = 60;

export interface ConformanceRun {
  /** A name for the run in the report. */
  readonly key: string;
  readonly harness: ConformanceCase["harness"];
  readonly tool: ScriptedTool;
  readonly kind: ConformanceCase["kind"];
  readonly cases: readonly ConformanceCase[];
  /** The project: hook config files, mark.sh, decision scripts. */
  readonly files: Readonly<Record<string, string>>;
}

export const registrationOf = (c: ConformanceCase): CaseRegistration => ({
  event: c.event,
  matcher: c.matcher,
  command: c.command,
  shape: c.shape,
});

function filesFor(cases: readonly ConformanceCase[]): Record<string, string> {
  const form = formOf(cases[0]!.harness);
  const files: Record<string, string> = {
    ...form.configFiles(cases.map(registrationOf)),
    "mark.sh": MARK_SCRIPT,
  };
  for (const c of cases) if (c.script !== undefined) files[`hooks/${c.tag}.sh`] = c.script;
  return files;
}

/** The runs that cover `cases` (all of one harness), fired batches first. */
export function planRuns(cases: readonly ConformanceCase[], maxBatch = MAX_BATCH): ConformanceRun[] {
  const batches = new Map<string, ConformanceCase[]>();
  const runs: ConformanceRun[] = [];
  for (const c of cases) {
    if (c.kind === "decision") continue;
    const key = `${c.harness}:fires:${c.tool}${c.isolate !== undefined ? `:${c.isolate}` : ""}`;
    const list = batches.get(key) ?? [];
    list.push(c);
    batches.set(key, list);
  }
  for (const [key, list] of batches) {
    for (let i = 0; i < list.length; i += maxBatch) {
      const chunk = list.slice(i, i + maxBatch);
      runs.push({
        key: list.length > maxBatch ? `${key}#${i / maxBatch + 1}` : key,
        harness: chunk[0]!.harness,
        tool: chunk[0]!.tool,
        kind: "fires",
        cases: chunk,
        files: filesFor(chunk),
      });
    }
  }
  for (const c of cases) {
    if (c.kind !== "decision") continue;
    runs.push({
      key: c.id,
      harness: c.harness,
      tool: c.tool,
      kind: "decision",
      cases: [c],
      files: filesFor([c]),
    });
  }
  return runs;
}
