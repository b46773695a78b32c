/**
 * An eval driver for tests: the REAL Claude Code CLI against the mock model, where the mock plays a
 * skill selector whose choice is a seeded function of the prompt (and the trial index). The choice
 * is made inside the mock from the request the CLI sent: it reads the user prompt and the skills
 * listing there, so a skill that was not installed cannot be chosen.
 */
import { createHash } from "node:crypto";
import type { ModelTurn } from "../../src/core/model-turn.js";
import type { ModelRequest } from "../../src/core/trace.js";
import type { DriverTrace, EvalDriver, EvalTrial } from "../../src/tiers/eval/driver.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";

/** Where a prompt's runs go: skill id -> probability; the rest of the mass selects no skill. */
export type ChoiceRow = Readonly<Record<string, number>>;

/** A uniform number in [0, 1) from the seed, prompt and trial: the same inputs, the same draw. */
export function seededUniform(seed: string, prompt: string, trial: number): number {
  const h = createHash("sha256").update(`${seed}\u0000${prompt}\u0000${trial}`).digest();
  return h.readUInt32BE(0) / 2 ** 32;
}

/** The skill a row picks for a draw `u` (undefined = no skill). */
export function pick(row: ChoiceRow, u: number): string | undefined {
  let acc = 0;
  for (const [skill, p] of Object.entries(row)) {
    acc += p;
    if (u < acc) return skill;
  }
  return undefined;
}

/** What the driver saw of one run, for tests that inspect what reached the model. */
export interface ObservedRun {
  readonly trial: EvalTrial;
  readonly chosen: string | undefined;
  readonly requests: readonly ModelRequest[];
}

export interface SelectorDriverOptions {
  readonly seed: string;
  /** The choice row of each prompt (prompts not listed select no skill). */
  readonly rows: ReadonlyMap<string, ChoiceRow>;
  /** Filled with every run, in completion order. */
  readonly observed?: ObservedRun[];
  /** The harness the driver claims to run (default claude-code). */
  readonly harness?: string;
}

const requestText = (r: ModelRequest): string => r.messages.map((m) => m.text).join("\n");

/** The driver. Counts its calls in `calls`. */
export function selectorDriver(options: SelectorDriverOptions): EvalDriver & { calls: number } {
  const driver = {
    identity: "claude-code@2.1.328/test-selector",
    harness: options.harness ?? "claude-code",
    paid: false,
    calls: 0,
    async runTrial(trial: EvalTrial): Promise<DriverTrace> {
      driver.calls++;
      let chosen: string | undefined;
      const first = (request: ModelRequest): ModelTurn => {
        const text = requestText(request);
        if (!text.includes(trial.task)) return { text: "The prompt never reached me." };
        const row = options.rows.get(trial.task) ?? {};
        const want = pick(row, seededUniform(options.seed, trial.task, trial.trial));
        // The CLI lists installed skills as "- plugin:name: description".
        chosen = want !== undefined && text.includes(`- ${want}:`) ? want : undefined;
        return chosen === undefined
          ? { text: "No skill fits; answering directly." }
          : { tool: "Skill", input: { skill: chosen } };
      };
      const result = await runHarnessTest({
        prompt: trial.task,
        model: [first, { text: "done" }],
        plugins: trial.pluginDirs,
        files: trial.files,
        env: trial.env,
        sandbox: false,
        modelName: trial.model,
        timeoutMs: trial.timeoutMs ?? 60_000,
        // The closing turn is served only when the first turn called a skill.
        allowUnservedTurns: true,
      });
      options.observed?.push({ trial, chosen, requests: result.modelRequests });
      return result;
    },
  };
  return driver;
}
