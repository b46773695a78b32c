/** What `vigiles eval` does once its arguments are parsed (./eval.ts declares the command). */
import type { EvalCommandArgs } from "./eval-options.js";
import { basename, dirname, join, relative } from "node:path";
import { claudeCodeAdapter } from "../../adapters/claude-code/adapter.js";
import {
  HARNESS_VERSION_ENV,
  parseHarnessVersions,
  resolveHarnessVersion,
} from "../../tiers/harness/harness-version.js";
import { CliUsageError, oneOf } from "../command.js";
import { VigilesError } from "../../core/errors.js";
import { parseShard, type Shard } from "../../core/eval/shard.js";
import { progressLine } from "../../core/eval/progress-line.js";
import { armSummaryLines } from "../../core/eval/arm-summary.js";
import type { EvalReport } from "../../core/eval-report.js";
import type { EvalDefinition } from "../../core/eval/eval-file.js";
import type { CacheMode } from "../../core/eval/spec.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { killAllLiveProcesses } from "../../runtime/process.js";
import { paid_claudeEvalDriver } from "../../tiers/eval/claude-driver.js";
import type { EvalDriver } from "../../tiers/eval/driver.js";
import type { EvalProgress } from "../../tiers/eval/engine.js";
import {
  definitionInputsHash,
  evalName,
  findEvalFiles,
  loadDriverModule,
  loadEvalFile,
  runDefinition,
} from "../../tiers/eval/eval-files.js";
import { checkLock, DEFAULT_LOCK_DIR, writeLock } from "../../tiers/eval/lock.js";
import { mergedReportForGate } from "../../tiers/eval/merged-gate.js";
import { isPluginSuiteDir } from "./eval-plugin-suite.js";
import { definedSuiteFlags, runSuiteFromFlags } from "./eval-plugin-suite-flags.js";

interface Flags {
  readonly trials?: number;
  readonly shard?: Shard;
  readonly out?: string;
  readonly check: boolean;
  readonly update: boolean;
  readonly lockDir: string;
  readonly driverModule?: string;
  readonly cache?: CacheMode;
  readonly gate?: string;
}

