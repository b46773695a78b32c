/** `vigiles eval` and `vigiles merge-reports` as a user runs them: real processes, real files. */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { EvalReport } from "../../src/core/eval-report.js";

const ROOT = resolve(import.meta.dirname, "../..");
// The built CLI, as a user runs it (npm test builds first): tsx on src/ cost seconds per call under load.
const MAIN = join(ROOT, "dist/cli/main.js");
const DRIVER = join(ROOT, "test/eval/fixtures/coin-driver.ts");
const DEFINE = join(ROOT, "dist/core/eval/eval-file.js");

function evalFile(dir: string, file: string, body: string): string {
  const path = join(dir, file);
  writeFileSync(
    path,
    `import { defineEval } from ${JSON.stringify(DEFINE)};\nexport default defineEval(${body});\n`,
  );
  return path;
}

const SPEC = (extra = "", trials = 20) => `{
  runEval: {
    ${extra}
    arms: { off: {}, on: {} },
    task: "write DONE",
    measure: (ctx) => ({ done: ctx.file("DONE") !== null }),
    trials: ${trials},
    concurrency: 4,
  },
  assert: (report) => {
    if (report.arms.on.metrics.done.mean <= report.arms.off.metrics.done.mean) throw new Error("on did not beat off");
  },
}`;

