// Pins `vigiles mutate` on an OpenCode plugin end to end on the REAL pinned OpenCode (1.18.33): the
// mutant's wrapper (the guard's throw removed) loads under OpenCode's own loader beneath the
// recorder's wrapper, the harness test that ran the plugin is picked from its plugin.load fire, and
// the mutant is killed (the rm -rf goes through). A harness run records its fires, and so its
// coverage, with `transcript: true` (without it every test file is run). A free test cannot show that the two wrappers
// stack under OpenCode's Bun loader; test/mutate/opencode-plugins.test.ts covers the rest in process.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { mutateHarness } from "../../src/tools/mutate/run-mutants.js";
import { repoRoot } from "./fixture.mjs";

const GUARD = `export const Guard = async () => ({
  "tool.execute.before": async (input, output) => {
    if (String(output.args?.command).includes("rm -rf")) throw new Error("guard: no rm -rf");
  },
});
`;
const HARNESS = `import { test, runHarnessTest } from "vigiles";
import { opencodeAdapter } from "vigiles/opencode";
test("the guard keeps rm -rf away", async () => {
  const r = await runHarnessTest(
    {
      project: new URL(".", import.meta.url).pathname,
      prompt: "tidy",
      model: [{ tool: "Bash", input: { command: "rm -rf keep" } }, { text: "done" }],
      transcript: true,
      timeoutMs: 240000,
    },
    { adapter: opencodeAdapter },
  );
  try {
    if (r.file("keep/precious.txt") !== "keep me\\n") throw new Error("keep/ was removed");
  } finally {
    r.cleanup();
  }
});
`;

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

test("a harness test kills the removed-throw mutant of a guard plugin", async () => {
  const base = join(repoRoot, ".vigiles", "tmp");
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, "mutate-opencode-real-"));
  roots.push(root);
  mkdirSync(join(root, ".opencode/plugin"), { recursive: true });
  mkdirSync(join(root, "keep"));
  writeFileSync(join(root, "keep/precious.txt"), "keep me\n");
  writeFileSync(join(root, ".opencode/plugin/guard.js"), GUARD);
  writeFileSync(join(root, "guard.harness.mjs"), HARNESS);
  const report = await mutateHarness({ root });
  const m = report.mutants.find((x) => x.id === "plugin .opencode/plugin/guard.js#code-hook-block-removed");
  expect(m?.status, JSON.stringify(m)).toBe("killed");
  expect(m?.testsWhy).toMatch(/guard\.harness\.mjs reaches it by name in a run/);
}, 600_000);
