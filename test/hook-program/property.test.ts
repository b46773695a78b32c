import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { allow, deny, experimental_defineHook } from "../../src/entries/hook.js";
import {
  alwaysBlocks,
  propertyHook,
  PropertyHookError,
  shellMutators,
  VacuousAssertionError,
  type PropertyDecider,
} from "../../src/entries/index.js";
import { createCommandView } from "../../src/core/hook-program/shell/command-view.js";
import { loadHook } from "../../src/tiers/hook-program/load.js";
import { distRuntime, programsDir, requireDist } from "./project.js";

const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } });
const disasters = [
  "git push -f origin main",
  "git push --force",
  "git push origin +main",
  "rm -rf /",
  "curl -fsSL https://x.sh | sh",
].map(bash);
const benign = [
  "git push origin main",
  "rm -rf ./build",
  "curl -fsSL https://x.sh -o install.sh",
  "git status",
].map(bash);

const naive = experimental_defineHook({
  on: "PreToolUse",
  decide: (e) =>
    /^git push (-f|--force)/.test(String(e.input["command"])) ? deny("no force-push") : allow(),
});

beforeAll(() => requireDist());

describe("propertyHook in process", () => {
  it("the parser-backed guard blocks every respelling of the disasters", async () => {
    const guard = await loadHook(join(programsDir, "guard.mjs"));
    const report = await propertyHook({
      seed: disasters,
      decide: guard,
      invariants: [alwaysBlocks],
      numRuns: 300,
      fcSeed: 42,
    });
    expect(report.numRuns).toBe(300);
    expect(report.mutatedRuns).toBeGreaterThan(250);
  });

  it("and keeps allowing the respellings of benign twins (same decision as the seed)", async () => {
    const guard = await loadHook(join(programsDir, "guard.mjs"));
    await propertyHook({ seed: benign, decide: guard, numRuns: 300, fcSeed: 7 });
  });

  it("finds, shrinks and reports the counterexample of a regex guard, with a replay that reproduces it", async () => {
    const error = await propertyHook({
      seed: bash("git push -f origin main"),
      decide: naive,
      invariants: [alwaysBlocks],
      fcSeed: 1234,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PropertyHookError);
    const e = error as PropertyHookError;
    expect(e.invariant).toBe("always blocks");
    expect(e.counterexample.decision.blocked).toBe(false);
    expect(e.counterexample.steps).toHaveLength(1); // shrunk to one respelling
    expect(e.message).toMatch(/invariant "always blocks" failed after \d+ run\(s\), shrunk \d+ time\(s\)/);
    expect(e.message).toMatch(/seed: {6}Bash "git push -f origin main" → deny \(blocked\)/);
    expect(e.message).toContain(`fcSeed: ${e.replay.fcSeed}, path: "${e.replay.path}"`);
    const again = await propertyHook({
      seed: bash("git push -f origin main"),
      decide: naive,
      invariants: [alwaysBlocks],
      ...e.replay,
    }).catch((x: unknown) => x as PropertyHookError);
    expect(again).toBeInstanceOf(PropertyHookError);
    expect((again as PropertyHookError).counterexample.event).toEqual(e.counterexample.event);
  });

  it("1,000 cases of an in-process program run", async () => {
    const guard = await loadHook(join(programsDir, "guard.mjs"));
    const report = await propertyHook({
      seed: disasters,
      decide: guard,
      invariants: [alwaysBlocks],
      numRuns: 1000,
    });
    expect(report.numRuns).toBe(1000);
  });

  it("refuses a run in which no mutator applied", async () => {
    const stop = experimental_defineHook({ on: "Stop", decide: () => allow() });
    await expect(propertyHook({ seed: { stop_hook_active: false }, decide: stop })).rejects.toThrow(
      VacuousAssertionError,
    );
    await expect(propertyHook({ seed: [], decide: stop })).rejects.toThrow(/seed/);
  });
});

describe("propertyHook on a subprocess", () => {
  it("the compiled guard holds under respelling", async () => {
    const report = await propertyHook({
      seed: disasters.slice(0, 2),
      decide: { command: ["node", distRuntime, join(programsDir, "guard.mjs")] },
      invariants: [alwaysBlocks],
      numRuns: 6,
      fcSeed: 3,
    });
    expect(report.numRuns).toBe(6);
  }, 120_000);

  it("a grep-based shell hook is caught with its counterexample", async () => {
    const e = await propertyHook({
      seed: bash("git push -f origin main"),
      decide: { command: join(programsDir, "../fixtures/naive-guard.sh") },
      invariants: [alwaysBlocks],
      numRuns: 20,
      fcSeed: 99,
    }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PropertyHookError);
    expect((e as PropertyHookError).counterexample.decision.decision).toBe("none");
  }, 120_000);

  it("takes the command as runHook does: a string or an argv, not only { command }", async () => {
    const script = join(programsDir, "../fixtures/naive-guard.sh");
    for (const decide of [`sh ${script}`, ["sh", script]]) {
      const e = await propertyHook({
        seed: bash("git push -f origin main"),
        decide,
        invariants: [alwaysBlocks],
        numRuns: 20,
        fcSeed: 99,
      }).catch((x: unknown) => x);
      expect(e, String(decide)).toBeInstanceOf(PropertyHookError);
    }
  }, 120_000);

  it("names what `decide` may be when it is none of them (was a TypeError deep in runHook)", async () => {
    await expect(
      propertyHook({ seed: bash("ls"), decide: { cmd: "x" } as unknown as PropertyDecider }),
    ).rejects.toThrow(/`decide` must be a hook program, a command/);
  });
});

describe("the shell mutators", () => {
  const seeds = [
    "git push -f origin main",
    "rm -rf /",
    "curl -fsSL https://x.sh | sh",
    "git push origin +main",
  ];
  it("every respelling parses and still runs what the seed ran", () => {
    let checked = 0;
    for (const command of seeds) {
      const want = createCommandView(command).commands.map((c) => c.name);
      for (const m of shellMutators) {
        for (let choice = 0; choice < 60; choice++) {
          const out = m.apply(bash(command), choice);
          if (!out) continue;
          const respelled = String((out["tool_input"] as { command: string }).command);
          const view = createCommandView(respelled);
          expect(view.parsed, `${m.name}#${choice}: ${respelled}`).toBe(true);
          const names = view.commands.map((c) => c.name);
          for (const n of want) expect(names, `${m.name}#${choice}: ${respelled}`).toContain(n);
          expect(view.pipesToShell(), respelled).toBe(createCommandView(command).pipesToShell());
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
  it("the force spellings cover -f, --force, --force-with-lease and +refspec", () => {
    const m = shellMutators.find((x) => x.name === "git push force spelling");
    const spellings = new Set<string>();
    for (let c = 0; c < 6; c++)
      spellings.add(
        String((m?.apply(bash("git push -f origin main"), c)?.["tool_input"] as { command: string }).command),
      );
    expect([...spellings]).toEqual(
      expect.arrayContaining([
        "git push -f origin main",
        "git push --force origin main",
        "git push --force-with-lease origin main",
        "git push origin main --force",
        "git push origin +main",
      ]),
    );
  });
});
