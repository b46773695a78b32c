/**
 * The flags of `vigiles eval <plugin dir>`: the suite-only ones checked, the driver of each harness
 * made from `--driver` (or the paid one), and the run or the lock check started from them.
 */
import { InvalidOptionError, VigilesError } from "../../core/errors.js";
import { DEFAULT_HARNESS, findHarness, harnessEntry, UnknownHarnessError } from "../../adapters/registry.js";
import type { CacheMode } from "../../core/eval/spec.js";
import type { Shard } from "../../core/eval/shard.js";
import { paid_claudeEvalDriver } from "../../tiers/eval/claude-driver.js";
import type { EvalDriver } from "../../tiers/eval/driver.js";
import { importModule, loadDriverModule } from "../../tiers/eval/eval-files.js";
import { CliUsageError } from "../command.js";
import { checkSuiteLocks } from "./eval-plugin-suite-gates.js";
import { runSuiteCommand } from "./eval-plugin-suite.js";

/** The flags of `vigiles eval` the suite reads. */
export interface EvalFlagsForSuite {
  readonly driverModule?: string;
  readonly out?: string;
  readonly trials?: number;
  readonly cache?: CacheMode;
  readonly shard?: Shard;
  readonly check: boolean;
  readonly update: boolean;
  readonly lockDir: string;
  readonly gate?: string;
}

/** The suite-only flags, checked. */
export interface SuiteFlags {
  readonly judge?: string;
  readonly threshold?: number;
  readonly requireEffect: boolean;
  /** `--harness a,b`: registered ids or aliases. */
  readonly harnesses?: readonly string[];
  readonly baseline?: string;
  readonly updateBaseline: boolean;
  /** Run the cases' scaffold scripts (`--scaffold`). */
  readonly scaffold: boolean;
}

/** The suite flags as given, each checked (a bad value is a CliUsageError, exit 2). */
export function definedSuiteFlags(values: {
  readonly judge?: string | undefined;
  readonly threshold?: string | undefined;
  readonly harness?: string | undefined;
  readonly baseline?: string | undefined;
  readonly "update-baseline"?: boolean | undefined;
  readonly "require-effect"?: boolean | undefined;
  readonly scaffold?: boolean | undefined;
}): SuiteFlags {
  const { judge, threshold, harness, baseline } = values;
  const value = threshold === undefined ? undefined : Number(threshold);
  if (value !== undefined && !(value >= 0 && value <= 1))
    throw new CliUsageError(`--threshold must be a number from 0 to 1, got "${threshold}".`);
  const updateBaseline = values["update-baseline"] ?? false;
  if (updateBaseline && baseline === undefined)
    throw new CliUsageError("--update-baseline writes the file --baseline names: pass --baseline <file>.");
  const harnesses = harness?.split(",").map((h) => h.trim());
  if (harnesses !== undefined) {
    const unknown = harnesses.find((h) => findHarness(h) === undefined);
    if (unknown !== undefined)
      throw new CliUsageError(new UnknownHarnessError(unknown, `--harness "${unknown}"`).message);
  }
  return {
    requireEffect: values["require-effect"] ?? false,
    updateBaseline,
    scaffold: values.scaffold ?? false,
    ...(judge !== undefined && { judge }),
    ...(value !== undefined && { threshold: value }),
    ...(harnesses !== undefined && { harnesses }),
    ...(baseline !== undefined && { baseline }),
  };
}

/**
 * The driver of each harness: the `--driver` module's export (an object, or a function given
 * `{ harness }`), else the paid driver where vigiles has one (Claude Code). Any other harness
 * without --driver is refused by name before anything runs.
 */
async function driverMaker(
  driverModule: string | undefined,
): Promise<(harness: string) => Promise<EvalDriver>> {
  if (driverModule === undefined)
    return (harness) => {
      const entry = harnessEntry(harness);
      if (entry.id !== DEFAULT_HARNESS.id)
        throw new InvalidOptionError(
          `vigiles has no paid eval driver for ${entry.displayName}: pass --driver <module> whose default export takes { harness } and returns a driver (e.g. mockModelDriver).`,
        );
      return Promise.resolve(paid_claudeEvalDriver());
    };
  const mod = await importModule(driverModule);
  const value = mod["default"] ?? mod["driver"];
  return async (harness) => {
    const made = (
      typeof value === "function" ? await (value as (o: object) => unknown)({ harness }) : value
    ) as Partial<EvalDriver> | undefined;
    if (!made || typeof made.runTrial !== "function" || typeof made.identity !== "string")
      throw new InvalidOptionError(
        `${driverModule} does not export an eval driver (an object with identity and runTrial, or a function of { harness } returning one).`,
      );
    return made as EvalDriver;
  };
}

/** `vigiles eval <plugin dir>`: the driver(s) as `--driver` names them (default the paid one), Ctrl-C stops launches. */
export async function runSuiteFromFlags(
  dir: string,
  flags: EvalFlagsForSuite,
  suite: SuiteFlags,
): Promise<number> {
  if (flags.gate !== undefined)
    throw new CliUsageError(
      "a plugin suite has no --gate: run it whole (its gates are --threshold, --require-effect and --baseline).",
    );
  if (flags.update && flags.shard !== undefined)
    throw new CliUsageError("--update writes the lock of the whole grid, not of a shard: drop --shard.");
  const graceful = new AbortController();
  const onSigint = (): void => graceful.abort();
  process.on("SIGINT", onSigint);
  const write = (line: string): void => {
    process.stderr.write(`${line}\n`);
  };
  try {
    const makeDriver = await driverMaker(flags.driverModule);
    const multi = suite.harnesses !== undefined;
    // Without --harness: the module's driver as it was always loaded (a function called with no argument).
    const single = multi
      ? undefined
      : flags.driverModule
        ? await loadDriverModule(flags.driverModule)
        : paid_claudeEvalDriver();
    if (flags.check) {
      const drivers =
        single !== undefined ? [single] : await Promise.all((suite.harnesses ?? []).map(makeDriver));
      return await checkSuiteLocks(
        dir,
        drivers,
        {
          ...(flags.trials !== undefined && { runs: flags.trials }),
          lockDir: flags.lockDir,
          scaffold: suite.scaffold,
        },
        write,
      );
    }
    return await runSuiteCommand({
      pluginDir: dir,
      ...(single !== undefined
        ? { driver: single }
        : { harnesses: suite.harnesses ?? [], driverFor: makeDriver }),
      requireEffect: suite.requireEffect,
      updateBaseline: suite.updateBaseline,
      updateLock: flags.update,
      lockDir: flags.lockDir,
      scaffold: suite.scaffold,
      signal: graceful.signal,
      write,
      ...(suite.judge !== undefined && { judgeModule: suite.judge }),
      ...(suite.threshold !== undefined && { threshold: suite.threshold }),
      ...(suite.baseline !== undefined && { baseline: suite.baseline }),
      ...(flags.out !== undefined && { out: flags.out }),
      ...(flags.trials !== undefined && { runs: flags.trials }),
      ...(flags.cache !== undefined && { cache: flags.cache }),
      ...(flags.shard !== undefined && { shard: flags.shard }),
    });
  } catch (error) {
    if (!(error instanceof VigilesError)) throw error;
    process.stderr.write(`vigiles eval: ${error.message}\n`);
    return 1;
  } finally {
    process.off("SIGINT", onSigint);
  }
}
