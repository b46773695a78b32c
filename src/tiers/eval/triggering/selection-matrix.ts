/**
 * `measureSelectionMatrix`: runs each skill's prompts against the whole installed set and records
 * which skill the selector resolved, giving an N x N matrix (recall on the diagonal, collision off
 * it). Only on a harness whose stream reports the selection (`skillSelectionEvents`: Claude Code's
 * Skill tool, Gemini CLI's activate_skill); Codex and Copilot report none.
 */
import { definedProps } from "../../../core/defined-props.js";
import { InvalidOptionError } from "../../../core/errors.js";
import type { ArmUsage } from "../../../core/eval-report.js";
import {
  derivePromptsFromDescription,
  deriveTriggerPrompts,
} from "../../../core/triggering/derive-prompts.js";
import { checkPromptDiversity, DEFAULT_MIN_PROMPTS } from "../../../core/triggering/diversity.js";
import { summariseSelectionMatrix } from "../../../core/triggering/matrix.js";
import type { SelectionMatrixReport, SelectionRun } from "../../../core/triggering/matrix-report.js";
import { NO_SKILL, selectedCandidate } from "../../../core/triggering/selection.js";
import type { CacheMode } from "../../../core/eval/spec.js";
import type { EvalDriver, EvalTrial, Effort } from "../driver.js";
import { assertDriverPinsEffort } from "../effort-gate.js";
import {
  addUsage,
  checkModelFloor,
  errorText,
  NO_USAGE,
  positiveInt,
  promptTrialBase,
  usageOf,
} from "./common.js";
import { adapterById } from "../../harness/default-adapter.js";
import { HARNESSES } from "../../../adapters/registry.js";
import { pickDriver } from "./default-driver.js";
import { install, type InstallSource } from "./install.js";
import { runPromptTrials } from "./prompt-trials.js";

/** Derived prompts per skill when no count is asked for: the trigger-rate diversity floor. */
const DEFAULT_DERIVED_PROMPTS = DEFAULT_MIN_PROMPTS;

/** How many prompts to derive per skill, and whether fewer is an error (a count the caller asked for). */
interface DerivedCount {
  readonly count: number;
  readonly strict: boolean;
}

/** Whether a harness's runs report which skill was selected (a driver of an unknown harness: no). */
async function reportsSkillSelection(harness: string): Promise<boolean> {
  const adapter = await adapterById(harness).catch(() => undefined);
  return adapter?.capabilities.skillSelectionEvents === true;
}

/** Options of {@link measureSelectionMatrix}. */
export interface SelectionMatrixOptions {
  /**
   * Curated prompts per skill, keyed by skill name or `plugin:name`: `{ greet: { prompts: [...] } }`.
   * Skills left out get prompts derived from their description.
   */
  readonly prompts?: Readonly<Record<string, { readonly prompts: readonly string[] }>>;
  /** Runs per prompt (default 1). */
  readonly trials?: number;
  /** Runs at once (default 1). */
  readonly concurrency?: number;
  /** Replace skill bodies with a stub so runs stop at selection (default true). */
  readonly stubSkillBodies?: boolean;
  /**
   * Derived prompts per skill. Given, it is a count that must be met: a description that gives fewer
   * distinct prompts refuses the run before any spend (`DerivedPromptsShortError`, saying how many it
   * gives). Default: up to 10, as many as each description gives (at least one).
   */
  readonly derivedPrompts?: number;
  /** Seeds the derived prompts' templates and framings (default 0): the same seed, the same prompts. */
  readonly derivedPromptSeed?: number;
  /** A floor on each skill's curated prompts (default 1); near-duplicates are rejected either way. */
  readonly minPrompts?: number;
  /** Other plugins or loose skills folders co-installed; their skills can take prompts too (column `(other)`). */
  readonly installSet?: readonly InstallSource[];
  /** Files seeded into each run's work dir. */
  readonly fixture?: Readonly<Record<string, string>>;
  /** The selector model (default "sonnet"). */
  readonly model?: string;
  readonly minModel?: string;
  readonly effort?: Effort;
  /** The driver that runs each trial (default: the real Claude Code CLI against the real model). */
  readonly driver?: EvalDriver;
  /** The same as `driver`. */
  readonly evalDriver?: EvalDriver;
  readonly timeoutMs?: number;
  readonly rateLimitRetries?: number;
  readonly retryBackoffMs?: number;
  readonly env?: Readonly<Record<string, string>>;
  /**
   * Record/replay of each run (default "off"), shared with the eval engine and the trigger-rate
   * runner: a replayed run calls no model. The key is every input that can change the answer (the
   * prompt, the trial index, the skill it was sent for, the fixture, the installed plugins' contents
   * as sent (stubbed bodies included), model, effort, env, the driver and its harness version); the
   * derivation options only matter through the prompts they give.
   */
  readonly cache?: CacheMode;
  /** Where the cache lives (default `.vigiles-cache/eval`, shared with the eval engine). */
  readonly cacheDir?: string;
  /** A corrupt cache entry (re-run) or a failed cache write: reported here (default: ignored). */
  readonly onWarning?: (message: string) => void;
}

