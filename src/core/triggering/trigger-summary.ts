/**
 * The trigger-rate report computed from its rows: the same function summarises one run and the
 * merge of its shards, so a merged report is the unsharded report of the same runs.
 */
import type { ArmUsage } from "../eval-report.js";
import { rateInterval } from "./matrix.js";
import type {
  TriggerPromptSet,
  TriggerPromptSummary,
  TriggerRateReport,
  TriggerTrialRow,
} from "./trigger-report.js";

/** One prompt of the grid, in the grid's order (the recall set, then the precision set). */
export interface TriggerCase {
  readonly set: TriggerPromptSet;
  readonly prompt: string;
}

/** What a report says about its run besides the numbers computed from the rows. */
export type TriggerRateHeader = Pick<
  TriggerRateReport,
  | "name"
  | "skill"
  | "installedSkills"
  | "model"
  | "effort"
  | "trials"
  | "stubSkillBodies"
  | "diversity"
  | "shard"
  | "inputsHash"
>;

const NO_USAGE: ArmUsage = { costUsd: 0, inputTokens: 0, outputTokens: 0, durationMs: 0 };

function addUsage(a: ArmUsage, b: ArmUsage): ArmUsage {
  return {
    costUsd: a.costUsd + b.costUsd,
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    durationMs: a.durationMs + b.durationMs,
  };
}

/** The key of a row's prompt in the grid. */
export const caseKey = (c: TriggerCase): string => `${c.set}\u0000${c.prompt}`;

/**
 * The report of `rows` over the grid `cases`: rows sorted by prompt (grid order) then trial, and the
 * usage summed in that order, so the same runs give the same sums to the last bit however they were
 * run (in any completion order, or in shards).
 */
export function summariseTriggerRate(
  header: TriggerRateHeader,
  cases: readonly TriggerCase[],
  unsorted: readonly TriggerTrialRow[],
): TriggerRateReport {
  const place = new Map(cases.map((c, i) => [caseKey(c), i]));
  const at = (r: TriggerTrialRow): number => place.get(caseKey(r)) ?? cases.length;
  const rows = [...unsorted].sort((a, b) => at(a) - at(b) || a.trial - b.trial);
  const usage = rows.reduce((sum: ArmUsage, r) => addUsage(sum, r.usage), NO_USAGE);
  const spent = rows.filter((r) => r.cached !== true).reduce((sum, r) => sum + r.usage.costUsd, 0);
  const ran = (set: TriggerPromptSet) => rows.filter((r) => r.set === set && r.fired !== undefined);
  const relevant = ran("relevant");
  const irrelevant = ran("irrelevant");
  const fired = relevant.filter((r) => r.fired).length;
  const falsePositives = irrelevant.filter((r) => r.fired).length;
  const n = relevant.length;
  const nIrrelevant = irrelevant.length;
  const cached = rows.filter((r) => r.cached === true).length;
  const prompts: TriggerPromptSummary[] = cases.map(({ set, prompt }) => {
    const mine = rows.filter((r) => r.set === set && r.prompt === prompt && r.fired !== undefined);
    const hits = mine.filter((r) => r.fired).length;
    return { set, prompt, n: mine.length, fired: hits, rate: mine.length === 0 ? 0 : hits / mine.length };
  });
  return {
    version: 1,
    ...(header.name !== undefined ? { name: header.name } : {}),
    ...(header.skill !== undefined ? { skill: header.skill } : {}),
    installedSkills: header.installedSkills,
    competitors: Math.max(0, header.installedSkills.length - 1),
    model: header.model,
    ...(header.effort !== undefined ? { effort: header.effort } : {}),
    trials: header.trials,
    stubSkillBodies: header.stubSkillBodies,
    ...(header.shard !== undefined ? { shard: header.shard } : {}),
    n,
    fired,
    rate: n === 0 ? 0 : fired / n,
    rateInterval: rateInterval(fired, n),
    nIrrelevant,
    falsePositives,
    falsePositiveRate: nIrrelevant === 0 ? null : falsePositives / nIrrelevant,
    falsePositiveInterval: nIrrelevant === 0 ? null : rateInterval(falsePositives, nIrrelevant),
    precision: nIrrelevant === 0 || fired + falsePositives === 0 ? null : fired / (fired + falsePositives),
    errors: rows.filter((r) => r.error !== undefined).length,
    prompts,
    rows,
    usage,
    totalCostUsd: spent,
    ...(cached > 0 ? { cached } : {}),
    diversity: header.diversity,
    ...(header.inputsHash !== undefined ? { inputsHash: header.inputsHash } : {}),
  };
}
