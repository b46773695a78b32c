/**
 * `vigiles eval` as real processes: the progress display (plain lines off a TTY, one rewritten line on a
 * pseudo-terminal made by util-linux `script`) and the second Ctrl-C, which kills in-flight Claude Code
 * runs (real CLIs waiting on a slow mock) and exits 130.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { EvalReport } from "../../src/core/eval-report.js";

const ROOT = resolve(import.meta.dirname, "../..");
const MAIN = join(ROOT, "dist/cli/main.js");
const COIN = join(ROOT, "test/eval/fixtures/coin-driver.ts");
const SLOW = join(ROOT, "test/eval/fixtures/slow-mock-driver.ts");
const DEFINE = join(ROOT, "src/core/eval/eval-file.ts");

const ESC = String.fromCharCode(27);
const temp = () => mkdtempSync(join(tmpdir(), "vigiles-eval-progress-"));
/** The environment minus CI, so only the terminal decides the display. */
function envWithoutCi(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env["CI"];
  return env;
}

function evalFile(dir: string, name: string, trials: number, extra = ""): void {
  writeFileSync(
    join(dir, `${name}.eval.ts`),
    `import { defineEval } from ${JSON.stringify(DEFINE)};
export default defineEval({
  runEval: {
    name: ${JSON.stringify(name)},
    arms: { off: {}, on: {} },
    task: "write DONE",
    measure: (ctx) => ({ done: ctx.file("DONE") !== null }),
    trials: ${trials},
    ${extra}
  },
});
`,
  );
}

describe("vigiles eval progress display", () => {
  it("off a TTY (and without CI) prints plain, growing lines: no carriage returns, no escapes", () => {
    const dir = temp();
    evalFile(dir, "plain", 20, "concurrency: 2,");
    const r = spawnSync(process.execPath, [MAIN, "eval", "--driver", COIN], {
      cwd: dir,
      encoding: "utf8",
      env: envWithoutCi(),
    });
    expect(r.status).toBe(0);
    expect(r.stderr).not.toContain("\r");
    expect(r.stderr).not.toContain(ESC);
    const lines = r.stderr.split("\n").filter((l) => l !== "");
    for (const line of lines) expect(line).toMatch(/^plain: \d+\/40 done, \d+ left · /);
    const done = lines.map((l) => Number(/(\d+)\/40/.exec(l)![1]));
    expect(done.at(-1)).toBe(40);
    expect(lines.at(-1)).toMatch(
      /40\/40 done, 0 left · pass \d+\.\d% \(off \d+\.\d%, on \d+\.\d%\) · \$0 \(mock\) · elapsed /,
    );
    // About every tenth of the grid, never the same count twice, never going back.
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.length).toBeLessThanOrEqual(12);
    for (let i = 1; i < done.length; i++) expect(done[i]!).toBeGreaterThan(done[i - 1]!);
  });

  it.skipIf(!existsSync("/usr/bin/script"))("on a terminal rewrites one line in place", () => {
    const dir = temp();
    evalFile(dir, "live", 20, "concurrency: 2,");
    const command = [process.execPath, MAIN, "eval", "--driver", COIN]
      .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
      .join(" ");
    // util-linux script gives the command a pseudo-terminal; its output is the terminal's.
    const r = spawnSync("script", ["-qec", command, "/dev/null"], {
      cwd: dir,
      encoding: "utf8",
      // Declared paid, so the line shows the CLI's figure, labelled as its estimate.
      env: envWithoutCi({ VIGILES_TEST_DELAY_MS: "5", VIGILES_TEST_PAID: "1" }),
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("\r\x1b[Klive: ");
    expect(r.stdout).toMatch(
      new RegExp(
        `\r${ESC}\\[Klive: 40/40 done, 0 left · pass \\d+\\.\\d% \\(off [^)]*\\) · est\\. \\$0\\.4000 · elapsed [^\r\n]*\r?\n`,
      ),
    );
    // One line rewritten, not a line per update.
    expect(r.stdout.split("\n").filter((l) => l.includes("live: ")).length).toBe(1);
  });
});

describe("vigiles eval, second Ctrl-C", () => {
  it("kills the in-flight Claude Code runs now, writes the aborted report and exits 130", async () => {
    const dir = temp();
    const marker = `h12-${process.pid}-${Date.now()}`;
    evalFile(dir, "stuck", 3, "concurrency: 2,");
    // Both arms carry the marker, so this test finds exactly its own CLIs in /proc.
    writeFileSync(
      join(dir, "stuck.eval.ts"),
      readFileSync(join(dir, "stuck.eval.ts"), "utf8")
        .replace(
          "arms: { off: {}, on: {} },",
          `arms: { off: { env: { VIGILES_PROBE: "${marker}" } }, on: { env: { VIGILES_PROBE: "${marker}" } } },`,
        )
        // Issue 22: a gate must not run on the partial report of an aborted eval.
        .replace("\n});\n", '\n  assert: () => { throw new Error("THE GATE RAN"); },\n});\n'),
    );
    const child = spawn(process.execPath, [MAIN, "eval", "--driver", SLOW, "--out", "stuck.json"], {
      cwd: dir,
      env: { ...process.env, CI: "1", VIGILES_TEST_DELAY_MS: "120000" },
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const closed = new Promise<number | null>((done) => child.on("close", done));

    await until(() => liveClisWith(marker) === 2, "two CLIs in flight");
    child.kill("SIGINT");
    await until(() => /stopping; in-flight trials finish/.test(stderr), "the first Ctrl-C message");
    expect(liveClisWith(marker)).toBe(2); // the first Ctrl-C lets them run
    child.kill("SIGINT");
    const code = await closed;

    expect(code).toBe(130);
    expect(stderr).toMatch(/killing in-flight trials/);
    expect(liveClisWith(marker)).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, "stuck.json"), "utf8")) as EvalReport;
    expect(report.aborted).toBe(true);
    expect(report.abortReason).toBe("interrupt");
    expect(stderr).toMatch(/gate not run: the eval was aborted/);
    expect(stderr).not.toContain("THE GATE RAN");
    // Killed runs are failed calls, never scored as failed trials.
    expect(report.arms["on"]!.trials + report.arms["off"]!.trials).toBe(0);
    expect((report.arms["on"]!.errors ?? 0) + (report.arms["off"]!.errors ?? 0)).toBe(2);
  }, 100_000);
});

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Claude Code CLIs (not their own helper processes) whose environment carries `marker`. */
function liveClisWith(marker: string): number {
  const clis = new Map<string, string>();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!/\/claude(\.exe)?$/.test(readlinkSync(`/proc/${pid}/exe`))) continue;
      if (!readFileSync(`/proc/${pid}/environ`, "utf8").includes(`VIGILES_PROBE=${marker}`)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (fields[0] === "Z") continue; // a zombie is dead, only not yet reaped
      clis.set(pid, fields[1] ?? "");
    } catch {
      // the process ended between listing and reading
    }
  }
  return [...clis.values()].filter((ppid) => !clis.has(ppid)).length;
}
