// The REAL pinned GitHub Copilot CLI (1.0.102) against the mock, for what issue 19 left open: plugins
// loaded with --plugin-dir (Claude Code's `.claude-plugin` layout and Copilot's `.github/plugin` one,
// fixtures under ./fixtures), every other place Copilot reads hooks from (a project dir's hooks file,
// `.github/hooks` subdirectories, `.github/copilot/settings.json`, user-level `$COPILOT_HOME/hooks`),
// skills and custom agents in Copilot's layout, permissionRequest's answers, and the check that no
// hook ran unrecorded. One shared run covers the first three; the others have their own.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { createCopilotAdapter, copilotAdapter } from "../../src/adapters/copilot-cli/adapter.js";
import { CopilotUnrecordedHookError } from "../../src/adapters/copilot-cli/errors.js";
import type { HarnessAdapter } from "../../src/adapters/port.js";
import { scriptModel } from "../../src/adapters/mock/script.js";
import { requestContains } from "../../src/tiers/harness/availability.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { assertChecks } from "../../src/core/checks/assert-checks.js";
import { subagent } from "../../src/core/checks/subagent.js";
import { skill, tool } from "../../src/core/checks/tool-checks.js";

const TIMEOUT = 240_000;
const FIXTURES = join(import.meta.dirname, "fixtures");
const marker = (name: string) => `cat >/dev/null; echo ${name} >&2`;
const hooksFile = (event: string, command: string) =>
  JSON.stringify({ version: 1, hooks: { [event]: [{ type: "command", bash: command }] } });

