import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pingProcessWorker, runProcessSync, runProcessesSync } from "../../src/runtime/process-sync.js";

describe("runProcessSync (worker + Atomics.wait)", () => {
  it("runs a real process synchronously with stdin, env and both streams", () => {
    const r = runProcessSync({
      argv: ["sh", "-c", 'read line; echo "out:$line:$FOO"; echo err >&2; exit 3'],
      env: { PATH: process.env.PATH, FOO: "bar" },
      input: "hello\n",
    });
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toBe("out:hello:bar\n");
    expect(r.stderr).toBe("err\n");
  });

  it("runs a batch concurrently and keeps the order of results", () => {
    const t0 = performance.now();
    const rs = runProcessesSync(
      [3, 2, 1].map((n) => ({
        argv: ["sh", "-c", `sleep 0.${n}; echo ${n}`] as [string, ...string[]],
        env: { PATH: process.env.PATH },
      })),
      3,
    );
    expect(rs.map((r) => r.stdout)).toEqual(["3\n", "2\n", "1\n"]);
    expect(performance.now() - t0).toBeLessThan(3_000);
  });

  it("an empty request makes the round trip", () => {
    expect(() => pingProcessWorker()).not.toThrow();
    expect(runProcessesSync([])).toEqual([]);
  });

  it("reports a missing program as a spawn error, not a throw", () => {
    const r = runProcessSync({ argv: ["/nonexistent/vigiles-prog"], env: {} });
    expect(r.spawnError?.code).toBe("ENOENT");
    expect(existsSync("/nonexistent")).toBe(false);
  });
});
