/**
 * `measureTriggerRate` (published as `paid_measureTriggerRate`): how often the real selector picks a
 * skill on prompts that should fire it (recall), and how often on prompts that should not (false
 * positives, precision). Every prompt runs `trials` times through an eval driver, with the skill
 * competing against the rest of its plugin and the optional install set.
 */
import { definedProps } from "../../../core/defined-props.js";
import { InvalidOptionError } from "../../../core/errors.js";
import { inShard } from "../../../core/eval/shard.js";
import type { Trace } from "../../../core/trace.js";
import { checkPromptDiversity, type DiversityResult } from "../../../core/triggering/diversity.js";
import { selectedCandidate, skillSelections } from "../../../core/triggering/selection.js";
import type {
  TriggerPromptSet,
  TriggerRateReport,
  TriggerTrialRow,
} from "../../../core/triggering/trigger-report.js";
import { summariseTriggerRate, type TriggerCase } from "../../../core/triggering/trigger-summary.js";
import type { EvalDriver, EvalTrial, Effort } from "../driver.js";
import { assertDriverPinsEffort } from "../effort-gate.js";
import type { CacheMode } from "../../../core/eval/spec.js";
import { checkModelFloor, errorText, NO_USAGE, positiveInt, promptTrialBase, usageOf } from "./common.js";
import { install, type Installation, type InstallSource } from "./install.js";
import { runPromptTrials } from "./prompt-trials.js";
import { pickDriver } from "./default-driver.js";

/** Options of {@link measureTriggerRate}. */
export interface TriggerRateOptions {
  /** Names the measurement (reports, eval locks). */
  readonly name?: string;
  /** A loose skills folder (`.claude/skills`), packaged into a throwaway plugin. Exactly one of this and `pluginDir`. */
  readonly skillsDir?: string;
  /** An already packaged plugin. Exactly one of this and `skillsDir`. */
  readonly pluginDir?: string;
  /** Plugin name a `skillsDir` is packaged under (default `local-skills`): its skills resolve as `<name>:<skill>`. */
  readonly pluginName?: string;
  /**
   * The skill measured, as `plugin:name` or a bare name. The default `fired` predicate is "this skill
   * resolved". Optional when the plugin has one skill or `fired` is given.
   */
  readonly skill?: string;
  /** The recall set: prompts that should fire the skill (at least `minPrompts`, no near-duplicates). */
  readonly prompts: readonly string[];
  /** The precision set: prompts that should not fire it (no near-duplicates). */
  readonly irrelevantPrompts?: readonly string[];
  /** Whether a run fired the skill (default: the skill resolved through the Skill tool). */
  readonly fired?: (trace: Trace) => boolean;
  /** Replace skill bodies with a stub (descriptions kept) so a run stops at selection. */
  readonly stubSkillBodies?: boolean;
  /** Files seeded into each run's work dir (the repo state a skill fires on). */
  readonly fixture?: Readonly<Record<string, string>>;
  /** Other plugins or loose skills folders co-installed as competitors (a release-gate measurement). */
  readonly installSet?: readonly InstallSource[];
  /** Runs per prompt (default 1). */
  readonly trials?: number;
  /** Runs at once (default 1). */
  readonly concurrency?: number;
  /** The selector model (default "sonnet"). */
  readonly model?: string;
  /** Fail before any spend when `model` is below this family (haiku < sonnet < opus). */
  readonly minModel?: string;
  /** The reasoning budget the runs are pinned to. */
  readonly effort?: Effort;
  /** The diversity gate's floor on `prompts` (default 10). */
  readonly minPrompts?: number;
  /** The driver that runs each trial (default: the real Claude Code CLI against the real model). */
  readonly driver?: EvalDriver;
  /** The same as `driver` (the spec's name for it). */
  readonly evalDriver?: EvalDriver;
  /** Per-run wall-clock limit in ms. */
  readonly timeoutMs?: number;
  readonly rateLimitRetries?: number;
  readonly retryBackoffMs?: number;
  /** Extra environment for the harness (never credentials). */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * Record/replay of each run (default "off"), as the eval engine does it: a replayed run calls no
   * model. The key is every model-affecting input (prompt, trial, fixture, the installed plugins'
   * contents with stubbed bodies, model, effort, env, driver and harness version); `fired` and `skill`
   * are not in it, so a changed predicate re-scores recorded runs for free.
   */
  readonly cache?: CacheMode;
  /** Where the cache lives (default `.vigiles-cache/eval`, shared with the eval engine). */
  readonly cacheDir?: string;
  /** A corrupt cache entry (re-run) or a failed cache write: reported here (default: ignored). */
  readonly onWarning?: (message: string) => void;
  /**
   * Run only this slice of the prompts x trials grid (`vigiles eval --shard i/n`, 1-based): the run of
   * prompt `p` (its place in `prompts` then `irrelevantPrompts`) and trial `t` belongs to shard
   * `(t + p) mod total + 1`. `vigiles merge-reports` merges every shard's report into the whole one.
   */
  readonly shard?: { readonly index: number; readonly total: number };
}

