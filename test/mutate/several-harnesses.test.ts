// vigiles mutate on a plugin that ships for two harnesses (issue 34): a Claude Code plugin whose
// hooks/hooks.json is also a Gemini CLI extension's, because it has a gemini-extension.json. Pins
// that each (handler, harness) reading is its own item with the harness in its id, that no id is
// reported twice, that a test folded by one harness's rules reaches only that harness's reading,
// that applicability and reasons come from the reading's own dialect (exit 2 cannot block a
// SessionStart; Gemini CLI leaves ${CLAUDE_PLUGIN_ROOT} unset), that a skill a hook prints is reached
// by the test of that hook, and that the score is the same with and without gemini-extension.json.
// No real CLI: every test is a runHook, each mutant a node process of a second or so.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { HookItem, MarkdownItem, MutantResult, MutateReport } from "../../src/core/mutate/types.js";
import { inventory } from "../../src/tools/mutate/inventory.js";
import { mutateHarness } from "../../src/tools/mutate/run-mutants.js";
import { writeRepo } from "./fixture.mjs";

/** A SessionStart hook that puts the hello skill in the session's context (plain stdout, Claude Code's context). */
const SESSION_START = `#!/bin/sh
cat >/dev/null
cat "$(dirname "$0")/../skills/hello/SKILL.md"
`;
const SKILL = `---
name: hello
description: Use when the user says hello
---
Answer "hello" back, warmly.
`;
const HOOKS = {
  hooks: {
    SessionStart: [
      {
        matcher: "startup",
        hooks: [{ type: "command", command: '"${CLAUDE_PLUGIN_ROOT}/hooks/session-start.sh"' }],
      },
    ],
  },
};
/** The one test: the hook, run through its registration by Claude Code's rules, adds the whole skill. */
const HELLO_TEST = `import { readFileSync } from "node:fs";
import { runHook } from "vigiles";
const root = new URL(".", import.meta.url).pathname;
const registration = readFileSync(root + "hooks/hooks.json", "utf8");
const r = runHook({ registration, pluginRoot: root }, { hook_event_name: "SessionStart", source: "startup" }, { cwd: root });
for (const part of ["description: Use when the user says hello", 'Answer "hello" back'])
  if (!String(r.plainText).includes(part)) throw new Error("expected the context to carry " + part + ", got " + JSON.stringify(r.plainText));
`;

/**
 * A hook both harnesses can run (the project dir, which both set) that answers in the JSON both
 * read, and a test for each harness's rules.
 */
const CONTEXT = `#!/bin/sh
cat >/dev/null
printf '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"Say hello back"}}\\n'
`;
const SHARED_HOOKS = {
  hooks: {
    SessionStart: [{ hooks: [{ type: "command", command: 'sh "$CLAUDE_PROJECT_DIR/hooks/context.sh"' }] }],
  },
};
const contextTest = (harness: string) => `import { readFileSync } from "node:fs";
import { runHook, test } from "vigiles";
const root = new URL(".", import.meta.url).pathname;
const registration = readFileSync(root + "hooks/hooks.json", "utf8");
test("the hook adds its context", () => {
  const r = runHook({ registration, pluginRoot: root }, { hook_event_name: "SessionStart", source: "startup" }, { cwd: root, harness: "${harness}" });
  if (r.additionalContext !== "Say hello back") throw new Error("expected additionalContext Say hello back, got " + JSON.stringify(r.additionalContext));
});
// A passing test whose console line comes last: the kill reason must not quote it.
test("a listing that passes", () => console.log("listing: nothing to list"));
`;

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const PLUGIN = {
  ".claude-plugin/plugin.json": json({ name: "hello", version: "1.0.0", description: "says hello" }),
  "hooks/hooks.json": json(HOOKS),
  "hooks/session-start.sh": SESSION_START,
  "skills/hello/SKILL.md": SKILL,
  "hello.harness.mjs": HELLO_TEST,
};
const GEMINI_MANIFEST = { "gemini-extension.json": json({ name: "hello", version: "1.0.0" }) };
const SHARED = {
  ".claude-plugin/plugin.json": json({ name: "ctx", version: "1.0.0", description: "context" }),
  "gemini-extension.json": json({ name: "ctx", version: "1.0.0" }),
  "hooks/hooks.json": json(SHARED_HOOKS),
  "hooks/context.sh": CONTEXT,
  "claude.harness.mjs": contextTest("claude-code"),
};

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
function fixture(files: Record<string, string>): string {
  const root = writeRepo("mutate-two-harnesses-", files);
  roots.push(root);
  return root;
}

