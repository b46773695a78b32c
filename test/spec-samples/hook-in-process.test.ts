// The spec's "Test a compiled hook in-process" sample, as written, against the BUILT package. The hook
// programs sit at the sample's paths (.vigiles/hooks/guard.mjs, .vigiles/hooks/warn-on-failure.mjs) in
// a scratch project inside this repository, so their own `import … from "vigiles/hook"` resolves to the
// package; the test runs from that project, as a .harness.mjs file would.
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  loadHook,
  assertHookDenies,
  assertHookAllows,
  assertHookNotices,
  assertHookSilent,
  AssertionFailedError,
} from "vigiles";
import { runHookProgram } from "vigiles/hook";

const repo = process.cwd();
const project = join(repo, `.vigiles/tmp/spec-samples-hooks-${process.pid}`);
const programs = join(repo, "test/hook-program/programs");

beforeAll(() => {
  mkdirSync(join(project, ".vigiles/hooks"), { recursive: true });
  for (const name of ["guard.mjs", "warn-on-failure.mjs"]) {
    copyFileSync(join(programs, name), join(project, ".vigiles/hooks", name));
  }
  process.chdir(project);
});
afterAll(() => {
  process.chdir(repo);
  rmSync(project, { recursive: true, force: true });
});

/** The events the sample leaves to the reader: a Bash call that failed and one that succeeded. */
const failedBashEvent = {
  hook_event_name: "PostToolUse",
  tool_name: "Bash",
  tool_input: { command: "npm test" },
  tool_response: { success: false, error: "exit 1" },
};
const successfulBashEvent = {
  hook_event_name: "PostToolUse",
  tool_name: "Bash",
  tool_input: { command: "npm test" },
  tool_response: { stdout: "all green", stderr: "" },
};
const event = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "git push -f" } };

describe("Test a compiled hook in-process (no subprocess)", () => {
  it("runs as written", async () => {
    const guard = await loadHook(".vigiles/hooks/guard.mjs");

    assertHookDenies(guard, {
      tool_name: "Bash",
      tool_input: { command: "git push -f" },
    });
    assertHookAllows(guard, {
      tool_name: "Bash",
      tool_input: { command: "git status" },
    });

    const warn = await loadHook(".vigiles/hooks/warn-on-failure.mjs");
    assertHookNotices(warn, failedBashEvent, /read the error/); // message matcher optional
    assertHookSilent(warn, successfulBashEvent);

    // the raw primitive: a normalized, role-dispatched outcome
    const outcome = runHookProgram(guard, event); // → { kind: "decision" | "injection" | "reaction", … }
    expect(outcome).toMatchObject({ kind: "decision", decision: "deny" });
    expect(runHookProgram(warn, failedBashEvent)).toMatchObject({ kind: "reaction" });
  });

  it("each assertion fails on the other answer", async () => {
    const guard = await loadHook(".vigiles/hooks/guard.mjs");
    const warn = await loadHook(".vigiles/hooks/warn-on-failure.mjs");
    expect(() =>
      assertHookDenies(guard, { tool_name: "Bash", tool_input: { command: "git status" } }),
    ).toThrow(AssertionFailedError);
    expect(() =>
      assertHookAllows(guard, { tool_name: "Bash", tool_input: { command: "git push -f" } }),
    ).toThrow(AssertionFailedError);
    expect(() => assertHookNotices(warn, successfulBashEvent)).toThrow(AssertionFailedError);
    expect(() => assertHookNotices(warn, failedBashEvent, /retry forever/)).toThrow(AssertionFailedError);
    expect(() => assertHookSilent(warn, failedBashEvent)).toThrow(AssertionFailedError);
  });

  it("loadHook also takes the object a static import holds", async () => {
    const guard = await loadHook(".vigiles/hooks/guard.mjs");
    expect(await loadHook(guard)).toBe(guard);
    await expect(loadHook(".vigiles/hooks/missing.mjs")).rejects.toThrow(/missing\.mjs/);
  });
});
