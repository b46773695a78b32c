/**
 * The registration probe, for a suite that records no coverage (a pytest or unittest suite run by
 * `--command`, harness files that use no vigiles runner): the suite once more in a copy where every
 * registered command first touches a marker of its own and then runs as registered. A handler
 * whose marker stays absent was never run through its registration: a test that reads the config
 * and runs the command touches it, a test that runs the script by its path does not. A
 * registration mutant (removed, matcher misses, past its timeout) of such a handler that survives
 * is then "not exercised", not a survivor: nothing the suite does goes through the registration.
 * Kills stay kills (a test may check the config without running it). A probe run that fails (a
 * test that compares the registered command's text) tells nothing, and is not used.
 */
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import type { HookItem } from "../../core/mutate/types.js";
import { runProcess } from "../../runtime/process.js";
import { runTestFiles } from "../test-runner/run-files.js";
import { editHook } from "./apply.js";
import type { Baseline } from "./baseline.js";
import { makeMutantCopy, removeCopy, type SharedModules } from "./copy.js";
import type { MutateOptions } from "./options.js";
import { ownTemp } from "./run-tests.js";
import { shellQuote as sq } from "../../core/shell-quote.js";

/** What the probe run saw. */
export type RegistrationProbe =
  | {
      readonly usable: true;
      /** Ids of the handlers run through their registration. */ readonly ran: ReadonlySet<string>;
    }
  | { readonly usable: false; /** Why the probe tells nothing. */ readonly reason: string };

/** The marker a handler's probe command touches: beside its config, where anything running the hook can write. */
const markerOf = (copyRoot: string, h: HookItem, index: number) =>
  join(copyRoot, dirname(h.file), `.vigiles-probe-${index}`);

/**
 * The handler's registered command, first touching `marker`. Shell form: the touch in a group, its
 * failure silenced, then the command as written. Exec form: `/bin/sh -c '…; exec "$0" "$@"'` with
 * the original program and its args after.
 */
function markHandler(copyRoot: string, h: HookItem, marker: string): void {
  const touch = `{ true > ${sq(marker)}; } 2>/dev/null`;
  // Copilot keeps the command in `bash`; every other harness in `command`.
  const field = h.registered?.commandField ?? "command";
  editHook(copyRoot, h, (handler) => {
    const args = handler["args"];
    if (Array.isArray(args)) {
      handler["args"] = ["-c", `${touch}; exec "$0" "$@"`, h.command, ...args.map(String)];
      handler[field] = "/bin/sh";
    } else handler[field] = `${touch}; ${h.command}`;
  });
}

/** Runs the probe: the suite once with every handler marked. */
export async function probeRegistrations(
  root: string,
  hooks: readonly HookItem[],
  baseline: Baseline,
  options: MutateOptions,
  shared: SharedModules | undefined,
): Promise<RegistrationProbe> {
  const copy = makeMutantCopy(root, shared);
  try {
    const markers = hooks.map((h, i) => markerOf(copy.root, h, i));
    hooks.forEach((h, i) => {
      mkdirSync(dirname(markers[i] as string), { recursive: true });
      markHandler(copy.root, h, markers[i] as string);
    });
    const timeoutMs = options.timeoutMs ?? Math.max(60_000, 5 * baseline.slowestMs);
    const signal = options.signal ? { signal: options.signal } : {};
    let passed: boolean;
    if (options.command !== undefined) {
      const r = await runProcess({
        argv: ["sh", "-c", options.command],
        cwd: copy.root,
        env: { ...process.env, ...ownTemp(copy), HOME: copy.home },
        timeoutMs,
        ...signal,
      });
      passed = r.exitCode === 0;
    } else {
      const results = await runTestFiles(
        baseline.tests.map((t) => join(copy.root, t)),
        { cwd: copy.root, timeoutMs, env: { HOME: copy.home }, ...signal },
      );
      passed = results.every((r) => r.status !== "failed");
    }
    if (options.signal?.aborted) return { usable: false, reason: "interrupted" };
    if (!passed)
      return {
        usable: false,
        reason:
          "the suite failed with every registered command marked (a test reads the command's text?), so which handlers it runs through their registration is unknown",
      };
    return {
      usable: true,
      ran: new Set(hooks.filter((_h, i) => existsSync(markers[i] as string)).map((h) => h.id)),
    };
  } finally {
    removeCopy(copy);
  }
}
