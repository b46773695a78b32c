// Pins that an event the installed CLI carries but vigiles' dialect does not model is a warning
// ("unpinned-event": the audit cannot judge it), never the error "not a hook event: this hook never
// runs". Codex 0.169.0's binary lists `Interrupt` among its hook events (its release surface, read
// from the package by the extractor and committed); a typo'd event stays "unknown-event". Free.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { dialectOf } from "../../src/adapters/registry.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const dir = mkdtempSync(join(tmpdir(), "vigiles-unpinned-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a hook on an event the CLI carries unmodelled is a warning; a typo is still an error", () => {
  expect(dialectOf("codex").unpinnedEvents).toContain("Interrupt");
  mkdirSync(join(dir, ".codex"), { recursive: true });
  const hook = [{ hooks: [{ type: "command", command: "true" }] }];
  writeFileSync(
    join(dir, ".codex/hooks.json"),
    JSON.stringify({ hooks: { Interrupt: hook, Interupt: hook } }),
  );
  const findings = auditHarness(dir).findings.map((f) => [f.ruleId, f.severity, f.message.slice(0, 40)]);
  expect(findings).toEqual(
    expect.arrayContaining([
      ["unpinned-event", "warning", expect.stringContaining('"Interrupt" is in Codex')],
      ["unknown-event", "error", expect.stringContaining('"Interupt" is not a Codex')],
    ]),
  );
  expect(findings.filter(([id]) => id === "unknown-event")).toHaveLength(1);
});

// Copilot 1.0.102's userPromptTransformed is modelled now from real runs (test/copilot): a hook on it is
// judged. preMcpToolCall fires too, but its matcher subject cannot be modelled yet, so it stays a
// warning; a typo is still Copilot's unknown event.
test("Copilot's hooks-file rules: a modelled event is judged, an unmodelled one warned, a typo unknown", () => {
  const copilot = mkdtempSync(join(tmpdir(), "vigiles-unpinned-copilot-"));
  try {
    expect(dialectOf("copilot-cli").unpinnedEvents).toEqual(["preMcpToolCall"]);
    mkdirSync(join(copilot, ".github/hooks"), { recursive: true });
    const entry = [{ type: "command", bash: "true" }];
    writeFileSync(
      join(copilot, ".github/hooks/guard.json"),
      JSON.stringify({
        version: 1,
        hooks: { preMcpToolCall: entry, userPromptTransformed: entry, preToolUze: entry },
      }),
    );
    const findings = auditHarness(copilot).findings;
    const about = (id: string) => findings.filter((f) => f.ruleId === id).map((f) => f.message);
    expect(about("unpinned-event")).toEqual([expect.stringContaining('"preMcpToolCall"')]);
    expect(about("copilot-unknown-event")).toEqual([expect.stringContaining("preToolUze")]);
  } finally {
    rmSync(copilot, { recursive: true, force: true });
  }
});