function resolveSkill(
  requested: string | undefined,
  ids: readonly string[],
  plugin: string,
  aliases: ReadonlyMap<string, string>,
): string | undefined {
  if (requested === undefined) return undefined;
  const qualified = requested.includes(":") ? requested : `${plugin}:${requested}`;
  const id = aliases.get(qualified) ?? qualified;
  if (!ids.includes(id)) {
    throw new InvalidOptionError(
      `skill ${JSON.stringify(requested)} is not in the plugin; its skills are ${ids.map((s) => JSON.stringify(s)).join(", ") || "(none)"}.`,
    );
  }
  return id;
}

/**
 * Measures a skill's trigger rate and, with `irrelevantPrompts`, its false-positive rate and
 * precision. The prompt sets pass the diversity gate, the model its floor and the driver its
 * preflight before any run starts.
 *
 * @example
 * const report = await paid_measureTriggerRate({
 *   pluginDir: "./my-plugin",
 *   prompts: tenVariedPrompts,
 *   irrelevantPrompts: tenOtherPrompts,
 *   fired: (t) => skillResolved(t, "my-plugin:greet"),
 *   stubSkillBodies: true,
 * });
 * assertTriggerRate(report, { min: 0.8, maxFalsePositive: 0.1 });
 */
export async function measureTriggerRate(options: TriggerRateOptions): Promise<TriggerRateReport> {
  const trials = positiveInt("trials", options.trials, 1);
  const concurrency = positiveInt("concurrency", options.concurrency, 1);
  const shard = checkShard(options.shard);
  const model = options.model ?? "sonnet";
  const stub = options.stubSkillBodies ?? false;
  const sets = checkPromptSets(options);
  checkModelFloor(model, options.minModel);

  const installation = install({
    pluginDir: options.pluginDir,
    skillsDir: options.skillsDir,
    pluginName: options.pluginName,
    installSet: options.installSet,
    stubSkillBodies: stub,
  });
  try {
    const skill = measuredSkill(options, installation);
    const fired =
      options.fired ??
      ((t: Trace) => selectedCandidate(t, installation.skillIds, installation.aliases) === skill);

    const driver = pickDriver(options);
    await assertDriverPinsEffort(driver, [options.effort]);
    const cases: TriggerCase[] = [
      ...options.prompts.map((prompt) => ({ set: "relevant" as const, prompt })),
      ...sets.irrelevant.map((prompt) => ({ set: "irrelevant" as const, prompt })),
    ];
    const planned = plannedRuns(cases.length, trials, shard);
    await driver.preflight?.({ models: [model], efforts: [options.effort], trials: planned });

    const trialBase = promptTrialBase(options, installation.pluginDirs, model, stub);
    const rows = await runPromptTrials(
      triggerGrid(cases, trials, shard, trialBase),
      driver,
      { ...options, concurrency },
      {
        failed: (trial, prompt, error): TriggerTrialRow => ({
          set: trial.arm as TriggerPromptSet,
          prompt,
          trial: trial.trial,
          error: errorText(error),
          usage: NO_USAGE,
        }),
        ran: (trial, prompt, trace, replayed): TriggerTrialRow => {
          const selected = skillSelections(trace)[0]?.id;
          return {
            set: trial.arm as TriggerPromptSet,
            prompt,
            trial: trial.trial,
            fired: fired(trace) === true,
            ...(selected ? { selected } : {}),
            usage: usageOf(trace),
            ...(replayed ? { cached: true as const } : {}),
          };
        },
      },
    );
    return summariseTriggerRate(
      {
        ...definedProps({ name: options.name, skill }),
        installedSkills: installation.skillIds,
        model,
        ...definedProps({ effort: options.effort }),
        trials,
        stubSkillBodies: stub,
        ...definedProps({ shard }),
        diversity: {
          prompts: sets.gate.minDistance,
          ...(sets.irrelevantGate ? { irrelevantPrompts: sets.irrelevantGate.minDistance } : {}),
        },
      },
      cases,
      rows,
    );
  } finally {
    installation.cleanup();
  }
}

