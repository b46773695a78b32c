/**
 * An eval driver for the spec samples, built only from the package's public surface: each trial is a
 * real `runHarnessTest` (the pinned Claude Code CLI against the local mock model, free), and the test
 * decides per trial which scripted turns the mock serves. What the report then says (a skill resolved,
 * a file written) is read from the real run, so a plugin that does not load or a tool that does not
 * run shows up as a failed trial, never as a made-up pass.
 */
import { runHarnessTest } from "vigiles";
import type { ModelRequest, ModelTurnSource } from "vigiles";
import type { DriverTrace, EvalDriver, EvalTrial } from "vigiles/eval";

export interface CliDriver extends EvalDriver {
  /** Every trial the engine handed over, in launch order. */
  readonly trials: EvalTrial[];
}

/** The text of a request's messages (what the CLI sent the model). */
export const requestText = (request: ModelRequest): string => request.messages.map((m) => m.text).join("\n");

export function cliDriver(script: (trial: EvalTrial) => readonly ModelTurnSource[]): CliDriver {
  const trials: EvalTrial[] = [];
  return {
    identity: "claude-code/spec-samples-mock",
    harness: "claude-code",
    paid: false,
    trials,
    async runTrial(trial): Promise<DriverTrace> {
      trials.push(trial);
      return runHarnessTest({
        prompt: trial.task,
        model: [...script(trial)],
        plugins: trial.pluginDirs,
        files: trial.files,
        env: trial.env,
        modelName: trial.model,
        ...(trial.effort !== undefined ? { effort: String(trial.effort) } : {}),
        sandbox: false,
        transcript: true,
        timeoutMs: trial.timeoutMs ?? 90_000,
        // A sample's script answers by what it was sent; a closing turn it never needed is no failure here.
        allowUnservedTurns: true,
        ...(trial.settings ? { settings: trial.settings } : {}),
        ...(trial.allowedTools ? { allowedTools: trial.allowedTools } : {}),
      });
    },
  };
}
