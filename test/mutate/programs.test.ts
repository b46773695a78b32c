// The three hook-program mutants (deny -> allow, inject -> nothing, notice -> silence), each killed
// by a test that runs the compiled program and checks its answer, and each surviving (with that
// test named) when the test only runs it. The programs are run through the compiled runtime by
// runHook, as a registration would run them; no real CLI. (Not applicable: test/mutate/mutate.test.ts,
// where gate.hook.mjs never injects nor notices.)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { MutateReport } from "../../src/core/mutate/types.js";
import { mutateHarness } from "../../src/tools/mutate/run-mutants.js";
import { repoRoot } from "./fixture.mjs";

const PROGRAMS = {
  "gate.hook.mjs": `import { experimental_defineHook, deny, allow } from "vigiles/hook";
export default experimental_defineHook({ on: "PreToolUse", matcher: "Bash", name: "gate",
  decide: (e) => (String(e.raw?.tool_input?.command ?? "").includes("rm -rf") ? deny("no rm -rf") : allow()) });
`,
  "ctx.hook.mjs": `import { experimental_defineHook, inject } from "vigiles/hook";
export default experimental_defineHook({ on: "UserPromptSubmit", name: "ctx", decide: () => inject("House rule: run the tests") });
`,
  "note.hook.mjs": `import { experimental_defineHook, notice } from "vigiles/hook";
export default experimental_defineHook({ on: "PostToolUse", name: "note", decide: () => notice("look at the output") });
`,
};

const harness = (strong: boolean) => `import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runHook } from "vigiles";
const root = new URL(".", import.meta.url).pathname;
const runtime = join(dirname(fileURLToPath(import.meta.resolve("vigiles"))), "../tiers/hook-program/runtime.js");
const run = (program, event) => runHook([process.execPath, runtime, join(root, "programs", program)], event, { cwd: root });
const gate = run("gate.hook.mjs", { tool_name: "Bash", tool_input: { command: "rm -rf /" } });
const ctx = run("ctx.hook.mjs", { hook_event_name: "UserPromptSubmit", prompt: "hi" });
const note = run("note.hook.mjs", { hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "ls" }, tool_response: {} });
${
  strong
    ? `if (gate.decision !== "deny") throw new Error("gate must deny rm -rf: " + gate.stdout);
if (!ctx.stdout.includes("House rule")) throw new Error("ctx must inject: " + ctx.stdout);
if (!note.stderr.includes("look at the output")) throw new Error("note must notice: " + note.stderr);`
    : `if ([gate, ctx, note].some((r) => r.timedOut)) throw new Error("a program did not answer");`
}
console.log("programs: ran");
`;

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
function fixture(strong: boolean): string {
  const base = join(repoRoot, ".vigiles", "tmp");
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, "mutate-programs-"));
  roots.push(root);
  mkdirSync(join(root, "programs"));
  for (const [name, text] of Object.entries(PROGRAMS)) writeFileSync(join(root, "programs", name), text);
  writeFileSync(join(root, "programs.harness.mjs"), harness(strong));
  return root;
}

const reports: Record<"strong" | "weak", MutateReport> = {} as Record<"strong" | "weak", MutateReport>;
beforeAll(async () => {
  reports.strong = await mutateHarness({ root: fixture(true) });
  reports.weak = await mutateHarness({ root: fixture(false) });
}, 300_000);

const LIVE = [
  ["program programs/gate.hook.mjs#program-deny-to-allow", "killed"],
  ["program programs/ctx.hook.mjs#program-inject-to-nothing", "killed"],
  ["program programs/note.hook.mjs#program-notice-to-silence", "killed"],
] as const;

describe("hook-program mutants", () => {
  test("a test that checks each compiled program's answer kills all three", () => {
    for (const [id] of LIVE) {
      const m = reports.strong.mutants.find((x) => x.id === id);
      expect([id, m?.status]).toEqual([id, "killed"]);
      expect(m?.testsWhy).toMatch(/programs\.harness\.mjs reaches it by its file/);
    }
  });

  test("a test that only runs them lets all three survive, with the test that ran", () => {
    for (const [id] of LIVE) {
      const m = reports.weak.mutants.find((x) => x.id === id);
      expect([id, m?.status]).toEqual([id, "survived"]);
      expect(m?.tests).toEqual(["programs.harness.mjs"]);
    }
  });
});
