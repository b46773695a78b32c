/** The shipped examples must pass their own audit, statically and when their hooks run. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runDynamicAudit } from "../../src/tools/audit/dynamic-audit.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const EXAMPLES = join(import.meta.dirname, "../../examples");

describe.runIf(existsSync(EXAMPLES))("the examples audit clean", () => {
  const report = auditHarness(EXAMPLES);

  it("finds something to audit (never a vacuous pass)", () => {
    expect(report.discovery.hookFiles.length + report.discovery.skills.length).toBeGreaterThan(0);
  });

  it("has no static finding", () => {
    expect(report.findings).toEqual([]);
  });

  it("has no hook that fails open or blocks harmless work on its probes (confined)", async () => {
    const dynamic = await runDynamicAudit(report);
    // Every command hook ran at least once.
    const commands = report.registrations.filter((r) => r.type === "command").length;
    expect(dynamic.runs.length).toBeGreaterThanOrEqual(commands);
    expect(dynamic.findings).toEqual([]);
  }, 120_000);
});
