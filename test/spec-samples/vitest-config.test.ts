// The spec's config registration of the matchers, `test: { setupFiles: ["vigiles/vitest"] }` in a
// vitest config, run for real: a child vitest run (a project inside this repository, so "vigiles"
// resolves to the built package) whose test uses toPass without importing anything but the checks.
// Per-file `import "vigiles/vitest"` and `expect.extend(vigilesMatchers)` run in checks.test.ts;
// the jest side runs in test/runners.
import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, test } from "vitest";

const repo = process.cwd();
const project = join(repo, `.vigiles/tmp/spec-samples-vitest-${process.pid}`);
afterAll(() => rmSync(project, { recursive: true, force: true }));

test('vitest.config → test: { setupFiles: ["vigiles/vitest"] } registers the matchers', async () => {
  mkdirSync(project, { recursive: true });
  writeFileSync(
    join(project, "vitest.config.mjs"),
    'export default { test: { setupFiles: ["vigiles/vitest"], include: ["*.test.mjs"] } };\n',
  );
  writeFileSync(
    join(project, "probe.test.mjs"),
    [
      'import { expect, test } from "vitest";',
      'import { tool, output, createTrace } from "vigiles";',
      'test("toPass is registered by the config", () => {',
      '  const r = createTrace({ toolCalls: [{ name: "Bash", input: { command: "ls" } }], output: "done" });',
      '  expect(r).toPass(tool("Bash"));',
      '  expect(r).toPassAll([tool("Bash"), output(/done/)]);',
      '  expect(() => expect(r).toPass(tool("Edit"))).toThrow(/expected the agent to use tool "Edit"/);',
      "});",
      "",
    ].join("\n"),
  );
  const run = promisify(execFile);
  const vitest = join(repo, "node_modules/vitest/vitest.mjs");
  const r = await run(process.execPath, [vitest, "run", "--root", project, "--reporter", "json"], {
    cwd: project,
    encoding: "utf8",
    timeout: 120_000,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`the child vitest run failed:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
  });
  const json = JSON.parse(r.stdout.slice(r.stdout.indexOf("{"))) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  expect(json).toMatchObject({ numPassedTests: 1, numFailedTests: 0 });
}, 150_000);
