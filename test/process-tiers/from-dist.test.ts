import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runProcess } from "../../src/runtime/process.js";

const entry = new URL("../../dist/entries/index.js", import.meta.url).pathname;

describe("the sync bridge from the built package (dist, .js worker)", () => {
  it("runHook and runScript work synchronously when imported as 'vigiles'", async () => {
    expect(existsSync(entry), "dist/ is missing: run `npm run build` (npm test does)").toBe(true);
    const script = `
      import { runHook, runScript } from "vigiles";
      const r = runHook("cat >/dev/null; echo stop >&2; exit 2", { tool_name: "Bash", tool_input: { command: "ls" } });
      const s = runScript(["sh", "-c", "echo out"]);
      console.log(JSON.stringify({ blocked: r.blocked, reason: r.reason, out: s.stdout }));
    `;
    const r = await runProcess({
      argv: [process.execPath, "--input-type=module", "-e", script],
      env: process.env,
      cwd: new URL("../..", import.meta.url).pathname,
      timeoutMs: 60_000,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ blocked: true, reason: "stop", out: "out\n" });
  });

  it("works in a node started with flags a worker refuses (--expose-gc, --max-old-space-size)", async () => {
    // The bridge's worker inherits only module-loading flags; per-process ones would kill it at start.
    const script = `
      import { runHook } from "vigiles";
      const r = runHook("exit 2", { tool_name: "Bash", tool_input: { command: "ls" } });
      console.log(r.decision);
    `;
    const r = await runProcess({
      argv: [
        process.execPath,
        "--expose-gc",
        "--max-old-space-size=512",
        "--input-type=module",
        "-e",
        script,
      ],
      env: process.env,
      cwd: new URL("../..", import.meta.url).pathname,
      timeoutMs: 60_000,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe("deny");
  });
});
