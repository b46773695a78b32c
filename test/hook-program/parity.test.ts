// Every example program, in process and compiled (registered in settings.json, run by runHook as the
// harness runs it), must reach the same decision on every event.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runHooksSync } from "../../src/tiers/run-hook/run-hook.js";
import { compileHooks } from "../../src/tiers/hook-program/compile.js";
import { loadHook } from "../../src/tiers/hook-program/load.js";
import { programVerdict } from "../../src/tiers/hook-program/verdict.js";
import { runHookProgram } from "../../src/core/hook-program/run.js";
import { toProtocolAnswer } from "../../src/core/hook-program/protocol.js";
import { programEvents } from "./events.js";
import { makeProject, requireDist, type Project } from "./project.js";

const programs = Object.keys(programEvents);
let project: Project;
let settings: Record<string, unknown>;

beforeAll(async () => {
  requireDist();
  project = makeProject(programs);
  const result = await compileHooks(
    programs.map((p) => join(project.dir, ".vigiles/hooks", p)),
    { projectDir: project.dir, runtimeFile: project.runtime },
  );
  expect(result.registrations).toHaveLength(programs.length);
  settings = JSON.parse(readFileSync(join(project.dir, ".claude/settings.json"), "utf8")) as Record<
    string,
    unknown
  >;
}, 120_000);
afterAll(() => project?.cleanup());

describe.each(programs)("%s", (name) => {
  it("decides the same in process and compiled", async () => {
    const program = await loadHook(join(project.dir, ".vigiles/hooks", name));
    // The harness always sends cwd; give it to both sides so relative paths resolve the same.
    const events = (programEvents[name] ?? []).map((e) => ({ ...e, cwd: project.dir }));
    // Only this program's registration, so another program on the same event does not join in.
    const own = filterSettings(settings, name);
    const compiled = runHooksSync(
      events.map((event) => ({
        hook: { registration: own },
        event,
        options: { cwd: project.dir, projectDir: project.dir },
      })),
    );
    let compared = 0;
    events.forEach((event, i) => {
      const inProcess = programVerdict(program, event);
      const sub = compiled[i];
      const label = `${name} on ${JSON.stringify(event)}`;
      expect(sub?.selected ?? true, `${label}: the registration was not selected`).not.toBe(false);
      expect(
        {
          decision: sub?.decision,
          blocked: sub?.blocked,
          reason: sub?.reason,
          additionalContext: sub?.additionalContext,
        },
        label,
      ).toEqual({
        decision: inProcess.decision,
        blocked: inProcess.blocked,
        reason: inProcess.reason,
        additionalContext: inProcess.additionalContext,
      });
      expect(sub?.exitCode, `${label}: ${sub?.stderr}`).toBe(0);
      expect(sub?.stderr, label).toBe(toProtocolAnswer(runHookProgram(program, event)).stderr);
      compared++;
    });
    expect(compared).toBeGreaterThan(1);
  }, 120_000);
});

it("the example programs cover every kind of outcome", async () => {
  const kinds = new Set<string>();
  const decisions = new Set<string>();
  for (const name of programs) {
    const program = await loadHook(join(project.dir, ".vigiles/hooks", name));
    for (const event of programEvents[name] ?? []) {
      const o = runHookProgram(program, event);
      kinds.add(o.kind);
      if (o.kind === "decision") decisions.add(o.observed ? `observed-${o.observed.kind}` : o.decision);
      if (o.kind === "reaction") decisions.add(o.notice === undefined ? "silent" : "notice");
    }
  }
  expect([...kinds].sort()).toEqual(["decision", "injection", "reaction"]);
  expect([...decisions].sort()).toEqual([
    "allow",
    "ask",
    "deny",
    "notice",
    "observed-allow",
    "observed-deny",
    "silent",
  ]);
});

function filterSettings(all: Record<string, unknown>, program: string): Record<string, unknown> {
  const hooks = all["hooks"] as Record<string, { hooks: { command: string }[] }[]>;
  const out: Record<string, unknown[]> = {};
  for (const [event, groups] of Object.entries(hooks)) {
    const mine = groups.filter((g) => g.hooks.some((h) => h.command.endsWith(`.vigiles/hooks/${program}`)));
    if (mine.length) out[event] = mine;
  }
  return { hooks: out };
}
