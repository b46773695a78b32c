// A unit test of the run diagnosis with FIXTURE executables standing in for the CLI (passed as
// `harnessPath`): allowed here because what is under test is vigiles' reading of a run that is no
// run. A "CLI" that answers --version, then prints garbage (or nothing) on stdout, sends no model
// request and exits 0 must be HarnessCrashedError, never an empty Trace that assertChecks passes on.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { codexAdapter } from "../../src/adapters/codex/adapter.js";
import { HarnessCrashedError } from "../../src/tiers/harness/errors.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { standInCli } from "../support/stand-in-cli.js";

const dir = mkdtempSync(join(tmpdir(), "vigiles-no-session-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const spec = { prompt: "x", model: [{ text: "ok" }], sandbox: false };

describe.concurrent("a CLI that exits 0 without a session", () => {
  test("Claude Code: garbage on stdout, no init, no result, no request", async () => {
    const harnessPath = standInCli(dir, "claude-garbage", "2.1.328 (Claude Code)", "echo 'not a stream'");
    const run = runHarnessTest({ ...spec, harnessPath });
    await expect(run).rejects.toBeInstanceOf(HarnessCrashedError);
    await expect(run).rejects.toThrow(
      /exited 0 without a session: no init event and no result event on stdout, 0 JSON event\(s\), first other line: "not a stream"/,
    );
  });

  test("Claude Code: an init event but no result", async () => {
    const init = JSON.stringify({ type: "system", subtype: "init", tools: [] });
    const harnessPath = standInCli(dir, "claude-init-only", "2.1.328 (Claude Code)", `echo '${init}'`);
    await expect(runHarnessTest({ ...spec, harnessPath })).rejects.toThrow(
      /exited 0 without a session: an init event but no result event/,
    );
  });

  test("Codex: nothing on stdout", async () => {
    const harnessPath = standInCli(dir, "codex-silent", "codex-cli 0.169.0", ":");
    const run = runHarnessTest({ ...spec, harnessPath }, { adapter: codexAdapter });
    await expect(run).rejects.toBeInstanceOf(HarnessCrashedError);
    await expect(run).rejects.toThrow(/codex exited 0 without a session: no turn\.completed.*0 request\(s\)/);
  });
});
