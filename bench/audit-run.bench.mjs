// The cost of `vigiles audit --run`: 8 Bash guards (a shell script that reads stdin and exits 0)
// audited with 24 probes each, confined (bubblewrap, the default) and unconfined (--no-sandbox), at
// concurrency 1 and 2. Figures are ms per probe and ratios within this run; nothing is asserted.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runDynamicAudit } from "../dist/tools/audit/dynamic-audit.js";
import { auditHarness } from "../dist/tools/audit/static-audit.js";

const HOOKS = 8;
const root = mkdtempSync(join(tmpdir(), "vigiles-bench-audit-run-"));
try {
  mkdirSync(join(root, ".claude-plugin"), { recursive: true });
  mkdirSync(join(root, "hooks"));
  writeFileSync(join(root, ".claude-plugin/plugin.json"), JSON.stringify({ name: "bench" }));
  const hooks = [];
  for (let i = 0; i < HOOKS; i++) {
    writeFileSync(join(root, "hooks", `g${i}.sh`), "#!/bin/sh\ncat >/dev/null\nexit 0\n");
    chmodSync(join(root, "hooks", `g${i}.sh`), 0o755);
    hooks.push({ type: "command", command: `"\${CLAUDE_PLUGIN_ROOT}/hooks/g${i}.sh"`, timeout: 10 });
  }
  writeFileSync(
    join(root, "hooks/hooks.json"),
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } }),
  );
  const report = auditHarness(root);
  const rows = [];
  for (const sandbox of [true, false]) {
    for (const concurrency of [1, 2]) {
      const r = await runDynamicAudit(report, { sandbox, concurrency, probesPerHook: 24 });
      rows.push({ sandbox, concurrency, probes: r.stats.probes, ms: r.stats.durationMs });
    }
  }
  const base = rows.find((r) => !r.sandbox && r.concurrency === 1);
  for (const r of rows) {
    const perProbe = r.ms / r.probes;
    console.log(
      `${r.sandbox ? "confined  " : "unconfined"} concurrency ${r.concurrency}: ${r.probes} probes in ${r.ms} ms, ` +
        `${perProbe.toFixed(1)} ms/probe, ${(r.ms / base.ms).toFixed(2)}x unconfined at concurrency 1`,
    );
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
