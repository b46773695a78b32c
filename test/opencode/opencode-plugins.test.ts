// The OpenCode adapter against the REAL pinned OpenCode (1.18.33), confined, and the chat-completions
// mock. Pins what its plugins do, read from the recorder that wraps each project plugin:
// - a throw in tool.execute.before blocks the call, the model gets the thrown message as the tool's
//   result, and the fire is `tool.execute.before:bash` (alias PreToolUse:Bash), blocked;
// - the after-hook gap: tool.execute.after fires for a call that returned (a bash exiting 3 included),
//   never for the blocked call nor for a tool that failed by itself (a read of a missing file);
// - a before-hook's change to output.args is what the tool runs; a throw in the after-hook turns the
//   (already run) call's result into an error carrying the message;
// - a plugin that fails to load (a missing import, a syntax error, a throw at init) is dropped by
//   OpenCode without a word, and vigiles fails the run naming the plugin and the reason, unless the
//   test allows it (then the load fires say which loaded).
import { describe, expect, test } from "vitest";
import { opencodeAdapter } from "../../src/adapters/opencode/adapter.js";
import { HookCrashedError } from "../../src/tiers/harness/errors.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import type { HarnessTestSpec } from "../../src/tiers/harness/spec.js";

const RUN_TIMEOUT = 240_000;

/** Blocks `rm -rf`, upper-cases `hi` in echo commands, and logs every after-call it sees. */
const GUARD = `import { appendFileSync } from "node:fs";
export const Guard = async ({ directory }) => ({
  "tool.execute.before": async (input, output) => {
    const command = String(output.args?.command ?? "");
    if (command.includes("rm -rf")) throw new Error("guard: rm -rf is not allowed");
    if (command.startsWith("echo hi")) output.args.command = command.replace("echo hi", "echo HI");
  },
  "tool.execute.after": async (input) => {
    appendFileSync(directory + "/after.log", input.tool + " " + input.callID + "\\n");
    if (input.args?.command === "exit 3") throw new Error("after: saw exit 3");
  },
});
`;

const spec = (extra: Partial<HarnessTestSpec> = {}): HarnessTestSpec => ({
  prompt: "tidy up",
  model: [
    { tool: "Bash", input: { command: "rm -rf keep" }, id: "call_rm" },
    { tool: "Bash", input: { command: "echo hi > said.txt" }, id: "call_echo" },
    { tool: "Bash", input: { command: "exit 3" }, id: "call_exit3" },
    { tool: "Read", input: { file_path: "missing.txt" }, id: "call_missing" },
    { text: "done" },
  ],
  files: { "keep/precious.txt": "keep me\n", ".opencode/plugin/guard.js": GUARD },
  transcript: true,
  timeoutMs: RUN_TIMEOUT,
  ...extra,
});

describe("OpenCode plugins, on the real CLI", () => {
  test.concurrent(
    "a before-hook throw blocks; the after-hook never sees the blocked call nor a tool that failed by itself",
    async () => {
      const r = await runHarnessTest(spec(), { adapter: opencodeAdapter });
      try {
        expect(r.file("keep/precious.txt")).toBe("keep me\n");
        expect(r.output).toMatch(/done/);
        const rm = r.toolCalls.find((c) => c.id === "call_rm");
        expect(rm?.name).toBe("Bash");
        expect(rm?.result).toMatchObject({ isError: true, denied: true, deniedBy: "hook" });
        expect(rm?.result?.text).toContain("guard: rm -rf is not allowed");
        expect(r.requestContains?.("guard: rm -rf is not allowed") ?? true).toBe(true);
        // The changed arguments are what ran.
        expect(r.file("said.txt")).toBe("HI\n");
        // The gap: after fired for the echo and the failing bash only.
        expect(r.file("after.log")).toBe("bash call_echo\nbash call_exit3\n");
        // A throw in the after-hook: the command ran, and the model gets the message as an error result.
        const exit3 = r.toolCalls.find((c) => c.id === "call_exit3");
        expect(exit3?.result).toMatchObject({ text: "after: saw exit 3", isError: true });
        const missing = r.toolCalls.find((c) => c.id === "call_missing");
        expect(missing?.name).toBe("Read");
        expect(missing?.result?.isError).toBe(true);
        const names = (r.hooks ?? []).map((h) => `${h.name}${h.blocked ? " BLOCKED" : ""}`);
        expect(names).toEqual([
          "plugin.load:.opencode/plugin/guard.js",
          "tool.execute.before:bash BLOCKED",
          "tool.execute.before:bash",
          "tool.execute.after:bash",
          "tool.execute.before:bash",
          "tool.execute.after:bash",
          "tool.execute.before:read",
        ]);
        expect(r.hooks?.[1]?.alias).toBe("PreToolUse:Bash");
        expect(r.hooks?.[2]?.stdout).toContain("echo HI");
      } finally {
        r.cleanup();
      }
    },
    RUN_TIMEOUT + 60_000,
  );

  test.concurrent(
    "a plugin that does not load fails the run by name with the reason; allowed, its load fire says why",
    async () => {
      const files = {
        ".opencode/plugin/guard.js": GUARD,
        ".opencode/plugin/broken.js":
          'import { x } from "./not-there.js";\nexport const Broken = async () => ({});\n',
        ".opencode/plugin/boom.ts": 'export const Boom = async () => { throw new Error("boom at init"); };\n',
      };
      const model = [{ tool: "Bash", input: { command: "echo ok" } }, { text: "done" }];
      const failing = runHarnessTest(spec({ files, model }), { adapter: opencodeAdapter });
      await expect(failing).rejects.toBeInstanceOf(HookCrashedError);
      await expect(failing).rejects.toThrow(/broken\.js.*not-there\.js/);
      const r = await runHarnessTest(spec({ files, model, allowHookCrashes: true }), {
        adapter: opencodeAdapter,
      });
      try {
        const loads = (r.hooks ?? []).filter((h) => h.event === "plugin.load");
        expect(loads.map((h) => [h.name, h.exitCode]).sort()).toEqual([
          ["plugin.load:.opencode/plugin/boom.ts", 1],
          ["plugin.load:.opencode/plugin/broken.js", 1],
          ["plugin.load:.opencode/plugin/guard.js", 0],
        ]);
        expect(loads.find((h) => h.name.endsWith("boom.ts"))?.stderr).toContain("boom at init");
        // The plugin that loaded still guards.
        expect(r.hooks?.some((h) => h.name === "tool.execute.before:bash")).toBe(true);
      } finally {
        r.cleanup();
      }
    },
    2 * RUN_TIMEOUT + 60_000,
  );
});
