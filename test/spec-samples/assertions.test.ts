// The two lines of the spec's "Assertions" section that trace.test.ts leaves to the tiers that run
// them, as written, against the BUILT package: assertBlocksDisasters("bash hooks/guard.sh") over a real
// bash guard (it hands the event to examples/hooks/bash-guard.mjs) and withHarness(spec, fn) over a
// real Claude Code run against the mock model.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  assertBlocksDisasters,
  assertCreated,
  assertToolUsedWith,
  withHarness,
  AssertionFailedError,
} from "vigiles";
import type { HarnessTestResult, HarnessTestSpec } from "vigiles";

const repo = process.cwd();
let project = "";

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), "vigiles-spec-assertions-"));
  mkdirSync(join(project, "hooks"));
  const guard = join(repo, "examples/hooks/bash-guard.mjs");
  writeFileSync(join(project, "hooks/guard.sh"), `#!/bin/bash\nexec node ${JSON.stringify(guard)}\n`);
  // A guard that knows one spelling of one disaster.
  writeFileSync(
    join(project, "hooks/naive.sh"),
    "#!/bin/bash\nif grep -q 'push -f'; then echo 'no force-push' >&2; exit 2; fi\nexit 0\n",
  );
  process.chdir(project);
});
afterAll(() => {
  process.chdir(repo);
  rmSync(project, { recursive: true, force: true });
});

describe("Assertions: the tier-running lines", () => {
  // Synchronous (a blocking call over ~130 hook processes), so not concurrent with the harness run.
  test('assertBlocksDisasters("bash hooks/guard.sh")', () => {
    const report = assertBlocksDisasters("bash hooks/guard.sh"); // the hook denies every disaster (force-push, rm -rf, curl|sh …)
    expect(report.disasters).toBeGreaterThan(20);
    expect(report.letThrough).toEqual([]);
    expect(() => assertBlocksDisasters("bash hooks/naive.sh")).toThrow(AssertionFailedError);
  }, 240_000);

  test.concurrent(
    "withHarness(spec, fn) runs fn on the result, then removes the run's temp dirs",
    async () => {
      const spec: HarnessTestSpec = {
        prompt: "create DONE",
        model: [{ tool: "Write", input: { file_path: "DONE", content: "ok" } }, { text: "created" }],
        sandbox: false,
      };
      let seen: HarnessTestResult | undefined;
      const output = await withHarness(spec, (r) => {
        seen = r;
        assertCreated(r, "DONE"); // a file was created
        assertToolUsedWith(
          r,
          "Write",
          (i) => i.file_path === "DONE" || String(i.file_path).endsWith("/DONE"),
        );
        expect(existsSync(r.workDir)).toBe(true);
        return r.output;
      });
      expect(output).toBe("created");
      expect(existsSync(seen!.workDir)).toBe(false);

      let failed: HarnessTestResult | undefined;
      await expect(
        withHarness(spec, (r) => {
          failed = r;
          assertCreated(r, "NEVER");
        }),
      ).rejects.toThrow(AssertionFailedError);
      expect(existsSync(failed!.workDir)).toBe(false); // cleaned up on a failing fn too
    },
  );
});
