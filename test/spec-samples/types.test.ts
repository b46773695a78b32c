// The samples are TypeScript-checked as written against the BUILT package's declarations: a real tsc
// over this directory's sample tests (test/spec-samples/tsconfig.json), where "vigiles" resolves to
// dist/entries/*.d.ts. A sample line whose names or argument shapes drift from the typings fails here
// even when it happens to run.
import { join } from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "vitest";

test("the sample tests type-check against the built package", async () => {
  const root = process.cwd();
  const tsc = join(root, "node_modules/typescript/bin/tsc");
  const run = promisify(execFile);
  const result = await run(process.execPath, [tsc, "-p", "test/spec-samples/tsconfig.json"], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
  }).catch((error: { stdout?: string; stderr?: string; code?: number }) => error);
  expect(`${result.stdout ?? ""}${result.stderr ?? ""}`).toBe("");
}, 150_000);