function cli(cwd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, CI: "1", ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const temp = (): string => {
  const dir = mkdtempSync("/var/tmp/vigiles-eval-cli-");
  temps.push(dir);
  return dir;
};

describe("vigiles eval", () => {
  it("runs an eval file, prints plain progress off a TTY, writes the report and rows, and passes the gate", () => {
    const dir = temp();
    evalFile(dir, "lift.eval.ts", SPEC('name: "lift",'));
    const r = cli(dir, ["eval", "--driver", DRIVER, "--out", "out/report.json"]);
    // A driver that spends nothing: no dollar figure, each arm's rate beside the whole grid's.
    expect(r.stderr).toMatch(
      /lift: 40\/40 done, 0 left · pass \d+\.\d% \(off \d+\.\d%, on \d+\.\d%\) · \$0 \(mock\) · /,
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/gate passed/);
    // The end of the run: one line per arm, with its rate, its interval and its cost.
    expect(r.stdout).toMatch(/^lift\.eval\.ts: 2 arms, 40 scored trials, \$0 \(mock\)$/m);
    expect(r.stdout).toMatch(/^ {2}off · 20 trials · done \d+\.\d% \[\d+\.\d%, \d+\.\d%\] · \$0 \(mock\)$/m);
    expect(r.stdout).toMatch(/^ {2}on {2}· 20 trials · done \d+\.\d% \[/m);
    const report = JSON.parse(readFileSync(join(dir, "out/report.json"), "utf8")) as EvalReport;
    expect(report.arms["on"]!.metrics["done"]!.n).toBe(20);
    expect(report.rows).toBeUndefined();
    expect(readFileSync(join(dir, "out/report.rows.jsonl"), "utf8").trim().split("\n")).toHaveLength(41);
  });

  it("exits non-zero when the gate fails", () => {
    const dir = temp();
    evalFile(dir, "fail.eval.ts", SPEC().replace("<= report.arms.off", "<= 2 + report.arms.off"));
    const r = cli(dir, ["eval", "--driver", DRIVER, "--trials=3"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/gate failed: on did not beat off/);
  });

  it(
    "locks a named eval: --update writes it, --check passes, then fails once the inputs change",
    {
      timeout: 180_000,
    },
    () => {
      const dir = temp();
      const file = evalFile(dir, "locked.eval.ts", SPEC('name: "locked",', 4));
      expect(cli(dir, ["eval", "--driver", DRIVER, "--check"]).code).toBe(1);
      const updated = cli(dir, ["eval", "--driver", DRIVER, "--update"]);
      expect(updated.code).toBe(0);
      expect(existsSync(join(dir, ".vigiles/eval-locks/locked.json"))).toBe(true);
      const fresh = cli(dir, ["eval", "--driver", DRIVER, "--check"]);
      expect(fresh.code).toBe(0);
      expect(fresh.stdout).toMatch(/matches the inputs/);
      writeFileSync(file, readFileSync(file, "utf8").replace("write DONE", "write DONE now"));
      const stale = cli(dir, ["eval", "--driver", DRIVER, "--check"]);
      expect(stale.code).toBe(1);
      expect(stale.stderr).toMatch(/inputs changed since the lock/);
    },
  );

  it("says plainly that an unnamed eval has no lock", () => {
    const dir = temp();
    evalFile(dir, "anon.eval.ts", SPEC("", 2));
    const check = cli(dir, ["eval", "--driver", DRIVER, "--check"]);
    expect(check.stdout).toMatch(/unnamed eval, it has no lock/);
    const update = cli(dir, ["eval", "--driver", DRIVER, "--update"]);
    expect(update.code).toBe(1);
    expect(update.stderr).toMatch(/has no name, so it has no lock/);
  });

  it("rejects a misplaced key in defineEval by name", () => {
    const dir = temp();
    evalFile(dir, "bad.eval.ts", `{ name: "misplaced", ${SPEC().slice(1)}`);
    const r = cli(dir, ["eval", "--driver", DRIVER]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/defineEval: unknown key "name"\. A name belongs inside the runner spec/);
  });

  // Five CLI runs, each a tsx process: a generous timeout for a loaded machine.
  it("runs shards that merge-reports folds into the unsharded report", { timeout: 180_000 }, () => {
    const dir = temp();
    evalFile(dir, "big.eval.ts", SPEC('name: "big",', 15));
    expect(cli(dir, ["eval", "--driver", DRIVER, "--out", "whole.json"]).code).toBe(0);
    expect(cli(dir, ["eval", "--driver", DRIVER, "--shard", "1/2", "--out", "s1.json"]).code).toBe(0);
    expect(cli(dir, ["eval", "--driver", DRIVER, "--shard", "2/2", "--out", "s2.json"]).code).toBe(0);
    const merged = cli(dir, ["merge-reports", "s1.json", "s2.json", "--out", "merged.json"]);
    expect(merged.code).toBe(0);
    const whole = JSON.parse(readFileSync(join(dir, "whole.json"), "utf8")) as EvalReport;
    const m = JSON.parse(readFileSync(join(dir, "merged.json"), "utf8")) as EvalReport;
    for (const arm of ["on", "off"]) {
      const a = m.arms[arm]!.metrics["done"]!;
      const b = whole.arms[arm]!.metrics["done"]!;
      expect(a.n).toBe(15);
      expect(a.mean).toBeCloseTo(b.mean, 12);
      expect(a.std).toBeCloseTo(b.std, 12);
    }
    expect(m.rows).toHaveLength(30);
    expect(m.totalCostUsd).toBeCloseTo(whole.totalCostUsd, 12);
    const partial = cli(dir, ["merge-reports", "s1.json"]);
    expect(partial.stderr).toMatch(/shards 2 are missing/);
    expect(cli(dir, ["merge-reports", "s1.json", "s1.json"]).stderr).toMatch(/repeats shard 1\/2/);
  });

  // About 14 CLI runs, each a tsx process: slow under a loaded machine, so a generous timeout.
  it(
    "gates a sharded eval on the merged report, never on a shard, and refuses a report that is not the whole grid",
    {
      timeout: 240_000,
    },
    () => {
      const dir = temp();
      const file = evalFile(
        dir,
        "sharded.eval.ts",
        SPEC('name: "sharded",', 15).replace(
          "assert: (report) => {",
          "assert: (report) => {\n    if (report.arms.on.metrics.done.n !== 15) throw new Error(`gated on ${report.arms.on.metrics.done.n} of 15 trials`);",
        ),
      );
      const s1 = cli(dir, ["eval", "--driver", DRIVER, "--shard", "1/2", "--out", "s1.json"]);
      expect(s1.code).toBe(0);
      expect(s1.stdout).toMatch(/gate not run on shard 1\/2; it judges the whole grid/);
      expect(s1.stdout).toMatch(/vigiles eval sharded\.eval\.ts --gate merged\.json/);
      expect(s1.stdout).not.toMatch(/gate passed/);
      expect(cli(dir, ["eval", "--driver", DRIVER, "--shard", "2/2", "--out", "s2.json"]).code).toBe(0);
      expect(cli(dir, ["merge-reports", "s1.json", "s2.json", "--out", "merged.json"]).code).toBe(0);

      const gated = cli(dir, ["eval", "--driver", DRIVER, "--gate", "merged.json", "sharded.eval.ts"]);
      expect(gated.stderr).toBe("");
      expect(gated.code).toBe(0);
      expect(gated.stdout).toMatch(/gating the merged report merged\.json[\s\S]*gate passed/);

      // Not the whole grid: a lone shard, a merge missing a shard, another --trials than the shards ran.
      const shard = cli(dir, ["eval", "--driver", DRIVER, "--gate", "s1.json", "sharded.eval.ts"]);
      expect(shard.code).toBe(1);
      expect(shard.stderr).toMatch(
        /s1\.json is shard 1\/2, not the whole grid.*\[VIGILES_GATE_REPORT_MISMATCH\]/,
      );
      expect(cli(dir, ["merge-reports", "s1.json", "--out", "partial.json"]).code).toBe(0);
      const partial = cli(dir, ["eval", "--driver", DRIVER, "--gate", "partial.json", "sharded.eval.ts"]);
      expect(partial.code).toBe(1);
      expect(partial.stderr).toMatch(/covers part of the grid \(trials per arm: off \d+\/15, on \d+\/15\)/);
      const trials = cli(dir, [
        "eval",
        "--driver",
        DRIVER,
        "--trials=3",
        "--gate",
        "merged.json",
        "sharded.eval.ts",
      ]);
      expect(trials.code).toBe(1);
      expect(trials.stderr).toMatch(/comes from other inputs than this eval file/);

      // The gate judges the merged numbers: a stricter gate (not part of the inputs) fails on them.
      writeFileSync(file, readFileSync(file, "utf8").replace("<= report.arms.off", "<= 2 + report.arms.off"));
      const failed = cli(dir, ["eval", "--driver", DRIVER, "--gate", "merged.json", "sharded.eval.ts"]);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/gate failed: on did not beat off/);

      // The lock of a sharded eval is written from the merged report, never from a shard.
      const shardUpdate = cli(dir, ["eval", "--driver", DRIVER, "--shard", "1/2", "--update"]);
      expect(shardUpdate.code).toBe(2);
      expect(shardUpdate.stderr).toMatch(/--update writes the lock of the whole grid, not of a shard/);
      const update = cli(dir, [
        "eval",
        "--driver",
        DRIVER,
        "--gate",
        "merged.json",
        "--update",
        "sharded.eval.ts",
      ]);
      expect(update.stdout).toMatch(/lock written to/);
      const lock = JSON.parse(readFileSync(join(dir, ".vigiles/eval-locks/sharded.json"), "utf8")) as {
        report: EvalReport;
      };
      expect(lock.report.arms["on"]!.metrics["done"]!.n).toBe(15);
      expect(lock.report.rows).toBeUndefined();
      expect(cli(dir, ["eval", "--driver", DRIVER, "--check"]).code).toBe(0);
    },
  );

  it("first Ctrl-C stops launching, finishes in-flight trials, writes an aborted report, exits 130", async () => {
    const dir = temp();
    evalFile(dir, "slow.eval.ts", SPEC('name: "slow",', 50));
    const child = spawn(process.execPath, [MAIN, "eval", "--driver", DRIVER, "--out", "slow.json"], {
      cwd: dir,
      env: { ...process.env, CI: "1", VIGILES_TEST_DELAY_MS: "150" },
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
      if (/\d+\/100 done/.test(stderr) && !child.killed) child.kill("SIGINT");
    });
    const code = await new Promise<number | null>((done) => child.on("close", done));
    expect(code).toBe(130);
    expect(stderr).toMatch(/stopping; in-flight trials finish/);
    const report = JSON.parse(readFileSync(join(dir, "slow.json"), "utf8")) as EvalReport;
    expect(report.aborted).toBe(true);
    expect(report.abortReason).toBe("interrupt");
    const ran = report.arms["on"]!.trials + report.arms["off"]!.trials;
    expect(ran).toBeGreaterThan(0);
    expect(ran).toBeLessThan(100);
  });
});
