/**
 * The preset's test runner: Vitest's own, with one addition for harness files. A plain harness file
 * (no `test()`) does its checks at its top level and says how they went with its exit code, as under
 * `vigiles test`: it becomes one test, "exit code 0", that fails with the code and the file's last
 * line of output, or skips for 77. A `skip(reason)` at a file's top level skips the file instead of
 * failing its collection.
 */
import { format } from "node:util";
import * as vitest from "vitest";
import { testHost } from "../test-runner/test-host.js";
import { SKIP_EXIT_CODE } from "../../tiers/harness/availability.js";

type RunnerClass = typeof vitest.TestRunner;
// Vitest 4.1 exports the runner from "vitest"; 3.x only from "vitest/runners".
const Base: RunnerClass =
  (vitest as { TestRunner?: RunnerClass }).TestRunner ?? (await import("vitest/runners")).VitestTestRunner;

const HARNESS_FILE = /\.harness\.m?[jt]s$/;

function skipReason(error: unknown): string | undefined {
  const e = error as { code?: unknown; reason?: unknown } | null;
  return e?.code === "VIGILES_SKIPPED" && typeof e.reason === "string" ? e.reason : undefined;
}

/** Records the last line the file printed, passing everything through. */
function tapConsole(): { last(): string | undefined; restore(): void } {
  const saved = { log: console.log, error: console.error, warn: console.warn, info: console.info };
  let last: string | undefined;
  for (const key of Object.keys(saved) as (keyof typeof saved)[]) {
    console[key] = (...args: unknown[]) => {
      const line = format(...args)
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean)
        .at(-1);
      if (line !== undefined) last = line;
      saved[key](...args);
    };
  }
  return { last: () => last, restore: () => Object.assign(console, saved) };
}

export default class HarnessFileRunner extends Base {
  override async importFile(
    filepath: string,
    source: Parameters<InstanceType<RunnerClass>["importFile"]>[1],
  ) {
    if (source !== "collect" || !HARNESS_FILE.test(filepath)) return super.importFile(filepath, source);
    const before = process.exitCode;
    const tap = tapConsole();
    let exitCode: typeof process.exitCode;
    try {
      await super.importFile(filepath, source);
    } catch (error) {
      const reason = skipReason(error);
      if (reason === undefined) throw error;
      vitest.test(`skipped: ${reason}`, (context) => context.skip(reason));
      return;
    } finally {
      tap.restore();
      exitCode = process.exitCode;
      // The exit code is the file's verdict here, never the worker's.
      process.exitCode = before;
    }
    if ((testHost()?.declared ?? 0) > 0) return;
    const last = tap.last();
    vitest.test("exit code 0", (context) => {
      const code = Number(exitCode ?? 0);
      if (code === SKIP_EXIT_CODE) context.skip(last ?? "the file exited 77 (skipped)");
      if (code !== 0)
        throw new Error(
          `the harness file set exit code ${code}${last !== undefined ? `; its last line: ${last}` : ""}`,
        );
    });
  }
}
