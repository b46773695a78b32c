/**
 * `copilot-timeout-fails-open` over a JavaScript or Python guard: only what the script runs counts
 * (a spawning call, or a network API such as fetch), not a command it names in text it prints.
 * Before, `npx …` in a printed hint made a public hook "wait on a package manager" (false warning).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function timeoutFindings(script: string, name = "guard.js"): number {
  const root = mkdtempSync(join(tmpdir(), "vigiles-copilot-slow-"));
  dirs.push(root);
  const files: Record<string, string> = {
    ".github/hooks/guard.json": JSON.stringify({
      version: 1,
      hooks: { preToolUse: [{ type: "command", bash: `node ${name}`, timeoutSec: 10 }] },
    }),
    [name]: script,
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return auditHarness(root).findings.filter((f) => f.ruleId === "copilot-timeout-fails-open").length;
}

describe("copilot-timeout-fails-open in a JavaScript guard", () => {
  it("ignores a command named in text the guard prints", () => {
    expect(
      timeoutFindings(
        "const id = 'x';\nconsole.log(`Resume: npx my-tool resume ${id}`);\nconsole.log('{}');\n",
      ),
    ).toBe(0);
  });

  it("reports a package manager run through child_process, and a fetch", () => {
    expect(
      timeoutFindings("const { execSync } = require('node:child_process');\nexecSync('npm audit --json');\n"),
    ).toBe(1);
    expect(
      timeoutFindings("fetch('https://policy.example.invalid/check').then(() => console.log('{}'));\n"),
    ).toBe(1);
  });
});
