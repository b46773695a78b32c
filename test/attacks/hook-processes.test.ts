// Attack class 12 (issue 29, "two more"), what a harness run leaves behind, on every registered
// harness, unconfined (a confined run's PID namespace ends everything by construction; unconfined,
// only the per-run token RUN_TOKEN_ENV can, and only if the CLI hands its environment to the hook):
// - a hook that starts `setsid sleep … &` (a session of its own, out of the CLI's process group)
//   leaves no process once runHarnessTest returns;
// - the hook is an executable script registered without an interpreter, passed in through
//   `project:`: its run bit arrives (before readProjectHarness kept modes, a project's executable
//   hook exited 126 in the run).
// Real pinned CLIs against the mock, one run per harness, concurrent.
import { chmodSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { REAL_RUN_TIMEOUT, REGISTERED, hookFiles, noCommandHooks, scratchDir } from "./registered.js";

const dir = scratchDir("hook-processes", "/var/tmp");
const left: string[] = [];

/** Pids of live processes running `sleep <seconds>`. */
function sleepers(seconds: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      const live = !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${name}/stat`, "utf8"));
      if (live && readFileSync(`/proc/${name}/cmdline`, "latin1") === `sleep\0${seconds}\0`)
        found.push(Number(name));
    } catch {
      // gone while reading
    }
  }
  return found;
}

afterAll(() => {
  // A red run leaves its daemons: end them (each found by a sleep only this file runs).
  for (const s of left) for (const pid of sleepers(s)) process.kill(pid, "SIGKILL");
});

describe.concurrent(
  "a hook's daemon ends with the run; a project's executable hook keeps its run bit",
  () => {
    for (const [i, { entry, adapter }] of REGISTERED.entries()) {
      // Its pre-tool event (its conformance form's): it fires in a run with one Bash call.
      const skip = noCommandHooks(entry);
      const event = skip === undefined ? entry.conformance.events.preTool : "-";
      test.skipIf(skip !== undefined)(
        `${entry.displayName}: ${event} hook ./hooks/daemon.sh${skip ? ` (skipped: ${skip})` : ""}`,
        async () => {
          const seconds = `303.${process.pid}${String(i).padStart(3, "0")}`;
          left.push(seconds);
          const project = join(dir, entry.id);
          const files = {
            ...hookFiles(entry, [{ event, command: "./hooks/daemon.sh" }]),
            "hooks/daemon.sh": `#!/bin/sh\ncat >/dev/null\nsetsid sleep ${seconds} </dev/null >/dev/null 2>&1 &\necho started > "$(dirname "$0")/../STARTED"\nexit 0\n`,
          };
          for (const [rel, text] of Object.entries(files)) {
            mkdirSync(join(project, rel, ".."), { recursive: true });
            writeFileSync(join(project, rel), text);
          }
          chmodSync(join(project, "hooks/daemon.sh"), 0o755);
          const r = await runHarnessTest(
            {
              prompt: "go",
              project,
              model: [{ tool: "Bash", input: { command: "echo ran > RAN" } }, { text: "done" }],
              sandbox: false,
              timeoutMs: 240_000,
            },
            { adapter },
          );
          try {
            // The hook ran (no 126: its run bit came through) and started its daemon.
            expect(r.file("STARTED")).toBe("started\n");
            expect(sleepers(seconds)).toEqual([]);
          } finally {
            r.cleanup();
          }
        },
        REAL_RUN_TIMEOUT,
      );
    }
  },
);
