/**
 * A case's `scaffold_script` through `runPluginSuite` on the REAL Claude Code 2.1.328 against the
 * local mock. Pins: with `scaffold: true` the script runs in the run's work dir before the agent,
 * CONFINED (a write to a host path outside the run does not land), and what it writes is there for
 * graders but not "created" for `file_exists`, as in the CLI; a script that exits non-zero fails
 * the run with the CLI's "scaffold failed (exit N)"; without the flag the case runs unstaged and a
 * warning names it; a script outside its case directory is refused before anything runs.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { claudeCodeAdapter } from "../../src/adapters/claude-code/adapter.js";
import type { ResolvedHarness } from "../../src/adapters/port.js";
import type { EvalDriver } from "../../src/tiers/eval/driver.js";
import { runPluginSuite } from "../../src/tiers/eval/plugin-suite.js";
import { runSessionTrial } from "../../src/tiers/eval/session-trial.js";

let root = "";
let outside = "";
const make = (name: string, script: string) => {
  const plugin = join(root, name);
  const write = (path: string, text: string) => {
    mkdirSync(join(plugin, path, ".."), { recursive: true });
    writeFileSync(join(plugin, path), text);
  };
  write(".claude-plugin/plugin.json", JSON.stringify({ name }));
  write("evals/staged/prompt.md", "---\nruns: 1\n---\nLook at the seed.\n");
  write(
    "evals/staged/case.yaml",
    "schema_version: '1.0'\nname: staged\ncontext:\n  scaffold_script: setup.sh\n",
  );
  write("evals/staged/setup.sh", script);
  write("evals/staged/graders/created.md", "---\ntype: file_exists\npath: seed.txt\n---\n");
  write(
    "evals/staged/graders/seeded.md",
    "---\ntype: regex\ntarget: {source: file, path: seed.txt}\n---\nseeded\n",
  );
  return plugin;
};
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "vigiles-suite-scaffold-"));
  outside = join(root, "escaped.txt");
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The real CLI (unconfined) against a mock model that answers once. */
function answerDriver(): EvalDriver {
  let harness: ResolvedHarness | undefined;
  return {
    identity: "claude-code@pinned/mock-answer",
    harness: "claude-code",
    paid: false,
    async runTrial(trial) {
      harness ??= await claudeCodeAdapter.resolve();
      const mock = await claudeCodeAdapter.startMock([{ text: "looked" }]);
      try {
        return await runSessionTrial({
          adapter: claudeCodeAdapter,
          harness,
          endpoint: { kind: "mock", baseUrl: mock.url, apiKey: "sk-ant-vigiles-mock-not-a-real-key" },
          trial,
          timeoutMs: 120_000,
        });
      } finally {
        await mock.close();
      }
    },
  };
}

describe("the scaffold script", { timeout: 300_000 }, () => {
  test("with the flag: runs confined before the agent; its file is read but not created", async () => {
    const plugin = make("seeds", `echo seeded > seed.txt\necho x > "${outside}" 2>/dev/null\nexit 0\n`);
    const { aggregate } = await runPluginSuite(plugin, { driver: answerDriver(), scaffold: true });
    const run = aggregate.cases[0]!.arms.with[0]!;
    expect(run.error).toBeNull();
    expect(run.graders.map((g) => [g.name, g.passed])).toEqual([
      ["created", false],
      ["seeded", true],
    ]);
    // Confined: the host path outside the run was not written.
    expect(existsSync(outside)).toBe(false);
  });

  test("a script that exits non-zero fails the run with the CLI's message", async () => {
    const plugin = make("broken", "echo 'no git here' >&2\nexit 3\n");
    // Both arms fail to run, so the engine refuses to score anything and names the first errors.
    await expect(runPluginSuite(plugin, { driver: answerDriver(), scaffold: true })).rejects.toThrow(
      /trial staged\/with#0 could not start: scaffold failed \(exit 3\): no git here/,
    );
  });

  test("without the flag: a warning names the case, and it runs unstaged", async () => {
    const plugin = make("unstaged", "echo seeded > seed.txt\n");
    const warnings: string[] = [];
    const { aggregate } = await runPluginSuite(plugin, {
      driver: answerDriver(),
      onWarning: (m) => warnings.push(m),
    });
    expect(warnings).toEqual([
      'case "staged": its scaffold_script is not run without --scaffold; the case runs against an unstaged workspace',
    ]);
    expect(aggregate.cases[0]!.arms.with[0]!.graders.find((g) => g.name === "seeded")!.passed).toBe(false);
  });

  test("a script outside its case directory is refused before anything runs", async () => {
    const plugin = make("escape", "true\n");
    writeFileSync(
      join(plugin, "evals/staged/case.yaml"),
      "schema_version: '1.0'\nname: staged\ncontext:\n  scaffold_script: ../../.claude-plugin/plugin.json\n",
    );
    await expect(runPluginSuite(plugin, { driver: answerDriver(), scaffold: true })).rejects.toThrow(
      /escapes the case directory/,
    );
  });
});
