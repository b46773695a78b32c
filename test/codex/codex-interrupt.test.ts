// Codex 0.169.0's binary lists the hook event `Interrupt` (its release surface; hook input schema
// `interrupt.command.input`: cwd, hook_event_name, model, permission_mode, session_id,
// transcript_path, turn_id; output schema `interrupt.command.output`: only `systemMessage`). Those
// are read from the binary, not seen. This pins what a real run shows: a `codex exec` turn
// interrupted by SIGINT (the only interrupt a `codex exec` run takes) exits 1 without running an
// Interrupt hook, so the event cannot be made to fire in a run vigiles drives, and its dialect leaves
// it out: the audit keeps saying `unpinned-event` ("cannot judge"), never "never runs". If a release
// starts firing it here, this test fails and the event can be modelled from the run.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { codexAdapter } from "../../src/adapters/codex/adapter.js";
import { codexDialect } from "../../src/adapters/codex/dialect.js";
import { makeRunDirs } from "../../src/tiers/harness/run-dirs.js";
import { runProcess } from "../../src/runtime/process.js";
import { removeTempDir } from "../../src/runtime/temp-dir.js";

/** A shell command that sends SIGINT to the `codex` process above it, mid-turn. */
const INTERRUPT_CODEX = [
  "p=$$",
  `while [ "$p" -gt 1 ]; do [ "$(cat /proc/$p/comm)" = codex ] && break; p=$(awk '{print $4}' /proc/$p/stat); done`,
  'echo "$p" > SIGNALLED',
  "kill -INT $p",
  "sleep 5",
].join("; ");

test("an exec turn interrupted by SIGINT runs no Interrupt hook (real Codex)", async () => {
  expect(codexDialect.events.map((e) => e.name)).not.toContain("Interrupt");
  const { root, dirs } = makeRunDirs();
  const mock = await codexAdapter.startMock([
    { tool: "Bash", input: { command: INTERRUPT_CODEX } },
    { text: "done" },
  ]);
  try {
    const fired = join(dirs.workDir, "interrupt.json");
    const hook = { type: "command", command: `cat > ${fired}; echo '{"systemMessage":"SYS-7"}'` };
    await codexAdapter.prepare(
      { prompt: "go", settings: { hooks: { Interrupt: [{ hooks: [hook] }] } } },
      dirs,
    );
    // The hook is written and trusted as any other event's is.
    expect(readFileSync(join(dirs.homeDir, ".codex", "hooks.json"), "utf8")).toContain('"Interrupt"');
    expect(readFileSync(join(dirs.homeDir, ".codex", "config.toml"), "utf8")).toMatch(
      /:interrupt:0:0"\]\ntrusted_hash/,
    );
    const launch = codexAdapter.launch({
      harness: await codexAdapter.resolve(),
      spec: { prompt: "go" },
      dirs,
      endpoint: { kind: "mock", baseUrl: mock.url, apiKey: "k" },
      asRoot: process.getuid?.() === 0,
    });
    const run = await runProcess({
      argv: launch.argv,
      env: launch.env,
      cwd: launch.cwd,
      input: "",
      timeoutMs: 60_000,
    });
    // The interrupt reached Codex mid-turn (the command ran and found it), and Codex stopped.
    expect(Number(readFileSync(join(dirs.workDir, "SIGNALLED"), "utf8"))).toBeGreaterThan(1);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('"type":"turn.started"');
    expect(existsSync(fired)).toBe(false);
  } finally {
    await mock.close();
    removeTempDir(root);
  }
}, 120_000);