describe.concurrent(
  "GitHub Copilot CLI, real CLI: plugins, hook sources, skills, agents, permissionRequest",
  () => {
    test(
      "a plugin's PreToolUse deny blocks rm -rf (recorded); every hook source is recorded; a skill and a custom agent are reached",
      async () => {
        const userHooks = { "user.json": hooksFile("preToolUse", marker("FROM-USER")) };
        const r = await runHarnessTest(
          {
            prompt: "tidy up",
            project: join(FIXTURES, "project"),
            plugins: [join(FIXTURES, "claude-style-plugin"), join(FIXTURES, "copilot-style-plugin")],
            model: scriptModel(
              [
                { tool: "Bash", input: { command: "rm -rf keep" } },
                { tool: "Skill", input: { skill: "greet" } },
                {
                  tool: "Task",
                  input: { subagent_type: "helper", description: "help", prompt: "write SUB" },
                },
                { text: "done" },
              ],
              {
                agents: {
                  helper: [{ tool: "Bash", input: { command: "echo sub > SUB" } }, { text: "sub done" }],
                },
              },
            ),
            files: {
              "keep/precious.txt": "keep me\n",
              ".github/hooks/sub/deeper.json": hooksFile("preToolUse", marker("FROM-SUBDIR")),
              ".github/copilot/settings.json": hooksFile("preToolUse", marker("FROM-REPO-SETTINGS")),
            },
            skills: {
              greet: "---\nname: greet\ndescription: Greets the user.\n---\nGREET-BODY-19: say hello.\n",
            },
            agents: {
              helper:
                "---\nname: helper\ndescription: Writes files.\n---\nHELPER-BODY-19: you write files.\n",
            },
            transcript: true,
            sandbox: false,
          },
          { adapter: createCopilotAdapter({ userHooks }) },
        );
        try {
          // The plugin (Claude's layout, PascalCase, hookSpecificOutput) denied the call; it is recorded.
          const denied = r.toolCalls.find((c) => c.input["command"] === "rm -rf keep");
          expect(denied?.result).toMatchObject({ isError: true, denied: true, deniedBy: "hook" });
          expect(denied?.result?.text).toBe("Denied by preToolUse hook: plugin guard: rm -rf is not allowed");
          expect(r.file("keep/precious.txt")).toBe("keep me\n");
          expect(requestContains(r, "plugin guard: rm -rf is not allowed")).toBe(true);
          const fires = r.hooks ?? [];
          expect(fires.filter((h) => h.name === "PreToolUse:Bash").map((h) => h.blocked)).toEqual([
            true,
            false,
          ]);
          // Each source ran, through the recorder: the project dir's file, a subdirectory of .github/hooks,
          // .github/copilot/settings.json, the user-level file and the second plugin's manifest-named file.
          const sawMarker = (m: string) => fires.filter((h) => h.stderr.includes(m)).length;
          for (const m of ["FROM-PROJECT", "FROM-SUBDIR", "FROM-REPO-SETTINGS", "FROM-USER"]) {
            // Four tool calls: the rm, the skill, the task, and the subagent's bash.
            expect(sawMarker(m), m).toBe(4);
          }
          // A plugin hook runs in the plugin's root: the run's copy, never the fixture itself.
          const post = fires.find((h) => h.stderr.includes("FROM-PLUGIN-POST"));
          expect(post?.stderr).toMatch(/cwd=\/.*vigiles-copilot-plugins\/1-copilot-style-plugin/);
          expect(post?.stderr).not.toContain(FIXTURES);
          // The skill resolved and its body reached the model; the custom agent ran with its own prompt.
          assertChecks(r, [skill("greet"), tool("Skill"), subagent("helper", [tool("Bash")])]);
          expect(requestContains(r, "GREET-BODY-19")).toBe(true);
          const sub = r.modelRequests?.filter((q) => q.agentId !== undefined) ?? [];
          expect(sub.length).toBeGreaterThan(0);
          expect(sub.every((q) => q.system.includes("HELPER-BODY-19"))).toBe(true);
          expect(r.file("SUB")).toBe("sub\n");
        } finally {
          r.cleanup();
        }
      },
      TIMEOUT,
    );

    test(
      "permissionRequest fires under --allow-all for bash: any non-zero exit and behavior:deny deny; allow, a timeout and Claude's shape let the call run",
      async () => {
        const guard = [
          "#!/bin/bash",
          "p=$(cat)",
          'case "$p" in',
          "  *'rm -rf a'*) echo 'exit-2 guard' >&2; exit 2 ;;",
          "  *'rm -rf b'*) echo 'exit-1 guard' >&2; exit 1 ;;",
          '  *\'rm -rf c\'*) echo \'{"behavior":"deny","message":"C-DENY-19"}\' ;;',
          "  *'rm -rf d'*) echo '{\"behavior\":\"allow\"}' ;;",
          "  *'rm -rf e'*) sleep 8; echo '{\"behavior\":\"deny\"}' ;;",
          '  *\'rm -rf f\'*) echo \'{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny"}}}\' ;;',
          "esac",
          "exit 0",
          "",
        ].join("\n");
        const names = ["a", "b", "c", "d", "e", "f"];
        const r = await runHarnessTest(
          {
            prompt: "clean",
            model: [
              ...names.map((n) => ({ tool: "Bash", input: { command: `rm -rf ${n}` } })),
              { text: "done" },
            ],
            files: {
              ".github/hooks/perm.json": JSON.stringify({
                version: 1,
                hooks: { permissionRequest: [{ type: "command", bash: "bash ./guard.sh", timeoutSec: 2 }] },
              }),
              "guard.sh": guard,
              ...Object.fromEntries(names.map((n) => [`${n}/f`, n])),
            },
            transcript: true,
            sandbox: false,
            // The guard times out on purpose (it fails open): the crash is what is pinned.
            allowHookCrashes: true,
          },
          { adapter: copilotAdapter },
        );
        try {
          const result = (n: string) => r.toolCalls.find((c) => c.input["command"] === `rm -rf ${n}`)?.result;
          const prefix = "Permission denied by a PermissionRequest hook: ";
          expect(result("a")).toMatchObject({
            denied: true,
            deniedBy: "hook",
            text: `${prefix}Permission denied by hook.`,
          });
          expect(result("b")?.text).toBe(`${prefix}Permission request hook failed`);
          expect(result("c")?.text).toBe(`${prefix}C-DENY-19`);
          expect(names.map((n) => r.file(`${n}/f`))).toEqual(["a", "b", "c", null, null, null]);
          // The recorder saw every fire, and the folding agrees with what Copilot did.
          expect(r.hooks?.map((h) => [h.name, h.exitCode, h.blocked])).toEqual([
            ["permissionRequest:bash", 2, true],
            ["permissionRequest:bash", 1, true],
            ["permissionRequest:bash", 0, true],
            ["permissionRequest:bash", 0, false],
            ["permissionRequest:bash", null, false],
            ["permissionRequest:bash", 0, false],
          ]);
        } finally {
          r.cleanup();
        }
      },
      TIMEOUT,
    );
    test(
      "a hook from a place vigiles does not wrap is caught: the session log's hook.start for an unregistered event fails the run",
      async () => {
        // The real CLI with one hook planted where vigiles never writes or wraps one (the private
        // home's ~/.copilot/settings.json, which 1.0.102 reads): it stands in for a hook source a later
        // release might add. Without the check the run would pass with that hook unrecorded.
        const planted: HarnessAdapter = {
          ...copilotAdapter,
          prepare: async (spec, dirs) => {
            await copilotAdapter.prepare(spec, dirs);
            mkdirSync(join(dirs.homeDir, ".copilot"), { recursive: true });
            writeFileSync(
              join(dirs.homeDir, ".copilot", "settings.json"),
              JSON.stringify({ hooks: { postToolUse: [{ type: "command", bash: "cat >/dev/null" }] } }),
            );
          },
        };
        const run = runHarnessTest(
          {
            prompt: "go",
            model: [{ tool: "Bash", input: { command: "echo ran > RAN" } }, { text: "done" }],
            // A recorded preToolUse hook: its event is registered, so only postToolUse is reported.
            files: { ".github/hooks/ok.json": hooksFile("preToolUse", "cat >/dev/null") },
            transcript: true,
            sandbox: false,
          },
          { adapter: planted },
        );
        await expect(run).rejects.toThrow(CopilotUnrecordedHookError);
        await expect(run).rejects.toMatchObject({
          code: "VIGILES_COPILOT_UNRECORDED_HOOK",
          events: ["postToolUse"],
        });
      },
      TIMEOUT,
    );
  },
);
