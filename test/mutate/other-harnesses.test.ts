// vigiles mutate on a Copilot-registered and a Gemini-registered guard, each tested the reference's
// way: by its script path with the harness's own rules (`runHook("bash …/guard.sh", event, { harness })`
// + assertHookBlocked). Pins that the inventory lists hooks of `.github/hooks/*.json` and
// `.gemini/settings.json` with their harness, that behaviour mutants at the script are killed by that
// test, that a crash on Copilot's preToolUse is not applicable (Copilot denies on any non-zero exit),
// and that registration mutants edit exactly the handler, in the file's own shape and unit
// (Copilot's flat entry and `timeoutSec`, Gemini's milliseconds). No real CLI: each mutant is a node
// process of a second or so.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { HookItem, MutantResult, MutateReport } from "../../src/core/mutate/types.js";
import { mutantCatalogue } from "../../src/core/mutate/catalogue.js";
import { dialectOf } from "../../src/adapters/registry.js";
import { applyMutant, NO_MATCH } from "../../src/tools/mutate/apply.js";
import { inventory } from "../../src/tools/mutate/inventory.js";
import { mutateHarness } from "../../src/tools/mutate/run-mutants.js";
import { writeRepo } from "./fixture.mjs";

const GUARD = `#!/bin/sh
# Refuses recursive deletes of the root; everything else goes through.
input=$(cat)
case "$input" in
  *"rm -rf /"*)
    echo "guard: refusing rm -rf /" >&2
    exit 2 ;;
esac
exit 0
`;

const COPILOT_HOOKS = {
  version: 1,
  hooks: {
    preToolUse: [{ type: "command", bash: "bash .github/hooks/guard.sh", timeoutSec: 10 }],
  },
};
const GEMINI_SETTINGS = {
  hooks: {
    BeforeTool: [
      {
        matcher: "run_shell_command",
        hooks: [{ type: "command", command: 'bash "$GEMINI_PROJECT_DIR"/hooks/guard.sh', timeout: 5000 }],
      },
    ],
  },
};

const copilotTest = `import { assertHookBlocked, runHook } from "vigiles";
const root = new URL(".", import.meta.url).pathname;
const bash = (command) => ({ hook_event_name: "preToolUse", tool_name: "Bash", tool_input: { command } });
assertHookBlocked(runHook("bash .github/hooks/guard.sh", bash("rm -rf /"), { cwd: root, harness: "copilot" }));
const ok = runHook("bash .github/hooks/guard.sh", bash("ls"), { cwd: root, harness: "copilot" });
if (ok.blocked || ok.exitCode !== 0) throw new Error("ls must go through: " + JSON.stringify(ok));
`;
const geminiTest = `import { assertHookBlocked, runHook } from "vigiles";
const root = new URL(".", import.meta.url).pathname;
const shell = (command) => ({ hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command } });
assertHookBlocked(runHook("bash hooks/guard.sh", shell("rm -rf /"), { cwd: root, harness: "gemini" }));
const ok = runHook("bash hooks/guard.sh", shell("ls"), { cwd: root, harness: "gemini" });
if (ok.blocked || ok.exitCode !== 0) throw new Error("ls must go through: " + JSON.stringify(ok));
`;

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
function fixture(files: Record<string, string>): string {
  const root = writeRepo("mutate-harnesses-", files);
  roots.push(root);
  return root;
}
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const copilotFiles = {
  ".github/hooks/guard.json": json(COPILOT_HOOKS),
  ".github/hooks/guard.sh": GUARD,
  "guard.harness.mjs": copilotTest,
};
const geminiFiles = {
  ".gemini/settings.json": json(GEMINI_SETTINGS),
  "hooks/guard.sh": GUARD,
  "guard.harness.mjs": geminiTest,
};
const COPILOT_ID = ".github/hooks/guard.json:preToolUse[0]";
const GEMINI_ID = ".gemini/settings.json:BeforeTool[0].hooks[0]";

const reports: Record<string, MutateReport> = {};
beforeAll(async () => {
  // One after another: each already runs its mutants two at a time.
  reports["copilot"] = await mutateHarness({ root: fixture(copilotFiles) });
  reports["gemini"] = await mutateHarness({ root: fixture(geminiFiles) });
}, 400_000);

const mutant = (report: MutateReport, id: string, kind: string): MutantResult => {
  const m = report.mutants.find((x) => x.id === `${id}#hook-${kind}`);
  if (m === undefined) throw new Error(`no ${kind} mutant in ${report.mutants.map((x) => x.id).join(", ")}`);
  return m;
};

