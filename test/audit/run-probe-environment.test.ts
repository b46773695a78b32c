/**
 * `vigiles audit --run` gives a hook what the harness gives it, and says "cannot run here" for what
 * the confined audit cannot give. Both were false crash reports on a public repository's hooks:
 * - the payload's `transcript_path` names a file that exists (empty), as the CLI's transcript does
 *   when its hooks run; before, a hook reading it crashed on ENOENT in the audit only;
 * - a hook whose request cannot leave the confined audit (no network) is a `hook-cannot-run` note,
 *   not a `hook-crash`: it may work online.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runDynamicAudit } from "../../src/tools/audit/dynamic-audit.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function rulesOf(command: string): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), "vigiles-probe-env-"));
  dirs.push(root);
  const files = {
    ".claude/settings.json": JSON.stringify({
      hooks: { SessionStart: [{ hooks: [{ type: "command", command }] }] },
    }),
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  const result = await runDynamicAudit(auditHarness(root), { maxRunMs: 10_000 });
  expect(result.runs.length).toBeGreaterThan(0);
  return result.findings.map((f) => f.ruleId);
}

describe("audit --run: the hook's environment", () => {
  it("hands a transcript_path that exists", async () => {
    const readsTranscript = `node -e 'const p=JSON.parse(require("fs").readFileSync(0,"utf8")).transcript_path; require("fs").readFileSync(p,"utf8")'`;
    expect(await rulesOf(readsTranscript)).toEqual([]);
  }, 60_000);

  it("reads a request that cannot leave the confined audit as cannot-run, not a crash", async () => {
    const fetches = `node -e 'fetch("http://vigiles-audit.invalid/").then(() => process.exit(0))'`;
    expect(await rulesOf(fetches)).toEqual(["hook-cannot-run"]);
  }, 60_000);
});