/** The recall and precision sets, checked: each diverse enough, and no prompt in both. */
function checkPromptSets(options: TriggerRateOptions): {
  readonly gate: DiversityResult;
  readonly irrelevant: readonly string[];
  readonly irrelevantGate: DiversityResult | undefined;
} {
  if (!Array.isArray(options.prompts)) {
    throw new InvalidOptionError("prompts must be an array of strings (the recall set).");
  }
  const gate = checkPromptDiversity(options.prompts, { minPrompts: options.minPrompts, label: "prompts" });
  const irrelevant = options.irrelevantPrompts ?? [];
  const irrelevantGate =
    irrelevant.length > 0
      ? checkPromptDiversity(irrelevant, { minPrompts: 1, label: "irrelevantPrompts" })
      : undefined;
  const overlap = options.prompts.find((p) => irrelevant.includes(p));
  if (overlap !== undefined) {
    throw new InvalidOptionError(`${JSON.stringify(overlap)} is in both prompts and irrelevantPrompts.`);
  }
  return { gate, irrelevant, irrelevantGate };
}

/**
 * The skill measured: the one named, else the plugin's only skill unless `fired` says what fired.
 * Refused when it is not offered to the model (its rate would be 0 by construction).
 */
function measuredSkill(options: TriggerRateOptions, installation: Installation): string | undefined {
  const pluginSkills = installation.plugin.skills.map((s) => s.id);
  let skill = resolveSkill(options.skill, pluginSkills, installation.plugin.name, installation.aliases);
  if (skill === undefined && options.fired === undefined) {
    if (pluginSkills.length !== 1) {
      throw new InvalidOptionError(
        `The plugin has ${pluginSkills.length} skills (${pluginSkills.join(", ") || "none"}): name the one measured with ` +
          "`skill`, or pass a `fired` predicate.",
      );
    }
    skill = pluginSkills[0];
  }
  const targetSkill = installation.plugin.skills.find((s) => s.id === skill);
  const unlisted = targetSkill
    ? installation.plugin.problems.find(
        (p) => p.severity === "error" && p.path.endsWith(`${targetSkill.folder}/SKILL.md`),
      )
    : undefined;
  if (unlisted) {
    throw new InvalidOptionError(
      `Skill ${skill} is not offered to the model, so its rate would be 0 by construction: ${unlisted.message} ${unlisted.fix}`,
    );
  }
  return skill;
}

/** How many runs this shard of the grid makes (what the driver's preflight is told). */
function plannedRuns(cases: number, trials: number, shard: TriggerRateOptions["shard"]): number {
  let planned = 0;
  for (let trial = 0; trial < trials; trial++)
    for (let p = 0; p < cases; p++) if (inShard(trial, p, shard)) planned++;
  return planned;
}

/** Trial-major: every case of trial 0, then trial 1 …, only this shard's. */
function* triggerGrid(
  cases: readonly TriggerCase[],
  trials: number,
  shard: { readonly index: number; readonly total: number } | undefined,
  trialBase: Omit<EvalTrial, "arm" | "trial" | "case" | "task">,
): Generator<EvalTrial> {
  for (let trial = 0; trial < trials; trial++) {
    for (const [p, c] of cases.entries()) {
      if (!inShard(trial, p, shard)) continue;
      yield {
        arm: c.set,
        trial,
        case: c.prompt,
        task: c.prompt,
        ...trialBase,
      };
    }
  }
}

/** The `shard` option, checked: 1 <= index <= total, integers. */
function checkShard(
  shard: TriggerRateOptions["shard"],
): { readonly index: number; readonly total: number } | undefined {
  if (shard === undefined) return undefined;
  const { index, total } = shard;
  if (!Number.isInteger(index) || !Number.isInteger(total) || total < 1 || index < 1 || index > total) {
    throw new InvalidOptionError(
      `shard must be { index, total } with 1 <= index <= total (e.g. { index: 2, total: 4 }), got ${JSON.stringify(shard)}.`,
    );
  }
  return { index, total };
}
