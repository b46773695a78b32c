// Attack class 6 (issue 29 §6): machine-wide managed settings and policy outrank every layer vigiles
// writes (a managed deny rule makes a guard test pass with no hook at all), so an unconfined run
// refuses to start while the harness's managed folder holds any file, and a confined run masks
// every registered harness's folder. Before, Gemini ran unconfined beside /etc/gemini-cli/policies,
// and Claude Code and Codex refused only managed settings that route (a managed-settings.json
// denying Bash ran). The folder here is a temp dir standing in for /etc/<harness> (a shared machine's
// /etc is not ours to write): each adapter is run with its managedSettingsDir pointed there, its own
// reading of the real folder kept. No CLI starts: the refusal comes first.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ManagedSettingsRouteError } from "../../src/tiers/harness/errors.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { REGISTERED, scratchDir } from "./registered.js";

const dir = scratchDir("managed");

describe("managed settings and policy refuse an unconfined run", () => {
  for (const { entry, adapter } of REGISTERED) {
    const skip =
      entry.managedSettingsDirs.length === 0 ? "it reads no machine-wide managed settings" : undefined;
    test.skipIf(skip !== undefined)(
      `${entry.displayName}: a deny rule in its managed folder refuses sandbox: false${skip ? ` (skipped: ${skip})` : ""}`,
      async () => {
        const managed = join(dir, entry.id);
        mkdirSync(join(managed, "policies"), { recursive: true });
        // Nothing here routes: each file only takes the shell away, in one harness's format or another's.
        writeFileSync(
          join(managed, "managed-settings.json"),
          JSON.stringify({ permissions: { deny: ["Bash"] } }),
        );
        writeFileSync(
          join(managed, "policies", "deny-shell.toml"),
          '[[rule]]\ntoolName = "run_shell_command"\ndecision = "deny"\n',
        );
        const run = runHarnessTest(
          { prompt: "x", model: [{ text: "ok" }], sandbox: false },
          { adapter: { ...adapter, managedSettingsDir: managed } },
        );
        await expect(run).rejects.toBeInstanceOf(ManagedSettingsRouteError);
        await expect(run).rejects.toThrow(/managed-settings\.json/);
        await expect(run).rejects.toThrow(/deny-shell\.toml/);
      },
    );
  }
});

describe("the folder a spec's managedSettingsDir binds is one the confinement masks", () => {
  for (const { entry, adapter } of REGISTERED) {
    test(`${entry.displayName}: its adapter's managed folder is among its registry entry's`, () => {
      if (adapter.managedSettingsDir !== undefined)
        expect(entry.managedSettingsDirs).toContain(adapter.managedSettingsDir);
      else expect(adapter.findManagedRouting ?? entry.managedSettingsDirs.length === 0).toBeTruthy();
    });
  }
});
