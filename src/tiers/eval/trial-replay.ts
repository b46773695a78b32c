/**
 * Record/replay of trials over the trial cache, shared by every runner that drives a grid (the eval
 * engine, the trigger-rate runner). The key is every model-affecting input of the trial (task, files,
 * plugin contents, model, effort, env, the driver's identity and harness version …), so a replay is
 * only ever of the same question; the scoring (measure, checks, `fired`) is left out on purpose, so a
 * changed metric re-scores recorded trials for free. A corrupt entry is a miss, with a warning.
 */
import { trialCacheKey } from "../../core/eval/cache-key.js";
import { standInKey } from "../../core/plugin-eval/stand-in-spec.js";
import { hashOf } from "../../core/eval/canonical-hash.js";
import { readFileSync } from "node:fs";
import type { CacheMode } from "../../core/eval/spec.js";
import { TrialCache } from "./cache.js";
import type { DriverTrace, EvalDriver, EvalTrial } from "./driver.js";
import { hashPluginDir } from "./plugin-hash.js";
import { recordTrace, replayTrace } from "./recorded-trace.js";

export class TrialReplay {
  readonly cache: TrialCache;
  private readonly driver: EvalDriver;
  private readonly warn: (message: string) => void;
  private readonly pluginHashes = new Map<string, string>();
  private readonly keys = new Map<EvalTrial, string>();

  constructor(
    mode: CacheMode,
    dir: string | undefined,
    driver: EvalDriver,
    warn: (message: string) => void = () => {},
  ) {
    this.cache = new TrialCache(mode, dir);
    this.driver = driver;
    this.warn = warn;
  }

  /** The trial's cache key (read the driver's identity late: it names the harness resolved in preflight). */
  keyOf(t: EvalTrial): string {
    let key = this.keys.get(t);
    if (key !== undefined) return key;
    key = trialCacheKey({
      arm: t.arm,
      trial: t.trial,
      task: t.task,
      files: t.files,
      settings: t.settings,
      pluginHashes: t.pluginDirs.map((d) => this.pluginHashOf(d)),
      model: t.model,
      stubSkillBodies: t.stubSkillBodies,
      env: t.env,
      driverIdentity: this.driver.identity,
      ...(t.case !== undefined ? { case: t.case } : {}),
      ...(t.effort !== undefined ? { effort: t.effort } : {}),
      ...(t.allowedTools ? { allowedTools: t.allowedTools } : {}),
      ...(t.maxTurns !== undefined ? { maxTurns: t.maxTurns } : {}),
      ...(t.mcpStandIns !== undefined ? { mcpStandIns: standInKey(t.mcpStandIns) } : {}),
      // The script's content, never its path: an edited scaffold re-runs.
      ...(t.setupScript !== undefined ? { setupScript: hashOf(readFileSync(t.setupScript, "utf8")) } : {}),
    });
    this.keys.set(t, key);
    return key;
  }

  /** The recorded trace of this trial, or undefined (cache off, a miss, or a corrupt entry: re-run). */
  replay(trial: EvalTrial): DriverTrace | undefined {
    if (!this.cache.readable) return undefined;
    const found = this.cache.lookup(this.keyOf(trial));
    if (found.kind === "corrupt") {
      this.warn(`cache entry ${found.path} is corrupt (${found.reason}); re-running the trial.`);
      return undefined;
    }
    return found.kind === "hit" ? replayTrace(found.trace, trial.files) : undefined;
  }

  /** Records a live trial (when the mode writes); a failed write is a warning, never a failed trial. */
  record(trial: EvalTrial, trace: DriverTrace): void {
    if (!this.cache.writable) return;
    try {
      this.cache.store(this.keyOf(trial), this.driver.identity, recordTrace(trace));
    } catch (error) {
      this.warn(
        `could not record trial ${trial.arm}#${trial.trial} in the cache: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Forgets the trial's key (the grid is done with it). */
  release(trial: EvalTrial): void {
    this.keys.delete(trial);
  }

  private pluginHashOf(dir: string): string {
    let h = this.pluginHashes.get(dir);
    if (h === undefined) this.pluginHashes.set(dir, (h = hashPluginDir(dir)));
    return h;
  }
}
