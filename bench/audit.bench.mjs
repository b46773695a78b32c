// The static audit's cost as a harness grows: N skills and N command hooks in one plugin, N = 25,
// 100, 200. Hooks scale linearly; description-overlap compares every pair of skills (NCD), so it
// is quadratic: the figures show both, as time per item and as ratios to N = 25.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { auditHarness } from "../dist/tools/audit/static-audit.js";

const WORDS =
  "parse format review deploy test build lint docs release migrate index search cache sync audit plan".split(
    " ",
  );

function harness(n, withSkills) {
  const root = mkdtempSync(join(tmpdir(), "vigiles-bench-audit-"));
  mkdirSync(join(root, ".claude-plugin"), { recursive: true });
  mkdirSync(join(root, "hooks"));
  writeFileSync(join(root, ".claude-plugin/plugin.json"), JSON.stringify({ name: "bench" }));
  const groups = [];
  for (let i = 0; i < n; i++) {
    writeFileSync(join(root, "hooks", `h${i}.sh`), "#!/bin/sh\ncat >/dev/null\nexit 0\n");
    chmodSync(join(root, "hooks", `h${i}.sh`), 0o755);
    groups.push({
      matcher: "Bash",
      hooks: [{ type: "command", command: `"\${CLAUDE_PLUGIN_ROOT}/hooks/h${i}.sh"`, timeout: 10 }],
    });
    if (!withSkills) continue;
    const name = `skill-${i}`;
    mkdirSync(join(root, "skills", name), { recursive: true });
    const words = Array.from({ length: 14 }, (_, k) => WORDS[(i * 5 + k * k + i * k) % WORDS.length]).join(
      " ",
    );
    writeFileSync(
      join(root, "skills", name, "SKILL.md"),
      `---\nname: ${name}\ndescription: Use to ${words} (${i}).\n---\nBody.\n`,
    );
  }
  writeFileSync(join(root, "hooks/hooks.json"), JSON.stringify({ hooks: { PreToolUse: groups } }));
  return root;
}

function time(root) {
  auditHarness(root); // warm
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    auditHarness(root);
    runs.push(performance.now() - t);
  }
  return runs.sort((a, b) => a - b)[1];
}

for (const withSkills of [false, true]) {
  const label = withSkills ? "N hooks + N skills" : "N hooks only";
  const base = {};
  for (const n of [25, 100, 200]) {
    const root = harness(n, withSkills);
    const ms = time(root);
    rmSync(root, { recursive: true, force: true });
    base[n] = ms;
    console.log(
      `${label.padEnd(20)} N=${String(n).padStart(3)}: ${ms.toFixed(0).padStart(6)} ms (${(ms / n).toFixed(2)} ms per N; ${(ms / base[25]).toFixed(1)}x N=25 for ${(n / 25).toFixed(0)}x the items)`,
    );
  }
}