describe("inventory and apply know Copilot and Gemini registrations", () => {
  test("the inventory lists each hook with its harness, JSON path and timeout as written", () => {
    const copilot = inventory(fixture(copilotFiles)).items.find((i) => i.kind === "hook") as HookItem;
    expect(copilot).toMatchObject({
      id: COPILOT_ID,
      harness: "copilot-cli",
      event: "preToolUse",
      command: "bash .github/hooks/guard.sh",
      timeout: 10,
      sources: [".github/hooks/guard.sh"],
      registered: {
        path: ["hooks", "preToolUse", 0],
        commandField: "bash",
        timeout: { field: "timeoutSec" },
      },
    });
    const gemini = inventory(fixture(geminiFiles)).items.find((i) => i.kind === "hook") as HookItem;
    expect(gemini).toMatchObject({
      id: GEMINI_ID,
      harness: "gemini",
      timeout: 5,
      sources: ["hooks/guard.sh"],
      registered: { timeout: { raw: 5000, unit: "ms" } },
    });
  });

  test("a Codex hook in .codex/hooks.json is listed too, with Claude Code's shape and seconds", () => {
    const root = fixture({
      ".codex/hooks.json": json({
        hooks: {
          PreToolUse: [
            { matcher: "Bash", hooks: [{ type: "command", command: "bash hooks/guard.sh", timeout: 7 }] },
          ],
        },
      }),
      "hooks/guard.sh": GUARD,
    });
    expect(inventory(root).items.find((i) => i.kind === "hook")).toMatchObject({
      id: ".codex/hooks.json:PreToolUse[0].hooks[0]",
      harness: "codex",
      timeout: 7,
      sources: ["hooks/guard.sh"],
      registered: { path: ["hooks", "PreToolUse", 0, "hooks", 0], commandField: "command" },
    });
  });

  test("registration mutants edit exactly the handler, in the file's shape and unit", () => {
    const apply = (files: Record<string, string>, file: string, kind: string) => {
      const root = fixture(files);
      const item = inventory(root).items.find((i) => i.kind === "hook") as HookItem;
      const m = mutantCatalogue([item], dialectOf).find((x) => x.kind === `hook-${kind}`);
      if (m === undefined) throw new Error(`no ${kind}`);
      applyMutant(root, m);
      return JSON.parse(readFileSync(join(root, file), "utf8")) as { hooks: Record<string, unknown[]> };
    };
    const cp = ".github/hooks/guard.json";
    expect(apply(copilotFiles, cp, "unregistered").hooks["preToolUse"]).toEqual([]);
    expect(apply(copilotFiles, cp, "matcher-misses").hooks["preToolUse"]).toEqual([
      { ...COPILOT_HOOKS.hooks.preToolUse[0], matcher: NO_MATCH },
    ]);
    expect(apply(copilotFiles, cp, "past-timeout").hooks["preToolUse"]?.[0]).toMatchObject({
      timeoutSec: 1,
      // Waits past that second before the original (plain sh: no node start-up in the hook's budget).
      bash: expect.stringMatching(/^sleep 3\nsh -c '/),
    });
    const gs = ".gemini/settings.json";
    expect(apply(geminiFiles, gs, "past-timeout").hooks["BeforeTool"]?.[0]).toMatchObject({
      hooks: [{ timeout: 1000, command: expect.stringMatching(/^sleep 3\nsh -c '/) }],
    });
    expect(apply(geminiFiles, gs, "matcher-misses").hooks["BeforeTool"]).toEqual([
      { matcher: "run_shell_command", hooks: [] },
      { matcher: NO_MATCH, hooks: [GEMINI_SETTINGS.hooks.BeforeTool[0]?.hooks[0]] },
    ]);
  });
});

describe("a Copilot guard tested by its script path with Copilot's rules", () => {
  test("always-allows and exit 2 -> 0 are killed at the script", () => {
    const r = reports["copilot"] as MutateReport;
    for (const kind of ["always-allows", "exit2-to-0"]) {
      const m = mutant(r, COPILOT_ID, kind);
      expect([kind, m.status]).toEqual([kind, "killed"]);
      expect(m.tests).toEqual(["guard.harness.mjs"]);
    }
  });

  test("a crash is not applicable on preToolUse: Copilot denies on any non-zero exit", () => {
    const m = mutant(reports["copilot"] as MutateReport, COPILOT_ID, "crashes");
    expect(m.status).toBe("not-applicable");
    expect(m.reason).toMatch(/Copilot CLI denies preToolUse on any non-zero exit/);
  });

  test("the registration mutants are not exercised by a test by path, never survivors", () => {
    const r = reports["copilot"] as MutateReport;
    for (const kind of ["unregistered", "matcher-misses", "past-timeout"])
      expect([kind, mutant(r, COPILOT_ID, kind).status]).toEqual([kind, "not-exercised"]);
    expect(r.mutants.filter((m) => m.status === "survived" || m.status === "error")).toEqual([]);
  });
});

describe("a Gemini guard tested by its script path with Gemini's rules", () => {
  test("always-allows, crashes (exit 1 is a warning on Gemini) and exit 2 -> 0 are killed", () => {
    const r = reports["gemini"] as MutateReport;
    for (const kind of ["always-allows", "crashes", "exit2-to-0"]) {
      const m = mutant(r, GEMINI_ID, kind);
      expect([kind, m.status]).toEqual([kind, "killed"]);
      expect(m.tests).toEqual(["guard.harness.mjs"]);
    }
    expect(r.mutants.filter((m) => m.status === "survived" || m.status === "error")).toEqual([]);
  });
});
