// The runner's own guards, which hold whatever the adapter: a run no agent request reached is no
// session (HarnessNoSessionError), and an unconfined run refuses machine-wide managed settings an
// adapter declares. The "CLIs" here are STAND-IN shell scripts passed as `harnessPath` (allowed in
// this unit test: what is under test is vigiles' reading of a run that is no run): they answer
// --version and exit 0 without a session, as a wrapper or a wrong binary would. Before the runner
// checked it, Copilot's and Gemini's runs of them returned an empty Trace that an outcome-only test
// passed on. The managed-settings folders are temp dirs named by the override variables.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { codexAdapter } from "../../src/adapters/codex/adapter.js";
import { geminiAdapter } from "../../src/adapters/gemini-cli/adapter.js";
import { GEMINI_MANAGED_DIR_ENV } from "../../src/adapters/gemini-cli/managed-settings.js";
import type { HarnessAdapter } from "../../src/adapters/port.js";
import { qwenAdapter } from "../../src/adapters/qwen-code/adapter.js";
import { QWEN_MANAGED_DIR_ENV } from "../../src/adapters/qwen-code/managed-settings.js";
import { HarnessNoSessionError, ManagedSettingsRouteError } from "../../src/tiers/harness/errors.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { standInCli } from "../support/stand-in-cli.js";

const dir = mkdtempSync(join(tmpdir(), "vigiles-session-guards-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const spec = { prompt: "x", model: [{ text: "ok" }], sandbox: false };

// Every registered harness is attacked with such a stand-in in test/attacks/silent-cli.test.ts; this
// one is an adapter the registry does not list.
describe("a CLI that exits 0 and never reaches the mock", () => {
  test("an adapter of its own (Codex's, its diagnosis taken away): the runner still refuses", async () => {
    const future: HarnessAdapter = { ...codexAdapter, id: "future", diagnose: () => undefined };
    const harnessPath = standInCli(dir, "future-silent", "codex-cli 0.169.0");
    await expect(runHarnessTest({ ...spec, harnessPath }, { adapter: future })).rejects.toBeInstanceOf(
      HarnessNoSessionError,
    );
  });
});

describe("machine-wide managed settings refuse an unconfined run", () => {
  test("Gemini CLI: a policy in <managed>/policies refuses sandbox: false, naming the file", async () => {
    const managed = join(dir, "gemini-managed");
    mkdirSync(join(managed, "policies"), { recursive: true });
    writeFileSync(
      join(managed, "policies", "deny-shell.toml"),
      '[[rule]]\ntoolName = "run_shell_command"\ndecision = "deny"\npriority = 100\n',
    );
    const before = process.env[GEMINI_MANAGED_DIR_ENV];
    process.env[GEMINI_MANAGED_DIR_ENV] = managed;
    try {
      const run = runHarnessTest({ ...spec }, { adapter: geminiAdapter });
      await expect(run).rejects.toBeInstanceOf(ManagedSettingsRouteError);
      await expect(run).rejects.toThrow(
        /Refusing an unconfined Gemini CLI run.*deny-shell\.toml is managed policy/,
      );
    } finally {
      if (before === undefined) delete process.env[GEMINI_MANAGED_DIR_ENV];
      else process.env[GEMINI_MANAGED_DIR_ENV] = before;
    }
  });

  test("Qwen Code: a file in its managed folder refuses sandbox: false, naming the file", async () => {
    const managed = join(dir, "qwen-managed");
    mkdirSync(managed, { recursive: true });
    writeFileSync(join(managed, "settings.json"), "{}");
    const before = process.env[QWEN_MANAGED_DIR_ENV];
    process.env[QWEN_MANAGED_DIR_ENV] = managed;
    try {
      const run = runHarnessTest({ ...spec }, { adapter: qwenAdapter });
      await expect(run).rejects.toBeInstanceOf(ManagedSettingsRouteError);
      await expect(run).rejects.toThrow(/settings\.json/);
    } finally {
      if (before === undefined) delete process.env[QWEN_MANAGED_DIR_ENV];
      else process.env[QWEN_MANAGED_DIR_ENV] = before;
    }
  });

  test("an adapter that only declares its managedSettingsDir gets the generic refusal (any file there)", async () => {
    const managed = join(dir, "future-managed");
    mkdirSync(join(managed, "conf.d"), { recursive: true });
    writeFileSync(join(managed, "conf.d", "org.json"), "{}");
    const future: HarnessAdapter = {
      ...codexAdapter,
      id: "future",
      managedSettingsDir: managed,
      findManagedRouting: undefined,
    };
    await expect(runHarnessTest({ ...spec }, { adapter: future })).rejects.toThrow(
      /conf\.d\/org\.json is managed policy/,
    );
    // An empty folder refuses nothing (the run goes on to resolve the CLI).
    rmSync(join(managed, "conf.d"), { recursive: true });
    await expect(
      runHarnessTest({ ...spec, harnessPath: join(dir, "no-such-cli") }, { adapter: future }),
    ).rejects.not.toBeInstanceOf(ManagedSettingsRouteError);
  });
});
