import { describe, expect, it } from "vitest";
import type { DriverTrace, EvalDriver, EvalTrial } from "../../src/tiers/eval/driver.js";
import { runTrialGrid } from "../../src/tiers/eval/grid.js";
import { RateLimitedError } from "../../src/tiers/eval/errors.js";
import { inProcessTrace } from "./helpers.js";

function trials(n: number): EvalTrial[] {
  return Array.from({ length: n }, (_, i) => ({
    arm: "a",
    trial: i,
    task: "t",
    files: {},
    pluginDirs: [],
    model: "sonnet",
    stubSkillBodies: false,
    env: {},
  }));
}

function sleepingDriver(ms: number, probe: { live: number; peak: number; calls: number }): EvalDriver {
  return {
    identity: "test/sleep",
    harness: "test",
    paid: false,
    async runTrial(): Promise<DriverTrace> {
      probe.calls++;
      probe.live++;
      probe.peak = Math.max(probe.peak, probe.live);
      await new Promise((r) => setTimeout(r, ms));
      probe.live--;
      return inProcessTrace({ output: "ok" });
    },
  };
}

describe("runTrialGrid", () => {
  it("keeps at most `concurrency` runs in flight and uses all of them", async () => {
    const probe = { live: 0, peak: 0, calls: 0 };
    const seen: number[] = [];
    const out = await runTrialGrid(trials(12), sleepingDriver(15, probe), {
      concurrency: 3,
      onTrial: (r) => void seen.push(r.trial.trial),
    });
    expect(probe.peak).toBe(3);
    expect(out).toEqual({ launched: 12, completed: 12, failed: 0, stoppedEarly: false });
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
  });

  it("stops launching when shouldLaunch turns false, finishing in-flight trials", async () => {
    const probe = { live: 0, peak: 0, calls: 0 };
    let done = 0;
    const out = await runTrialGrid(trials(20), sleepingDriver(10, probe), {
      concurrency: 2,
      shouldLaunch: () => done < 5,
      onTrial: () => void done++,
    });
    expect(out.stoppedEarly).toBe(true);
    expect(out.launched).toBeGreaterThanOrEqual(5);
    expect(out.launched).toBeLessThanOrEqual(6);
    expect(done).toBe(out.launched);
  });

  it("retries rate-limited calls and reports other failures without throwing", async () => {
    let calls = 0;
    const driver: EvalDriver = {
      identity: "test/flaky",
      harness: "test",
      paid: false,
      async runTrial(trial) {
        calls++;
        if (trial.trial === 0 && calls <= 2) throw new RateLimitedError("429");
        if (trial.trial === 1) throw new Error("network down");
        return inProcessTrace({ output: "ok" });
      },
    };
    const results: { attempts: number; error?: unknown }[] = [];
    const out = await runTrialGrid(trials(2), driver, {
      retryBackoffMs: 1,
      onTrial: (r) => void results.push(r),
    });
    expect(results[0]).toMatchObject({ attempts: 3 });
    expect(results[0]?.error).toBeUndefined();
    expect(String(results[1]?.error)).toMatch(/network down/);
    expect(out.failed).toBe(1);
  });

  it("gives up after rateLimitRetries and reports the rate limit as a failed call", async () => {
    const driver: EvalDriver = {
      identity: "test/limited",
      harness: "test",
      paid: false,
      runTrial: () => Promise.reject(new RateLimitedError("429 forever")),
    };
    const results: { attempts: number; error?: unknown }[] = [];
    await runTrialGrid(trials(1), driver, {
      rateLimitRetries: 2,
      retryBackoffMs: 1,
      onTrial: (r) => void results.push(r),
    });
    expect(results[0]?.attempts).toBe(3);
    expect(results[0]?.error).toBeInstanceOf(RateLimitedError);
  });
});
