/**
 * Pins how `vigiles eval <plugin dir>` reports a run a mock's `expect:` guard aborted (an in-process
 * driver hands back the call log a stand-in would write): aggregate-result.json writes it as Claude
 * Code 2.1.328 does (score 0, `error: null`, `aborted: {server, tool, reason}`, no graders), the
 * command prints a line naming it, and the case's gate still sees the 0.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runSuiteCommand } from "../../src/cli/commands/eval-plugin-suite.js";
import type { EvalDriver } from "../../src/tiers/eval/driver.js";
import { inProcessTrace } from "../eval/helpers.js";

let root = "";
let plugin = "";
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "vigiles-suite-aborted-"));
  plugin = join(root, "tix");
  const write = (path: string, text: string) => {
    mkdirSync(join(plugin, path, ".."), { recursive: true });
    writeFileSync(join(plugin, path), text);
  };
  write(".claude-plugin/plugin.json", JSON.stringify({ name: "tix" }));
  write("evals/file/prompt.md", "---\nruns: 1\n---\nFile a ticket.\n");
  write("evals/file/mocks/tickets/create.md", "---\nexpect:\n  project: [OPS]\n---\n{}\n");
  write("evals/file/graders/said.md", "---\ntype: regex\n---\nfiled\n");
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Files in OPS with the plugin; without it, in HR, which the guard aborts. */
const driver: EvalDriver = {
  identity: "in-process@1/tickets",
  harness: "claude-code",
  paid: false,
  runTrial: (trial) => {
    const project = trial.arm.endsWith("/with") ? "OPS" : "HR";
    const abort = project !== "OPS";
    return Promise.resolve({
      ...inProcessTrace({
        output: "filed",
        toolCalls: [{ id: "t", name: "mcp__tickets__create", input: { project } }],
      }),
      mockCalls: {
        started: ["tickets"],
        calls: [
          {
            server: "tickets",
            tool: "create",
            input: { project },
            verdict: abort ? "abort" : "ok",
            output: abort ? 'input violates expect: project = "HR" is not one of [OPS]' : "{}",
          },
        ],
      },
    });
  },
};

describe("a run aborted by a mock's guard, through vigiles eval", () => {
  test("is written as the CLI writes it and named on the console", async () => {
    const out = join(root, "out");
    const lines: string[] = [];
    const code = await runSuiteCommand({ pluginDir: plugin, driver, out, write: (l) => lines.push(l) });
    const aggregate = JSON.parse(readFileSync(join(out, "aggregate-result.json"), "utf8"));
    const c = aggregate.cases[0];
    expect(c.arms.with[0]).toMatchObject({ score: 1, error: null });
    expect(c.arms.with[0].aborted).toBeUndefined();
    expect(c.arms.without[0]).toMatchObject({
      score: 0,
      error: null,
      aborted: {
        server: "tickets",
        tool: "create",
        reason: 'the model\'s call violates expect: project = "HR" is not one of [OPS]',
      },
      graders: [],
    });
    expect(lines).toContain(
      '! 1 run(s) aborted by a mock (score 0): tickets/create: the model\'s call violates expect: project = "HR" is not one of [OPS]',
    );
    // The with arm passes the default threshold; an aborted without arm is no failure, as in the CLI.
    expect(code).toBe(0);
  });
});
