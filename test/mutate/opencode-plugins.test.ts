// Pins `vigiles mutate` on OpenCode plugins (the registry's codeHooks): a plugin whose
// tool.execute.before guard throws and rewrites arguments gets two mutants (the throw removed, the
// rewrite undone), each killed by a test that checks the block and the arguments the tool runs with,
// and each surviving, with that test named, when the test only checks the plugin loads; the tests
// are picked from the coverage runOpenCodePluginHook records (and, for a harness run, its plugin.load fires). A plugin with only an after-hook has
// both mutants not applicable, with why. The tests run the plugins in process; no real OpenCode
// (the block and rewrite the mutants undo are pinned on the real CLI in test/opencode).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { MutateReport } from "../../src/core/mutate/types.js";
import { mutateHarness } from "../../src/tools/mutate/run-mutants.js";
import { recordLink } from "../../src/tools/mutate/select-tests.js";
import type { CoverageRecord } from "../../src/runtime/coverage-record.js";
import { repoRoot } from "./fixture.mjs";

const PLUGINS = {
  "guard.js": `export const Guard = async () => ({
  "tool.execute.before": async (input, output) => {
    if (input.tool !== "bash") return;
    if (String(output.args.command).includes("rm -rf")) throw new Error("guard: no rm -rf");
    if (output.args.command === "ls") output.args.command = "ls -la";
  },
});
`,
  "log.js": `export const Log = async () => ({ "tool.execute.after": async () => {} });
`,
};

const harness = (strong: boolean) => `import { test } from "vigiles";
import { runOpenCodePluginHook } from "vigiles/opencode";
const root = new URL(".", import.meta.url).pathname;
const plugin = root + ".opencode/plugin/guard.js";
test("guard", async () => {
  const rm = await runOpenCodePluginHook({ plugin, tool: "Bash", args: { command: "rm -rf /" }, directory: root });
  const ls = await runOpenCodePluginHook({ plugin, tool: "Bash", args: { command: "ls" }, directory: root });
  if (!rm.loaded || !ls.loaded) throw new Error("the guard did not load");
${
  strong
    ? `  if (!rm.decision.blocked) throw new Error("rm -rf went through");
  if (ls.args.command !== "ls -la") throw new Error("ls ran as " + ls.args.command);`
    : ""
}
});
`;

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
function fixture(strong: boolean): string {
  const base = join(repoRoot, ".vigiles", "tmp");
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, "mutate-opencode-"));
  roots.push(root);
  mkdirSync(join(root, ".opencode/plugin"), { recursive: true });
  for (const [name, text] of Object.entries(PLUGINS))
    writeFileSync(join(root, ".opencode/plugin", name), text);
  writeFileSync(join(root, "plugins.harness.mjs"), harness(strong));
  return root;
}

const reports = {} as Record<"strong" | "weak", MutateReport>;
beforeAll(async () => {
  [reports.strong, reports.weak] = await Promise.all([
    mutateHarness({ root: fixture(true) }),
    mutateHarness({ root: fixture(false) }),
  ]);
}, 300_000);

const GUARD = [
  "plugin .opencode/plugin/guard.js#code-hook-block-removed",
  "plugin .opencode/plugin/guard.js#code-hook-change-removed",
];
const status = (report: MutateReport, id: string) => [id, report.mutants.find((m) => m.id === id)?.status];

describe("mutants of OpenCode plugins", () => {
  test("a test that checks the block and the rewritten arguments kills both", () => {
    for (const id of GUARD) expect(status(reports.strong, id)).toEqual([id, "killed"]);
    expect(reports.strong.mutants.find((m) => m.id === GUARD[0])?.testsWhy).toMatch(
      /plugins\.harness\.mjs reaches it by its file/,
    );
  });

  test("a test that only loads the plugin lets both survive, naming the test", () => {
    for (const id of GUARD) {
      expect(status(reports.weak, id)).toEqual([id, "survived"]);
      expect(reports.weak.mutants.find((m) => m.id === id)?.tests).toEqual(["plugins.harness.mjs"]);
    }
  });

  test("an after-hook plugin cannot block or rewrite: both not applicable, with why", () => {
    for (const kind of ["code-hook-block-removed", "code-hook-change-removed"]) {
      const m = reports.strong.mutants.find((x) => x.id === `plugin .opencode/plugin/log.js#${kind}`);
      expect(m?.status).toBe("not-applicable");
      expect(m?.reason ?? JSON.stringify(m)).toMatch(/declares no tool.execute.before/);
    }
  });
});

describe("which tests reach a plugin", () => {
  const item = {
    kind: "code-hook" as const,
    harness: "opencode",
    id: "plugin .opencode/plugin/guard.js",
    file: ".opencode/plugin/guard.js",
    breakages: [],
  };
  const record = (
    source: CoverageRecord["source"],
    identity: CoverageRecord["identity"],
  ): CoverageRecord => ({
    v: 1,
    pid: 1,
    kind: "hook",
    source,
    identity,
  });
  test("a harness run that loaded it (its plugin.load fire), or an in-process run of its file", () => {
    const loaded = { event: "plugin.load", target: ".opencode/plugin/guard.js", harness: "opencode" };
    expect(recordLink(record("runHarnessTest", loaded), item, "/r")).toBe("registration");
    expect(
      recordLink(record("runHarnessTest", { ...loaded, target: ".opencode/plugin/log.js" }), item, "/r"),
    ).toBeUndefined();
    // The same plugin loaded by another harness's run is not this reading.
    expect(
      recordLink(record("runHarnessTest", { ...loaded, harness: "claude-code" }), item, "/r"),
    ).toBeUndefined();
    const inProcess = {
      event: "tool.execute.before",
      file: "/r/.opencode/plugin/guard.js",
      harness: "opencode",
    };
    expect(recordLink(record("runHook", inProcess), item, "/r")).toBe("script");
  });
});
