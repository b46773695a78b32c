// Pins `explain` for OpenCode, whose hooks are plugins (the registry's codeHooks): every project
// plugin is listed in load order with whether it declares the asked event (Claude Code's names are
// accepted: PreToolUse is tool.execute.before), and with --run its hook runs on the call through
// plugin-host.mjs as a command, confined with bubblewrap by default: a throw blocks with its message,
// a change to output.args is shown as what the tool runs with, a plugin that will not load is said to
// be dropped (its hook never runs, so it decides nothing), a TypeScript plugin is not run under Node.
// These are the verdicts the real CLI showed for such plugins (test/opencode/opencode-plugins.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { harnessEntry } from "../../src/adapters/registry.js";
import { describeCodeExplanation, explainCodeHooks } from "../../src/tools/explain/explain-code-hooks.js";

const scratch = join(process.cwd(), ".vigiles/tmp");
mkdirSync(scratch, { recursive: true });
const root = mkdtempSync(join(scratch, "explain-opencode-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const files: Record<string, string> = {
  ".opencode/plugin/a-guard.js": `export const Guard = async () => ({
  "tool.execute.before": async (input, output) => {
    if (input.tool === "bash" && String(output.args.command).includes("rm -rf")) throw new Error("guard: no rm -rf");
  },
});
`,
  ".opencode/plugin/b-rewrite.js": `export const Rewrite = async () => ({
  "tool.execute.before": async (input, output) => {
    if (input.tool === "bash") output.args.command = output.args.command + " --dry-run";
  },
});
`,
  ".opencode/plugin/c-broken.js": `import { nothing } from "./not-there.js";
export const Broken = async () => ({ "tool.execute.before": async () => { throw new Error(nothing); } });
`,
  ".opencode/plugin/d-after.js": `export const Log = async () => ({ "tool.execute.after": async () => {} });
`,
  ".opencode/plugins/e-typed.ts": `export const Typed = async () => ({ "tool.execute.before": async () => {} });
`,
};
for (const [rel, text] of Object.entries(files)) {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}
const opencode = harnessEntry("opencode");
const bash = (command: string) => ({
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command },
});

describe("explain --harness opencode", () => {
  test("lists each plugin in load order and whether it declares the event", () => {
    const e = explainCodeHooks(opencode, bash("ls"), { cwd: root, run: false });
    expect(e.event).toBe("tool.execute.before");
    expect(e.handlers.map((h) => [h.file, h.selected])).toEqual([
      [".opencode/plugin/a-guard.js", true],
      [".opencode/plugin/b-rewrite.js", true],
      [".opencode/plugin/c-broken.js", true],
      [".opencode/plugin/d-after.js", false],
      [".opencode/plugins/e-typed.ts", true],
    ]);
    expect(e.handlers[3]!.reason).toContain("declares tool.execute.after");
    expect(e.outcome).toBeUndefined();
  });

  test.concurrent.each([true, false])(
    "--run (sandbox %s): the throw blocks, the rewrite shows, the broken plugin is dropped",
    (sandbox) => {
      const e = explainCodeHooks(opencode, bash("rm -rf build"), { cwd: root, run: true, sandbox });
      const by = (file: string) => e.handlers.find((h) => h.file.endsWith(file))!;
      expect(by("a-guard.js").decision).toMatchObject({
        decision: "deny",
        blocked: true,
        reason: "guard: no rm -rf",
      });
      expect(by("b-rewrite.js").decision).toMatchObject({ blocked: false });
      expect(by("b-rewrite.js").detail?.changedArgs).toMatchObject({ command: "rm -rf build --dry-run" });
      expect(by("c-broken.js").detail?.loadError).toMatch(/dropped this plugin.*not-there/);
      expect(by("e-typed.ts").notRun).toMatch(/TypeScript/);
      expect(by("d-after.js").decision).toBeUndefined();
      expect(e.outcome).toMatchObject({ decision: "deny", blocked: true });
      const text = describeCodeExplanation(opencode, e, " for Bash");
      expect(text).toContain("→ did not load: OpenCode dropped this plugin");
      expect(text).toContain("→ deny (blocks) by exit-code: guard: no rm -rf");
      expect(text).toContain("outcome: deny (the action is blocked)");
    },
    60_000,
  );

  test("--run on an everyday call: nothing blocks", () => {
    const e = explainCodeHooks(opencode, bash("ls"), { cwd: root, run: true, sandbox: false });
    expect(e.outcome).toMatchObject({ blocked: false });
  });
});