/** The flags, checked together; a bad value or combination is a CliUsageError (exit 2). */
function toFlags(v: EvalCommandArgs["values"]): Flags {
  let trials: number | undefined;
  if (v.trials !== undefined) {
    trials = Number(v.trials);
    if (!Number.isInteger(trials) || trials < 1)
      throw new CliUsageError(`--trials must be a positive integer, got "${v.trials}".`);
  }
  if (v.check && v.update) throw new CliUsageError("--check and --update cannot be used together.");
  if (v.gate !== undefined && (v.check || v.shard !== undefined)) {
    throw new CliUsageError(
      "--gate judges a merged report and runs nothing: it takes neither --check nor --shard.",
    );
  }
  if (v.update && v.shard !== undefined) {
    throw new CliUsageError(
      "--update writes the lock of the whole grid, not of a shard: merge the shards (vigiles merge-reports), then run --gate <merged report> --update.",
    );
  }
  if (v["harness-version"] !== undefined) claudeRelease(v["harness-version"]);
  const cache =
    v.cache === undefined
      ? undefined
      : oneOf("cache", v.cache, ["readwrite", "read", "write", "off"] as const);
  let shard: Shard | undefined;
  try {
    if (v.shard !== undefined) shard = parseShard(v.shard);
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  return {
    check: v.check ?? false,
    update: v.update ?? false,
    lockDir: v["lock-dir"] ?? DEFAULT_LOCK_DIR,
    ...(trials !== undefined ? { trials } : {}),
    ...(shard ? { shard } : {}),
    ...(v.out !== undefined ? { out: v.out } : {}),
    ...(v.driver !== undefined ? { driverModule: v.driver } : {}),
    ...(cache !== undefined ? { cache } : {}),
    ...(v.gate !== undefined ? { gate: v.gate } : {}),
  };
}

/**
 * The one Claude Code release `--harness-version` names, checked before the registry is asked: a
 * malformed version, another harness's release or a list is bad input, never a registry request.
 */
function claudeRelease(text: string): string {
  let specs;
  try {
    specs = parseHarnessVersions(text, "claude-code");
  } catch (error) {
    throw new CliUsageError(`--harness-version: ${(error as Error).message}.`);
  }
  const spec = specs[0];
  if (specs.length !== 1 || spec?.harness !== "claude-code")
    throw new CliUsageError(
      `--harness-version "${text}": the default driver runs Claude Code; name one Claude Code release (e.g. 2.1.332, latest).`,
    );
  return spec.version;
}

function reportPath(file: string, name: string | undefined, flags: Flags, several: boolean): string {
  const base =
    (name ?? basename(file).replace(/\.eval\.(mjs|ts)$/, "")) +
    (flags.shard ? `.shard-${flags.shard.index}-of-${flags.shard.total}` : "");
  if (flags.out !== undefined && !several) return flags.out;
  return join(flags.out ?? ".vigiles/eval-reports", `${base}.json`);
}

/** The live display on a TTY (one rewritten line), plain lines otherwise (CI, pipes). */
function progressReporter(label: string): { update(p: EvalProgress): void; end(): void } {
  const live = process.stderr.isTTY === true && !process.env["CI"];
  let last = 0;
  let lastPlainDone = -1;
  return {
    update(p) {
      const now = Date.now();
      if (live) {
        if (now - last < 100 && p.done < p.total) return;
        last = now;
        process.stderr.write(`\r\x1b[K${progressLine(label, p)}`);
        return;
      }
      const step = Math.max(1, Math.ceil(p.total / 10));
      if (p.done === lastPlainDone) return;
      if (p.done === p.total || p.done % step === 0 || now - last > 10_000) {
        last = now;
        lastPlainDone = p.done;
        process.stderr.write(`${progressLine(label, p)}\n`);
      }
    },
    end() {
      if (live) process.stderr.write("\n");
    },
  };
}

/** Runs `vigiles eval` with parsed arguments; resolves to the exit code. */
export async function runEval({ values, positionals }: EvalCommandArgs): Promise<number> {
  const flags = toFlags(values);
  const suiteDir =
    positionals.length === 1 && isPluginSuiteDir(positionals[0] ?? "") ? positionals[0] : undefined;
  if (suiteDir !== undefined) return runSuiteFromFlags(suiteDir, flags, definedSuiteFlags(values));
  const files = await findEvalFiles(positionals);
  if (files.length === 0) {
    process.stderr.write(
      `vigiles eval: no eval files found (${positionals.length > 0 ? positionals.join(" ") : "*.eval.mjs, *.eval.ts"}).\n`,
    );
    return 1;
  }
  if (flags.gate !== undefined && files.length !== 1) {
    process.stderr.write(
      `vigiles eval: --gate judges one eval's merged report; name that eval's file (found ${files.length}).\n`,
    );
    return 2;
  }
  let driver: EvalDriver;
  try {
    const release = values["harness-version"];
    if (release !== undefined) {
      // The one explicit registry fetch; every trial then takes the cached release.
      const found = await resolveHarnessVersion(claudeCodeAdapter, claudeRelease(release), {
        fetch: true,
      });
      process.env[HARNESS_VERSION_ENV] = `claude-code@${found.version}`;
    }
    driver = flags.driverModule ? await loadDriverModule(flags.driverModule) : paid_claudeEvalDriver();
  } catch (error) {
    process.stderr.write(`vigiles eval: ${(error as Error).message}\n`);
    return 2;
  }

  const graceful = new AbortController();
  const force = new AbortController();
  let interrupts = 0;
  const onSigint = (): void => {
    interrupts++;
    if (interrupts === 1) {
      process.stderr.write(
        "\nvigiles eval: stopping; in-flight trials finish (Ctrl-C again to kill them).\n",
      );
      graceful.abort();
    } else {
      process.stderr.write("\nvigiles eval: killing in-flight trials.\n");
      force.abort();
      killAllLiveProcesses("SIGKILL");
    }
  };
  process.on("SIGINT", onSigint);
  let failed = false;
  try {
    for (const file of files) {
      if (graceful.signal.aborted) break;
      const ok = await runOneFile(file, files.length > 1, flags, driver, graceful.signal, force.signal);
      failed ||= ok === false;
    }
  } finally {
    process.off("SIGINT", onSigint);
  }
  if (interrupts > 0) return 130;
  return failed ? 1 : 0;
}

async function runOneFile(
  file: string,
  several: boolean,
  flags: Flags,
  driver: EvalDriver,
  signal: AbortSignal,
  forceSignal: AbortSignal,
): Promise<boolean | "skipped"> {
  const label = basename(file);
  let definition: EvalDefinition;
  try {
    definition = await loadEvalFile(file);
  } catch (error) {
    process.stderr.write(`${label}: ${(error as Error).message}\n`);
    return false;
  }
  if (definition.skip !== undefined) {
    // Declared not ready (init's skeleton before its prompts are written): no run, no report, loud.
    process.stdout.write(`${label}: skipped, nothing measured: ${definition.skip}\n`);
    return "skipped";
  }
  const name = evalName(definition);
  try {
    if (flags.check) return checkOne(label, definition, name, flags, driver);
    if (flags.gate !== undefined) return await gateMerged(label, definition, name, flags.gate, flags, driver);
    if (flags.update && name === undefined) {
      process.stderr.write(
        `${label}: this eval has no name, so it has no lock to update. Add name inside the runner spec, e.g. { runEval: { name: "…", … } }.\n`,
      );
      return false;
    }
    const out = reportPath(file, name, flags, several);
    const rowsFile = out.replace(/\.json$/, "") + ".rows.jsonl";
    const progress = progressReporter(name ?? label);
    const warnings: string[] = [];
    const run = await runDefinition(definition, {
      driver,
      signal,
      forceSignal,
      rowsFile,
      onProgress: (p) => progress.update(p),
      onWarning: (m) => warnings.push(m),
      ...(flags.shard ? { shard: flags.shard } : {}),
      ...(flags.trials !== undefined ? { trials: flags.trials } : {}),
      ...(flags.cache !== undefined ? { cache: flags.cache } : {}),
    });
    progress.end();
    for (const w of warnings.slice(0, 20)) process.stderr.write(`${label}: warning: ${w}\n`);
    if (warnings.length > 20) process.stderr.write(`${label}: … ${warnings.length - 20} more warnings\n`);
    // The report names its rows file relative to itself, so `vigiles report` finds it from anywhere.
    const report =
      typeof run.report["rowsFile"] === "string"
        ? { ...run.report, rowsFile: relative(dirname(out), rowsFile) }
        : run.report;
    writeFileAtomic(out, JSON.stringify(report, null, 2) + "\n");
    if (isArmsReport(run.report)) {
      for (const line of armSummaryLines(label, run.report)) process.stdout.write(`${line}\n`);
    }
    process.stdout.write(
      `${label}: report written to ${out}${"aborted" in run.report && run.report["aborted"] ? " (aborted)" : ""}\n`,
    );
    if (flags.update && name !== undefined) {
      // A lock is committed: it keeps the summary, not a path to this run's rows file.
      const { rowsFile: _rows, ...locked } = report as Record<string, unknown>;
      const path = writeLock(name, run.inputsHash, run.driverIdentity, locked, flags.lockDir);
      process.stdout.write(`${label}: lock written to ${path}\n`);
    }
    if (definition.assert && flags.shard) {
      // A shard holds a slice of every arm: a rate or a significance test on it says nothing about the grid.
      process.stdout.write(
        `${label}: gate not run on shard ${flags.shard.index}/${flags.shard.total}; it judges the whole grid. ` +
          `Merge the shards (vigiles merge-reports <shard reports…> --out merged.json), then run ` +
          `\`vigiles eval ${label} --gate merged.json\`.\n`,
      );
      return true;
    }
    if (definition.assert && "aborted" in run.report && run.report["aborted"]) {
      // An aborted run holds part of the grid (an arm may have no trial at all): a gate reading its
      // rates would judge, or crash on, numbers that do not exist. Not run, and not a pass.
      process.stderr.write(
        `${label}: gate not run: the eval was aborted, so its report covers part of the grid. Run it again to the end.\n`,
      );
      return false;
    }
    return await runGate(label, definition, run.report);
  } catch (error) {
    const code = error instanceof VigilesError ? ` [${error.code}]` : "";
    process.stderr.write(`${label}: ${(error as Error).message}${code}\n`);
    return false;
  }
}

/** A report with arms (runEval, measure, measureArms), not a trigger-rate report. */
function isArmsReport(report: EvalReport | Record<string, unknown>): report is EvalReport {
  return typeof report["arms"] === "object" && report["arms"] !== null;
}

async function runGate(label: string, definition: EvalDefinition, report: unknown): Promise<boolean> {
  if (!definition.assert) return true;
  try {
    await (definition.assert as (r: unknown) => void | Promise<void>)(report);
    process.stdout.write(`${label}: gate passed\n`);
    return true;
  } catch (error) {
    process.stderr.write(`${label}: gate failed: ${(error as Error).message}\n`);
    return false;
  }
}

/** `--gate <report>`: the file's gate (and with --update its lock) on the merged shards' report. */
async function gateMerged(
  label: string,
  definition: EvalDefinition,
  name: string | undefined,
  path: string,
  flags: Flags,
  driver: EvalDriver,
): Promise<boolean> {
  if (!definition.assert && !flags.update) {
    process.stderr.write(`${label}: declares no gate (assert), so --gate has nothing to judge.\n`);
    return false;
  }
  if (flags.update && name === undefined) {
    process.stderr.write(
      `${label}: this eval has no name, so it has no lock to update. Add name inside the runner spec, e.g. { runEval: { name: "…", … } }.\n`,
    );
    return false;
  }
  const report = mergedReportForGate(definition, path, driver.identity, flags.trials);
  process.stdout.write(`${label}: gating the merged report ${path}\n`);
  if (flags.update && name !== undefined) {
    // A lock is committed: the merged summary, not the rows (nor a path to a rows file).
    const { rowsFile: _rows, rows: _r, ...locked } = report as { rowsFile?: unknown; rows?: unknown };
    const lock = writeLock(name, report.inputsHash as string, driver.identity, locked, flags.lockDir);
    process.stdout.write(`${label}: lock written to ${lock}\n`);
  }
  return runGate(label, definition, report);
}

function checkOne(
  label: string,
  definition: EvalDefinition,
  name: string | undefined,
  flags: Flags,
  driver: EvalDriver,
): boolean {
  const hash = definitionInputsHash(definition, driver.identity, flags.trials);
  const result = checkLock(name, hash, flags.lockDir);
  switch (result.kind) {
    case "unnamed":
      process.stdout.write(
        `${label}: unnamed eval, it has no lock to check (name it inside the runner spec to lock it).\n`,
      );
      return true;
    case "missing":
      process.stderr.write(
        `${label}: no lock at ${result.path}; write it with \`vigiles eval --update ${label}\`.\n`,
      );
      return false;
    case "fresh":
      process.stdout.write(`${label}: lock ${result.path} matches the inputs.\n`);
      return true;
    case "stale":
      process.stderr.write(
        `${label}: inputs changed since the lock ${result.path} (locked ${result.locked.slice(0, 12)}, now ${result.current.slice(0, 12)}); re-run with \`vigiles eval --update ${label}\` and commit the lock.\n`,
      );
      return false;
  }
}
