// When hook events vanish from a release's stream, the changed fact names what depends on them: the
// checks that read hook records (`hookFired()`), not "no audit rule or folding row". Real pinned
// Claude Code behind a STAND-IN wrapper (a fixture shell script, not a CLI): it reports version
// 2.1.998 and drops `--include-hook-events` before starting the real binary, as a release that no
// longer reports hook fires in its stream would. One probe, one real run.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { claudeCodeAdapter } from "../../src/adapters/claude-code/adapter.js";
import { runFacts } from "../../src/tools/facts/run-facts.js";

const work = mkdtempSync(join(tmpdir(), "vigiles-vanish-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

test(
  "a release without hook events in its stream: the fact changes and names the hookFired check",
  { timeout: 300_000 },
  async () => {
    const real = (await claudeCodeAdapter.resolve()).path;
    const wrapper = join(work, "claude-2.1.998");
    writeFileSync(
      wrapper,
      [
        "#!/bin/sh",
        "# FIXTURE: a stand-in for a Claude Code release whose stream carries no hook events.",
        'if [ "$1" = "--version" ]; then echo "2.1.998 (Claude Code)"; exit 0; fi',
        'for a in "$@"; do shift; [ "$a" = "--include-hook-events" ] || set -- "$@" "$a"; done',
        `exec '${real}' "$@"`,
        "",
      ].join("\n"),
    );
    chmodSync(wrapper, 0o755);
    const harness = await claudeCodeAdapter.resolve({ path: wrapper });
    const report = await runFacts(claudeCodeAdapter, harness, {
      only: ["hook-events-in-stream"],
      record: false,
    });
    expect(report.results.map((r) => [r.id, r.status, r.observed])).toEqual([
      ["hook-events-in-stream", "changed", "0 PreToolUse fire(s) in the stream"],
    ]);
    expect(report.results[0]?.checks).toContain("`hookFired()` (hook events in the stream)");
    // The wrapper is no binary to read a surface from: said, not a crash.
    expect(report.surfaceError).toMatch(/could not read the surface of claude-code 2\.1\.998/);
  },
);
