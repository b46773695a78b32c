/**
 * The coverage loop: runners record what they exercised while tests run (VIGILES_COVERAGE_DIR),
 * and `vigiles audit --coverage` lists what nothing touched.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  COVERAGE_DIR_ENV,
  readCoverageRecords,
  recordTraceCoverage,
} from "../../src/runtime/coverage-record.js";
import { runHook } from "../../src/tiers/run-hook/run-hook.js";
import { experimental_defineHook, allow } from "../../src/entries/hook.js";
import { runHookProgram } from "../../src/core/hook-program/run.js";
import { auditCoverage } from "../../src/tools/audit/coverage.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const MAIN = join(import.meta.dirname, "../../dist/cli/main.js");
const temps: string[] = [];
const saved = process.env[COVERAGE_DIR_ENV];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
  if (saved === undefined) delete process.env[COVERAGE_DIR_ENV];
  else process.env[COVERAGE_DIR_ENV] = saved;
});

function plugin(): string {
  const root = mkdtempSync(join(tmpdir(), "vigiles-cov-audit-"));
  temps.push(root);
  for (const d of [".claude-plugin", "hooks", "skills/greet", "skills/deploy", "agents", "commands"]) {
    mkdirSync(join(root, d), { recursive: true });
  }
  writeFileSync(join(root, ".claude-plugin/plugin.json"), JSON.stringify({ name: "demo" }));
  writeFileSync(join(root, "hooks/guard.sh"), "#!/bin/sh\ncat >/dev/null\nexit 0\n");
  writeFileSync(join(root, "hooks/audit-log.sh"), "#!/bin/sh\ncat >/dev/null\nexit 0\n");
  chmodSync(join(root, "hooks/guard.sh"), 0o755);
  chmodSync(join(root, "hooks/audit-log.sh"), 0o755);
  const h = (s: string) => ({ type: "command", command: `"\${CLAUDE_PLUGIN_ROOT}/hooks/${s}"` });
  writeFileSync(
    join(root, "hooks/hooks.json"),
    JSON.stringify({
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [h("guard.sh")] }],
        PostToolUse: [{ matcher: "Write|Edit", hooks: [h("audit-log.sh")] }],
      },
    }),
  );
  writeFileSync(
    join(root, "skills/greet/SKILL.md"),
    "---\nname: greet\ndescription: Greets the user by name.\n---\nHi.\n",
  );
  writeFileSync(
    join(root, "skills/deploy/SKILL.md"),
    "---\nname: deploy\ndescription: Ships the current branch to the staging cluster with a rollback plan.\n---\nShip.\n",
  );
  writeFileSync(
    join(root, "agents/reviewer.md"),
    "---\nname: reviewer\ndescription: Reviews diffs.\n---\nReview.\n",
  );
  writeFileSync(join(root, "commands/release.md"), "---\ndescription: Cut a release.\n---\nRelease.\n");
  return root;
}

describe("coverage", () => {
  it("records runHook and harness traces, then lists only what nothing exercised", () => {
    const root = plugin();
    const records = join(root, ".vigiles/coverage");
    process.env[COVERAGE_DIR_ENV] = records;
    const r = runHook(
      '"${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh"',
      { tool_name: "Bash", tool_input: { command: "ls" } },
      {
        pluginRoot: root,
        cwd: root,
      },
    );
    expect(r.exitCode).toBe(0);
    recordTraceCoverage(
      {
        toolCalls: [
          { name: "Skill", input: { skill: "demo:greet" } },
          { name: "Agent", input: { subagent_type: "demo:reviewer", prompt: "x" } },
        ],
        hooks: [{ name: "PostToolUse:Write", event: "PostToolUse" }],
      },
      "runHarnessTest",
      { prompt: "/demo:release now" },
    );
    const read = readCoverageRecords(records);
    expect(read.map((x) => [x.kind, x.source])).toEqual([
      ["hook", "runHook"],
      ["command", "runHarnessTest"],
      ["hook", "runHarnessTest"],
      ["skill", "runHarnessTest"],
      ["agent", "runHarnessTest"],
    ]);
    expect(read[0]?.identity).toMatchObject({ event: "PreToolUse", target: "Bash" });
    expect(read[0]?.identity.command).toMatch(/hooks\/guard\.sh/);

    const result = auditCoverage(auditHarness(root));
    expect(result.items.filter((i) => !i.covered).map((i) => `${i.kind} ${i.id}`)).toEqual([
      "skill demo:deploy",
    ]);
    expect(result.findings.map((f) => [f.ruleId, f.file])).toEqual([
      ["uncovered-skill", "skills/deploy/SKILL.md"],
    ]);
  });

  it("a hook run with another tool than its matcher names does not cover it", () => {
    const root = plugin();
    const report = auditHarness(root);
    const result = auditCoverage(report, {
      records: [
        {
          v: 1,
          pid: 1,
          kind: "hook",
          source: "runHarnessTest",
          identity: { event: "PostToolUse", target: "Read" },
        },
        {
          v: 1,
          pid: 1,
          kind: "hook",
          source: "runHook",
          identity: { event: "PreToolUse", command: "/elsewhere/guard.sh" },
        },
      ],
    });
    expect(result.items.filter((i) => i.kind === "hook").map((i) => [i.id.split(":")[0], i.covered])).toEqual(
      [
        ["PreToolUse[Bash]", false],
        ["PostToolUse[Write|Edit]", false],
      ],
    );
  });

  it("refuses to call anything covered from zero records, and the command fails on gaps", () => {
    const root = plugin();
    mkdirSync(join(root, "empty"));
    const empty = auditCoverage(auditHarness(root), { coverageDir: "empty" });
    expect(empty.findings.map((f) => f.ruleId)).toEqual(["coverage-empty"]);
    const cli = spawnSync(
      process.execPath,
      [MAIN, "audit", "--coverage", "--coverage-dir", "empty", "--format", "json", root],
      {
        encoding: "utf8",
      },
    );
    expect(cli.status).toBe(1);
    expect(
      (JSON.parse(cli.stdout) as { findings: { ruleId: string }[] }).findings.map((f) => f.ruleId),
    ).toEqual(["coverage-empty"]);
  });

  it("records an in-process hook program run with its event and tool", () => {
    const root = plugin();
    const records = join(root, "records");
    process.env[COVERAGE_DIR_ENV] = records;
    const program = experimental_defineHook({ on: "PreToolUse", decide: () => allow() });
    runHookProgram(program, { tool_name: "Bash", tool_input: { command: "ls" } });
    expect(readCoverageRecords(records).map((r) => [r.source, r.identity])).toEqual([
      ["runHookProgram", { event: "PreToolUse", target: "Bash" }],
    ]);
    const covered = auditCoverage(auditHarness(root), { coverageDir: "records" }).items.filter(
      (i) => i.covered,
    );
    expect(covered.map((i) => i.id)).toEqual([expect.stringMatching(/^PreToolUse\[Bash\]/)]);
  });
});

describe("the whole loop through the commands", () => {
  it("vigiles test --coverage-dir records, vigiles audit --coverage reads", () => {
    const root = plugin();
    const runHookModule = join(import.meta.dirname, "../../src/tiers/run-hook/run-hook.ts");
    const harnessFile = join(root, "guard.harness.mts");
    writeFileSync(
      harnessFile,
      [
        `import { runHook } from ${JSON.stringify(runHookModule)};`,
        `const r = runHook(${JSON.stringify('"${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh"')}, { tool_name: "Bash", tool_input: { command: "ls" } }, { pluginRoot: ${JSON.stringify(root)}, cwd: ${JSON.stringify(root)} });`,
        `if (r.exitCode !== 0) process.exit(1);`,
      ].join("\n"),
    );
    const records = join(root, ".vigiles/coverage");
    const test = spawnSync(process.execPath, [MAIN, "test", "--coverage-dir", records, harnessFile], {
      encoding: "utf8",
    });
    expect(test.status, test.stdout + test.stderr).toBe(0);
    const audit = spawnSync(process.execPath, [MAIN, "audit", "--coverage", "--format", "json", root], {
      encoding: "utf8",
    });
    expect(audit.status).toBe(1);
    const found = (JSON.parse(audit.stdout) as { findings: { ruleId: string; message: string }[] }).findings;
    // The PreToolUse guard ran; everything else is listed as uncovered.
    expect(found.map((f) => f.ruleId).sort()).toEqual(
      ["uncovered-agent", "uncovered-command", "uncovered-hook", "uncovered-skill", "uncovered-skill"].sort(),
    );
    expect(found.find((f) => f.ruleId === "uncovered-hook")?.message).toMatch(/PostToolUse "Write\|Edit"/);
  });
});
