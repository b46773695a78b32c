/**
 * `vigiles test --watch`: where the project runs its harness files from Vitest (a Vitest config
 * with the `harnessFiles()` preset, and Vitest installed), Vitest's own watcher runs them, with its
 * module graph and UI; otherwise a small watcher here reruns the harness files a change affects.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { affectedFiles, watchFiles } from "../../tools/test-runner/watch-files.js";
import { planTestRun, runSelected, selectFiles, type TestRunPlan } from "./test-run.js";
import type { TestCommandArgs } from "./test-options.js";

const VITEST_CONFIGS = ["vitest.config.ts", "vitest.config.mts", "vitest.config.js", "vitest.config.mjs"];

/**
 * Vitest's CLI script, when the project in `cwd` has Vitest installed and a Vitest config that uses
 * `harnessFiles()` (so Vitest collects the harness files); else undefined.
 */
export function vitestWatcherFor(cwd: string): string | undefined {
  const config = VITEST_CONFIGS.map((c) => join(cwd, c)).find((c) => existsSync(c));
  if (config === undefined || !readFileSync(config, "utf8").includes("harnessFiles")) return undefined;
  try {
    const manifest = createRequire(join(cwd, "package.json")).resolve("vitest/package.json");
    const bin = join(dirname(manifest), "vitest.mjs");
    return existsSync(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

/** Watches until Ctrl-C; resolves to the last run's exit code (130 when a run was interrupted). */
export async function watchTestCommand(args: TestCommandArgs): Promise<number> {
  const plan = await planTestRun(args);
  const cwd = process.cwd();
  const vitest = vitestWatcherFor(cwd);
  if (vitest !== undefined) return delegateToVitest(vitest, plan);

  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.on("SIGINT", onSigint);
  const selected = () => {
    const files = selectFiles(plan);
    return typeof files === "number" ? [] : files;
  };
  let exitCode = await runOnce(plan, selected(), controller.signal);
  const ignore = [plan.outputFile, plan.values["coverage-dir"]].filter((p) => p !== undefined);
  await watchFiles({
    root: cwd,
    ignore: ignore.map((p) => resolve(cwd, p)),
    signal: controller.signal,
    onChange: async (changed) => {
      const all = selected();
      const inRun = new Set(all);
      const files = affectedFiles(changed, () => all).filter((f) => inRun.has(f));
      if (files.length === 0) return;
      process.stdout.write(
        `\nvigiles test: ${changed.length} change(s), rerunning ${files.length} file(s)\n`,
      );
      exitCode = await runOnce(plan, files, controller.signal);
    },
  });
  process.off("SIGINT", onSigint);
  return exitCode;
}

async function runOnce(plan: TestRunPlan, files: readonly string[], signal: AbortSignal): Promise<number> {
  const code = files.length === 0 ? 1 : await runSelected(plan, files, signal);
  if (!signal.aborted) process.stdout.write("\nwatching for changes (Ctrl-C to stop)\n");
  return code;
}

/** Hands the run to `vitest watch`, passing the paths and -t; Vitest's exit code is the run's. */
function delegateToVitest(bin: string, plan: TestRunPlan): Promise<number> {
  const args = [bin, "watch", ...plan.searched, ...(plan.grep !== undefined ? ["-t", plan.grep] : [])];
  process.stdout.write(
    `vigiles test --watch: the Vitest config runs the harness files; starting vitest watch\n`,
  );
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { stdio: "inherit" });
    // Ctrl-C reaches Vitest through the terminal's process group; this process waits for it.
    const ignoreSigint = () => {};
    process.on("SIGINT", ignoreSigint);
    child.on("close", (code, signal) => {
      process.off("SIGINT", ignoreSigint);
      done(code ?? (signal === "SIGINT" ? 130 : 1));
    });
    child.on("error", () => done(1));
  });
}