/**
 * Measures which sibling takes each skill's prompts. The report's `available` is false (and nothing
 * runs) when the driver's harness cannot report skill selection.
 *
 * @example
 * const report = await measureSelectionMatrix("./my-plugin", { trials: 1 });
 * assertNoCollision(report, { maxOffDiagonal: 0.2 });
 */
export async function measureSelectionMatrix(
  pluginDir: string,
  options: SelectionMatrixOptions = {},
): Promise<SelectionMatrixReport> {
  const trials = positiveInt("trials", options.trials, 1);
  const concurrency = positiveInt("concurrency", options.concurrency, 1);
  const derived = derivedCountOf(options);
  const minPrompts = positiveInt("minPrompts", options.minPrompts, 1);
  const model = options.model ?? "sonnet";
  const stub = options.stubSkillBodies ?? true;
  checkModelFloor(model, options.minModel);

  const installation = install({ pluginDir, installSet: options.installSet, stubSkillBodies: stub });
  try {
    const { plugin } = installation;
    const skills = plugin.skills.map((s) => s.id);
    if (skills.length === 0) {
      throw new InvalidOptionError(
        `The plugin at ${JSON.stringify(pluginDir)} has no skills: there is no matrix to measure.`,
      );
    }
    const prompts = promptsPerSkill(plugin.name, plugin.skills, options, derived, minPrompts);
    const driver = pickDriver(options);
    await assertDriverPinsEffort(driver, [options.effort]);
    const base = {
      version: 1 as const,
      plugin: plugin.name,
      harness: driver.harness,
      model,
      ...definedProps({ effort: options.effort }),
      trials,
      prompts,
    };
    if (!(await reportsSkillSelection(driver.harness))) {
      return {
        ...base,
        ...summariseSelectionMatrix(skills, []),
        available: false,
        reason: `${driver.harness} reports no skill-selection event; ${HARNESSES.filter(
          (h) => h.capabilities.skillSelectionEvents,
        )
          .map((h) => h.displayName)
          .join(" and ")} do`,
        runs: [],
        errors: 0,
        usage: NO_USAGE,
        totalCostUsd: 0,
      };
    }
    const total = skills.reduce((sum, s) => sum + (prompts[s]?.prompts.length ?? 0), 0) * trials;
    await driver.preflight?.({ models: [model], efforts: [options.effort], trials: total });

    const trialBase = promptTrialBase(options, installation.pluginDirs, model, stub);
    const done = await runPromptTrials(
      matrixGrid(skills, prompts, trials, trialBase),
      driver,
      { ...options, concurrency },
      {
        failed: (trial, prompt, error): MatrixRun => ({
          run: { skill: trial.arm, prompt, trial: trial.trial, error: errorText(error) },
          usage: NO_USAGE,
        }),
        ran: (trial, prompt, trace, replayed): MatrixRun => ({
          run: {
            skill: trial.arm,
            prompt,
            trial: trial.trial,
            selected: selectedCandidate(trace, skills, installation.aliases) ?? NO_SKILL,
            ...(replayed ? { cached: true as const } : {}),
          },
          usage: usageOf(trace),
        }),
      },
    );
    return { ...base, ...matrixOf(skills, prompts, done) };
  } finally {
    installation.cleanup();
  }
}

/** The derivation options, checked: how many prompts to derive per skill, and whether that count is a must. */
function derivedCountOf(options: SelectionMatrixOptions): DerivedCount {
  const derived: DerivedCount =
    options.derivedPrompts === undefined
      ? { count: DEFAULT_DERIVED_PROMPTS, strict: false }
      : { count: positiveInt("derivedPrompts", options.derivedPrompts, 1), strict: true };
  if (options.derivedPromptSeed !== undefined && !Number.isInteger(options.derivedPromptSeed)) {
    throw new InvalidOptionError(
      `derivedPromptSeed must be an integer, got ${String(options.derivedPromptSeed)}.`,
    );
  }
  return derived;
}

