// `vigiles facts --harness copilot-cli` against the REAL pinned Copilot CLI (1.0.102): every fact the
// Copilot adapter rests on (preToolUse denying on any non-zero exit, exit 2 ignored elsewhere, the
// answer shape per event-name case, the untrusted folder's silent skip, the timeout failing open,
// permissionRequest, a Claude-layout plugin's hooks, no hook events in the stream) is re-run by the
// built CLI, and each must hold. A fact that stopped holding would be reported `changed` (exit 1).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, test } from "vitest";
import { copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";

const run = promisify(execFile);
const cache = mkdtempSync(join(tmpdir(), "vigiles-copilot-facts-"));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

test("every pinned Copilot fact holds on the pinned 1.0.102, as `vigiles facts` reports it", async () => {
  const main = join(process.cwd(), "dist", "cli", "main.js");
  const out = await run(
    process.execPath,
    [main, "facts", "--harness", "copilot-cli", "--format", "json", "--concurrency", "3"],
    { env: { ...process.env, VIGILES_CACHE_DIR: cache }, maxBuffer: 16 * 1024 * 1024 },
  ).catch((e: { code?: number; stdout: string; stderr: string }) => e);
  const parsed = JSON.parse(out.stdout) as {
    reports: {
      harness: string;
      version: string;
      results: { id: string; status: string; observed: string }[];
    }[];
  };
  const report = parsed.reports[0];
  expect(report?.harness).toBe("copilot-cli");
  expect(report?.version).toBe("1.0.102");
  expect(report?.results.map((r) => [r.id, r.status, r.observed])).toEqual(
    (copilotAdapter.factProbes ?? []).map((p) => [p.id, "holds", expect.any(String)]),
  );
  expect((copilotAdapter.factProbes ?? []).length).toBe(10);
}, 600_000);
