// Pins that a paid eval trial is confined by default: a real model chooses the commands, so the
// trial runs under bubblewrap with a private HOME, fresh /var/tmp, and a network namespace of its
// own that reaches only the endpoint's host:port. The "remote" endpoint here is Claude Code's own
// mock on a local port (no network beyond the machine, no key spent); its scripted Bash writes a
// marker into the host's /var/tmp. Confined, the host never sees it; with `sandbox: false` (the
// explicit opt-out) it does, which shows the probe can see the write at all.
import { existsSync, rmSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import { claudeCodeAdapter } from "../../src/adapters/claude-code/adapter.js";
import { claudeAvailable } from "../../src/tiers/harness/availability.js";
import { paid_claudeEvalDriver } from "../../src/tiers/eval/claude-driver.js";
import type { EvalTrial } from "../../src/tiers/eval/driver.js";

const markers: string[] = [];
afterAll(() => markers.forEach((m) => rmSync(m, { force: true })));

async function trialWrites(sandbox: boolean | undefined): Promise<{ marker: string; served: number }> {
  const marker = `/var/tmp/vigiles-paid-trial-${process.pid}-${String(sandbox)}`;
  markers.push(marker);
  rmSync(marker, { force: true });
  const mock = await claudeCodeAdapter.startMock([
    { tool: "Bash", input: { command: `touch ${marker}` } },
    { text: "done" },
  ]);
  try {
    const driver = paid_claudeEvalDriver({
      env: { ANTHROPIC_API_KEY: "sk-vigiles-not-a-real-key" },
      baseUrl: mock.url,
      ...(sandbox !== undefined ? { sandbox } : {}),
    });
    await driver.preflight?.({ models: ["sonnet"], efforts: [undefined] });
    const trial: EvalTrial = {
      arm: "a",
      trial: 0,
      task: "write the marker",
      files: {},
      pluginDirs: [],
      model: "sonnet",
      stubSkillBodies: false,
      env: {},
      timeoutMs: 180_000,
    };
    const trace = await driver.runTrial(trial, {});
    trace.cleanup?.();
    return { marker, served: mock.requests.filter((r) => !r.sideChannel).length };
  } finally {
    await mock.close();
  }
}

describe.skipIf(!claudeAvailable())("paid eval trials run confined by default", () => {
  test.concurrent(
    "confined (the default): the model's command never reaches the host",
    async () => {
      const { marker, served } = await trialWrites(undefined);
      expect(served).toBeGreaterThanOrEqual(2); // the endpoint was reached, through the egress proxy
      expect(existsSync(marker)).toBe(false);
    },
    240_000,
  );

  test.concurrent(
    "sandbox: false runs on the host, so the same command writes there",
    async () => {
      const { marker, served } = await trialWrites(false);
      expect(served).toBeGreaterThanOrEqual(2);
      expect(existsSync(marker)).toBe(true);
    },
    240_000,
  );
});