const reports: Record<string, MutateReport> = {};
beforeAll(async () => {
  const run = async (name: string, files: Record<string, string>) => {
    reports[name] = await mutateHarness({ root: fixture(files), concurrency: 2 });
  };
  // Concurrently: each mutant is a short node process.
  await Promise.all([
    run("plugin", PLUGIN),
    run("extension", { ...PLUGIN, ...GEMINI_MANIFEST }),
    run("shared", SHARED),
    run("both", { ...SHARED, "gemini.harness.mjs": contextTest("gemini") }),
  ]);
}, 400_000);

const byId = (r: MutateReport, id: string): MutantResult => {
  const m = r.mutants.find((x) => x.id === id);
  if (m === undefined) throw new Error(`no ${id} in ${r.mutants.map((x) => x.id).join(", ")}`);
  return m;
};
const statuses = (r: MutateReport, harness: string) =>
  Object.fromEntries(
    r.mutants.filter((m) => m.harness === harness).map((m) => [m.id.replace(/^.*#/, ""), m.status]),
  );

/** A SessionStart hook's mutants, each killed by a test of its context but the two that cannot change it. */
const SESSION_START_KILLED = {
  "hook-always-allows": "killed",
  "hook-crashes": "killed",
  "hook-exit2-to-0": "not-applicable",
  "hook-deny-to-block": "not-applicable",
  "hook-unregistered": "killed",
  "hook-matcher-misses": "killed",
  "hook-past-timeout": "killed",
};

describe("a plugin whose SessionStart hook prints a skill, with one runHook test", () => {
  test("scores 100% with and without gemini-extension.json, each id once, every status with a reason", () => {
    for (const name of ["plugin", "extension"]) {
      const r = reports[name] as MutateReport;
      expect([name, r.score]).toEqual([name, 100]);
      const ids = r.mutants.map((m) => m.id);
      expect(new Set(ids).size, name).toBe(ids.length);
      for (const m of r.mutants.filter((x) => x.status !== "survived"))
        expect(m.reason, `${name} ${m.id}`).toMatch(/\S/);
      expect(r.mutants.filter((m) => m.status === "survived" || m.status === "error")).toEqual([]);
    }
  });

  test("the Claude Code reading is the same with the extension manifest, its id naming the harness", () => {
    const plain = statuses(reports["plugin"] as MutateReport, "claude-code");
    expect(statuses(reports["extension"] as MutateReport, "claude-code")).toEqual(plain);
    expect(plain).toEqual({
      ...SESSION_START_KILLED,
      // The hook prints the skill: its test reads the file, so removing or blanking it is noticed.
      "skill-removed": "killed",
      "skill-description-blank": "killed",
    });
    const ext = reports["extension"] as MutateReport;
    expect(byId(ext, "hooks/hooks.json:SessionStart[0].hooks[0]@claude-code#hook-unregistered").status).toBe(
      "killed",
    );
    expect(byId(ext, "skill skills/hello/SKILL.md#skill-removed").testsWhy).toMatch(
      /by running a hook that reads skills\/hello\/SKILL.md/,
    );
    // Exit 2 cannot block a SessionStart on Claude Code: the dialect's words, not "assert blocked".
    expect(byId(ext, "hooks/hooks.json:SessionStart[0].hooks[0]@claude-code#hook-exit2-to-0").reason).toMatch(
      /Claude Code: exit 2 blocks nothing on SessionStart/,
    );
  });

  test("the Gemini CLI reading is its own item: not applicable, with Gemini's reason, never a survivor", () => {
    const ext = reports["extension"] as MutateReport;
    const gemini = ext.mutants.filter((m) => m.harness === "gemini");
    expect(gemini.length).toBe(7);
    for (const m of gemini) {
      expect(m.id).toMatch(/^hooks\/hooks\.json:SessionStart\[0\]\.hooks\[0\]@gemini#/);
      expect(m.harnessName).toBe("Gemini CLI");
      expect([m.id, m.status]).toEqual([m.id, "not-applicable"]);
      // ${CLAUDE_PLUGIN_ROOT} is empty under Gemini CLI: the command runs /hooks/session-start.sh.
      expect(m.reason).toMatch(/Gemini CLI neither sets nor substitutes \$CLAUDE_PLUGIN_ROOT/);
    }
    // Not "registers the same command": the other reading is another harness's, not a twin.
    expect(ext.mutants.some((m) => /registers the same command/.test(m.reason ?? ""))).toBe(false);
    expect(ext.harnesses.map((h) => [h.harnessName, h.score, h.killed, h.notApplicable])).toEqual([
      ["Claude Code", 100, 7, 2],
      ["Gemini CLI", null, 0, 7],
    ]);
  });
});

describe("a hook both harnesses can run", () => {
  test("a test by Claude Code's rules leaves the Gemini reading not exercised, saying how to reach it", () => {
    const r = reports["shared"] as MutateReport;
    expect(r.score).toBe(100);
    const gemini = r.mutants.filter((m) => m.harness === "gemini" && m.status !== "not-applicable");
    expect(gemini.map((m) => m.kind).sort()).toEqual([
      "hook-always-allows",
      "hook-crashes",
      "hook-matcher-misses",
      "hook-past-timeout",
      "hook-unregistered",
    ]);
    for (const m of gemini) {
      expect([m.id, m.status]).toEqual([m.id, "not-exercised"]);
      expect(m.suggestion).toMatch(/harness: "gemini"/);
    }
    expect(statuses(r, "claude-code")).toMatchObject({
      "hook-always-allows": "killed",
      "hook-crashes": "killed",
      "hook-unregistered": "killed",
      "hook-past-timeout": "killed",
    });
  });

  test("a test by Gemini CLI's rules kills the Gemini reading's mutants", () => {
    const r = reports["both"] as MutateReport;
    expect(r.score).toBe(100);
    expect(statuses(r, "gemini")).toEqual(SESSION_START_KILLED);
    const killed = byId(r, "hooks/hooks.json:SessionStart[0].hooks[0]@gemini#hook-always-allows");
    expect(killed.tests).toEqual(["gemini.harness.mjs"]);
    // The kill reason is the failed assertion's message, not the run's last line of output.
    expect(killed.reason).toMatch(
      /the hook adds its context: Error: expected additionalContext Say hello back/,
    );
    expect(killed.reason).not.toMatch(/listing/);
  });
});

describe("a launcher that runs a script by name beside it", () => {
  test("the launched script is a source of the hook, so the skill it prints is read by the hook", () => {
    // The superpowers shape: `"${CLAUDE_PLUGIN_ROOT}/hooks/run-hook.cmd" session-start` execs hooks/session-start.
    const root = fixture({
      ".claude-plugin/plugin.json": json({ name: "hello", version: "1.0.0" }),
      "hooks/hooks.json": json({
        hooks: {
          SessionStart: [
            {
              hooks: [
                { type: "command", command: '"${CLAUDE_PLUGIN_ROOT}/hooks/run-hook.sh" session-start' },
              ],
            },
          ],
        },
      }),
      "hooks/run-hook.sh": '#!/bin/sh\nexec sh "$(dirname "$0")/$1"\n',
      "hooks/session-start": SESSION_START,
      "skills/hello/SKILL.md": SKILL,
      "skills/other/SKILL.md": SKILL.replace("name: hello", "name: other"),
    });
    const items = inventory(root).items;
    const hook = items.find((i): i is HookItem => i.kind === "hook");
    // The launcher stays the hook's script (the stub goes there); the launched script is read too.
    expect(hook?.sources).toEqual(["hooks/run-hook.sh", "hooks/session-start"]);
    const skill = (name: string) =>
      items.find((i): i is MarkdownItem => i.kind === "skill" && i.name === name);
    expect(skill("hello")?.readBy?.map((h) => h.id)).toEqual([hook?.id]);
    expect(skill("other")?.readBy).toBeUndefined();
  });
});