/** One settled run of the matrix and what it cost. */
interface MatrixRun {
  readonly run: SelectionRun;
  readonly usage: ArmUsage;
}

/** Trial-major: every skill's prompts for trial 0, then trial 1 … */
function* matrixGrid(
  skills: readonly string[],
  prompts: SelectionMatrixReport["prompts"],
  trials: number,
  trialBase: Omit<EvalTrial, "arm" | "trial" | "case" | "task">,
): Generator<EvalTrial> {
  for (let trial = 0; trial < trials; trial++) {
    for (const skill of skills) {
      for (const prompt of prompts[skill]?.prompts ?? []) {
        yield {
          arm: skill,
          trial,
          case: prompt,
          task: prompt,
          ...trialBase,
        };
      }
    }
  }
}

/** The matrix and its figures from the settled runs, put in a fixed order first. */
function matrixOf(
  skills: readonly string[],
  prompts: SelectionMatrixReport["prompts"],
  done: MatrixRun[],
): Omit<SelectionMatrixReport, "version" | "plugin" | "harness" | "model" | "effort" | "trials" | "prompts"> {
  // Skill, then trial, then the prompt's place in the skill's set: completion order never shows.
  const order = (r: SelectionRun): number => skills.indexOf(r.skill);
  const place = (r: SelectionRun): number => prompts[r.skill]?.prompts.indexOf(r.prompt) ?? -1;
  done.sort(({ run: a }, { run: b }) => order(a) - order(b) || a.trial - b.trial || place(a) - place(b));
  const runs = done.map((d) => d.run);
  // Summed in run order, not completion order: a replayed run reports the same sums to the last bit.
  const usage = done.reduce((sum: ArmUsage, d) => addUsage(sum, d.usage), NO_USAGE);
  const spent = done.filter((d) => d.run.cached !== true).reduce((sum, d) => sum + d.usage.costUsd, 0);
  const cached = runs.filter((r) => r.cached === true).length;
  const observed = runs.flatMap((r) =>
    r.selected === undefined ? [] : [{ skill: r.skill, selected: r.selected }],
  );
  return {
    ...summariseSelectionMatrix(skills, observed),
    available: true,
    runs,
    errors: runs.filter((r) => r.error !== undefined).length,
    usage,
    totalCostUsd: spent,
    ...(cached > 0 ? { cached } : {}),
  };
}

function promptsPerSkill(
  pluginName: string,
  skills: readonly { id: string; name: string; description: string; whenToUse?: string }[],
  options: SelectionMatrixOptions,
  derivedCount: DerivedCount,
  minPrompts: number,
): Record<string, { prompts: string[]; derived: boolean }> {
  const curated = new Map<string, readonly string[]>();
  for (const [key, value] of Object.entries(options.prompts ?? {})) {
    const id = key.includes(":") ? key : `${pluginName}:${key}`;
    if (!skills.some((s) => s.id === id)) {
      throw new InvalidOptionError(
        `prompts names skill ${JSON.stringify(key)}, which the plugin does not have; its skills are ${skills.map((s) => s.id).join(", ")}.`,
      );
    }
    if (!value || !Array.isArray(value.prompts)) {
      throw new InvalidOptionError(`prompts[${JSON.stringify(key)}] must be { prompts: string[] }.`);
    }
    checkPromptDiversity(value.prompts, { minPrompts, label: `prompts[${JSON.stringify(key)}].prompts` });
    curated.set(id, value.prompts);
  }
  const out: Record<string, { prompts: string[]; derived: boolean }> = {};
  for (const s of skills) {
    const given = curated.get(s.id);
    if (given) {
      out[s.id] = { prompts: [...given], derived: false };
      continue;
    }
    const from = {
      seed: options.derivedPromptSeed ?? 0,
      ...(s.whenToUse !== undefined ? { whenToUse: s.whenToUse } : {}),
    };
    const derived = derivedCount.strict
      ? deriveTriggerPrompts(s.description, { ...from, count: derivedCount.count, skill: s.id })
      : derivePromptsFromDescription(s.description, { ...from, max: derivedCount.count });
    if (derived.length === 0) {
      throw new InvalidOptionError(
        `Skill ${s.id} has no description to derive prompts from; pass prompts for it.`,
      );
    }
    out[s.id] = { prompts: derived, derived: true };
  }
  return out;
}
