/**
 * `hook-block-not-enforced` (issue 35 item 3): a guard that fails open loudly. On a disaster it
 * prints a block message ("BLOCKED: force push is not allowed") but exits 0 with no decision, so
 * the harness goes on as if it had no objection. For every harness with a command-hook file (its
 * conformance form), the bad guard is reported and its clean twin, which exits 2 with the same
 * message, is not. A deliberate warning at exit 0 is no false alarm, nor is a negated or
 * dry-run message.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HARNESSES } from "../../src/adapters/registry.js";
import type { ConformanceForm } from "../../src/adapters/harness-entry.js";
import { runDynamicAudit } from "../../src/tools/audit/dynamic-audit.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const RULE = "hook-block-not-enforced";
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A guard that answers `say` on a force push (its stream and exit), and nothing otherwise. */
const guard = (say: string, code: number, stream = ">&2") =>
  `#!/bin/sh\nin=$(cat)\ncase "$in" in\n  *"push --force"*|*"push -f"*) echo "${say}" ${stream}; exit ${code};;\nesac\nexit 0\n`;

function audit(form: ConformanceForm, script: string) {
  const root = mkdtempSync(join(tmpdir(), "vigiles-block-loud-"));
  roots.push(root);
  const files = {
    ...form.configFiles([
      {
        event: form.events.preTool,
        matcher: undefined,
        command: "sh ./guard.sh",
        shape: form.shapes[0] ?? "group",
      },
    ]),
    "guard.sh": script,
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  chmodSync(join(root, "guard.sh"), 0o755);
  return runDynamicAudit(auditHarness(root), { maxRunMs: 10_000, sandbox: false });
}

const hits = (r: Awaited<ReturnType<typeof audit>>) => r.findings.filter((f) => f.ruleId === RULE);
const withForm = HARNESSES.flatMap((h) => (h.conformance ? [{ id: h.id, form: h.conformance }] : []));

describe("audit --run: a guard that says it blocked but allowed", () => {
  for (const { id, form } of withForm) {
    it.concurrent(
      `${id}: exit 0 after "BLOCKED" is reported; exit 2 with the same message is not`,
      async () => {
        const bad = await audit(form, guard("BLOCKED: force push is not allowed on this repo", 0));
        expect(hits(bad), JSON.stringify(bad.findings, null, 2)).toHaveLength(1);
        expect(hits(bad)[0]?.message).toMatch(
          /printed "BLOCKED: force push is not allowed on this repo" on stderr on Bash `[^`]*push (?:--force|-f)[^`]*` but exited 0 with no decision: the guard did not block it/,
        );
        const clean = await audit(form, guard("BLOCKED: force push is not allowed on this repo", 2));
        expect(hits(clean)).toEqual([]);
      },
      120_000,
    );
  }

  const claude = withForm.find((h) => h.id === "claude-code")!.form;
  for (const [what, script] of [
    [
      "a deliberate warning at exit 0",
      guard("warning: force push rewrites history; blocked pushes are logged", 0),
    ],
    ["a warning on stdout", guard("Caution: this would be blocked in CI", 0, "")],
    ["a negated message", guard("force push not blocked: branch is unprotected", 0)],
    ["a flag set off", guard("policy check: blocked=false", 0)],
    ["a dry run", guard("dry-run: would be denied by policy", 0)],
  ] as const) {
    it.concurrent(
      `no false alarm on ${what}`,
      async () => {
        const r = await audit(claude, script);
        expect(r.runs.length).toBeGreaterThan(1);
        expect(hits(r)).toEqual([]);
      },
      120_000,
    );
  }
});
