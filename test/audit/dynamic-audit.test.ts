/**
 * `vigiles audit --run`: real hook scripts (fixtures of our own) run confined on probes. One audit
 * of one fixture plugin is shared by the assertions: each way a hook fails open or blocks harmless
 * work is reported once per hook with the probe that showed it, and the false alarms seen on public
 * plugins (a timeout judged at the audit's own cap, the async protocol read as bad JSON, a missing
 * interpreter called a crash, a detached child) are not reported.
 */
import { dialectOf } from "../../src/adapters/registry.js";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBudget, runDynamicAudit, type DynamicAuditResult } from "../../src/tools/audit/dynamic-audit.js";
import { auditProbes, guardTools } from "../../src/tools/audit/probes.js";
import { sourceLiterals } from "../../src/tools/audit/source-literals.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";
import { syntheticEvents } from "../../src/tools/audit/synthetic-events.js";

let root: string;
let result: DynamicAuditResult;

const allow = `printf '%s\\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`;
const scripts: Record<string, string> = {
  // Allows only what it has checked (an echo): an allow for every call would let a disaster run
  // without the permission prompt (hook-allows-disaster).
  "good.sh": `#!/bin/sh
input=$(cat)
case "$input" in *'"tool_name":"Bash"'*) ;; *) echo "no tool_name on stdin" >&2; exit 1 ;; esac
case "$input" in *'"command":"echo '*) ${allow} ;; esac
exit 0
`,
  "crash.sh": `#!/bin/sh\ncat >/dev/null\necho "Traceback: KeyError tool_input" >&2\nexit 1\n`,
  "slow.sh": `#!/bin/sh\ncat >/dev/null\nsleep 10\n`,
  // Registered with 180 s; the audit's cap (2 s in this test) stops it first: not a timeout.
  "long-budget.sh": `#!/bin/sh\ncat >/dev/null\nsleep 10\n`,
  "noisy.sh": `#!/bin/sh\ncat >/dev/null\necho "checking the command..."\nprintf '%s\\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}'\n`,
  "warn.sh": `#!/bin/sh\ncat >/dev/null\nprintf '%s\\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"warn"}}'\n`,
  "session.sh": `#!/bin/sh\ninput=$(cat)\ncase "$input" in *'"source":"fork"'*) exit 3 ;; esac\nexit 0\n`,
  // Claude Code's async protocol: the marker line, then the answer on a later line.
  "async-context.sh": `#!/bin/sh\ncat >/dev/null\necho '{"async": true, "asyncTimeout": 30000}'\nsleep 0.2\necho '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"lint ok"}}'\n`,
  // An async guard: its deny arrives after the tool ran.
  "async-guard.sh": `#!/bin/sh\ncat >/dev/null\necho '{"async": true}'\necho '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"too late"}}'\n`,
  // Leaves a detached child running a long subprocess and exits at once.
  "detached.sh": `#!/bin/sh\ncat >/dev/null\n(sleep 30; echo late) >/dev/null 2>&1 &\nexit 0\n`,
  // A program this machine lacks: "cannot run here", not "the hook is broken".
  "needs-uv.sh": `#!/bin/sh\ncat >/dev/null\nexec vigiles-no-such-runtime-uv run --script guard.py\n`,
  // The verdict is computed into a variable on one branch only: a bland probe never sees it.
  "computed.sh": `#!/bin/sh
input=$(cat)
decision="ask"
case "$input" in *'git commit'*) decision="block" ;; esac
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"%s"}}\\n' "$decision"
`,
  // Policy: no pushes at all. Denying the benign twin \`git push\` is a warning, not an error.
  "no-push.sh": `#!/bin/sh
input=$(cat)
case "$input" in *'git push'*) echo "pushing is not allowed here" >&2; exit 2 ;; esac
exit 0
`,
  // Broken: it exits 2 on every call, so every Bash call is blocked.
  "blocks-all.sh": `#!/bin/sh\ncat >/dev/null\necho "jq: error: Cannot index string with tool_input" >&2\nexit 2\n`,
  // A file guard: denies writes to .env, allows the rest.
  "files.sh": `#!/bin/sh
input=$(cat)
case "$input" in *'.env"'*) echo "no secrets" >&2; exit 2 ;; esac
exit 0
`,
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "vigiles-dyn-"));
  mkdirSync(join(root, ".claude-plugin"));
  mkdirSync(join(root, "hooks"));
  writeFileSync(join(root, ".claude-plugin/plugin.json"), JSON.stringify({ name: "dyn" }));
  for (const [name, text] of Object.entries(scripts)) {
    writeFileSync(join(root, "hooks", name), text);
    chmodSync(join(root, "hooks", name), 0o755);
  }
  const h = (script: string, timeout = 10) => ({
    type: "command",
    command: `"\${CLAUDE_PLUGIN_ROOT}/hooks/${script}"`,
    timeout,
  });
  writeFileSync(
    join(root, "hooks/hooks.json"),
    JSON.stringify(
      {
        hooks: {
          PreToolUse: [
            {
              matcher: "Bash",
              hooks: [
                h("good.sh"),
                h("crash.sh"),
                h("slow.sh", 1),
                h("long-budget.sh", 180),
                h("noisy.sh"),
                h("warn.sh"),
                h("async-guard.sh"),
                h("detached.sh", 1),
                h("needs-uv.sh"),
                h("computed.sh"),
                h("no-push.sh"),
                h("blocks-all.sh"),
              ],
            },
            { matcher: "Write|Edit", hooks: [h("files.sh")] },
            // A package fetched at run time: without a network it can only hang on the download.
            {
              matcher: "Read",
              hooks: [{ type: "command", command: "npx vigiles-no-such-pkg@0.0.1 check", timeout: 600 }],
            },
          ],
          PostToolUse: [{ matcher: "Bash", hooks: [h("async-context.sh")] }],
          SessionStart: [{ matcher: "startup|fork", hooks: [h("session.sh")] }],
        },
      },
      null,
      2,
    ),
  );
  result = await runDynamicAudit(auditHarness(root), { maxRunMs: 2000, probesPerHook: 12 });
}, 240_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const rulesFor = (script: string) =>
  result.findings.filter((f) => f.message.includes(`/${script}`)).map((f) => f.ruleId);
const messageFor = (script: string, rule: string) =>
  result.findings.find((f) => f.message.includes(`/${script}`) && f.ruleId === rule)?.message ?? "";
const runsOf = (script: string) => result.runs.filter((r) => r.registration.command?.includes(`/${script}`));

describe("runDynamicAudit", () => {
  it("ran confined, and every hook at least once", () => {
    expect(result.stats.sandbox).toBe(true);
    expect(result.stats.hooks).toBe(16);
    for (const s of Object.keys(scripts)) expect(runsOf(s).length, s).toBeGreaterThan(0);
  });

  it("reports nothing for the sound hooks", () => {
    expect(rulesFor("good.sh")).toEqual([]);
    expect(rulesFor("files.sh")).toEqual([]);
  });

  it("reports each way of failing open once per hook", () => {
    expect(rulesFor("crash.sh")).toEqual(["hook-crash"]);
    expect(rulesFor("slow.sh")).toEqual(["hook-timeout"]);
    expect(rulesFor("noisy.sh")).toEqual(["hook-stdout-noise"]);
    expect(rulesFor("warn.sh")).toEqual(["hook-output-contract"]);
    expect(rulesFor("session.sh")).toEqual(["hook-crash"]);
    expect(messageFor("session.sh", "hook-crash")).toMatch(
      /^The SessionStart \(startup\|fork\) hook .* exited 3 on SessionStart \(fork\)/,
    );
  });

  it("names the stderr of a crash, and judges a timeout by the registered budget", () => {
    expect(messageFor("crash.sh", "hook-crash")).toMatch(/KeyError tool_input/);
    expect(messageFor("slow.sh", "hook-timeout")).toMatch(
      /still running 2 s on Bash `echo vigiles-audit-probe`, past its registered 1 s/,
    );
    // A timeout settles the hook: the rest of its probes are skipped.
    expect(runsOf("slow.sh")).toHaveLength(1);
  });

  it("does not call a hook timed out when the audit's own cap stopped it inside its 180 s budget", () => {
    expect(rulesFor("long-budget.sh")).toEqual(["hook-cut-short"]);
    expect(messageFor("long-budget.sh", "hook-cut-short")).toMatch(
      /audit's 2 s cap .* registered budget is 180 s/,
    );
    expect(result.findings.find((f) => f.ruleId === "hook-cut-short")?.severity).toBe("note");
  });

  it("reads Claude Code's async protocol: the marker line, then the answer; no 'not valid JSON'", () => {
    expect(rulesFor("async-context.sh")).toEqual([]);
    const run = runsOf("async-context.sh")[0];
    expect(run?.result).toMatchObject({ backgrounded: true, additionalContext: "lint ok", decision: "none" });
  });

  it("reports an async guard whose deny arrives after the tool ran", () => {
    expect(rulesFor("async-guard.sh")).toEqual(["hook-async-decision"]);
  });

  it("does not report a hook that leaves a detached child running and exits at once", () => {
    expect(rulesFor("detached.sh")).toEqual([]);
  });

  it("says a hook whose program is missing here cannot run here (a note), not that it crashed", () => {
    expect(rulesFor("needs-uv.sh")).toEqual(["hook-cannot-run"]);
    expect(messageFor("needs-uv.sh", "hook-cannot-run")).toMatch(
      /cannot run here: `vigiles-no-such-runtime-uv` is not installed/,
    );
    expect(result.findings.find((f) => f.ruleId === "hook-cannot-run")?.severity).toBe("note");
  });

  it("says a hook that fetches its package at run time cannot run in the confined audit, and runs nothing", () => {
    const npx = result.findings.filter((f) => f.message.includes("npx vigiles-no-such-pkg"));
    expect(npx.map((f) => f.ruleId)).toEqual(["hook-cannot-run"]);
    expect(npx[0]?.message).toMatch(/`npx` fetches `vigiles-no-such-pkg@0.0.1` from a registry/);
    expect(result.runs.filter((r) => r.registration.command?.startsWith("npx"))).toEqual([]);
  });

  it("drives the branch the source compares against: a verdict computed at run time is caught", () => {
    expect(rulesFor("computed.sh")).toEqual(["hook-output-contract"]);
    expect(messageFor("computed.sh", "hook-output-contract")).toMatch(
      /on Bash `git commit`.*"block" is not one of/,
    );
  });

  it("warns on a denied benign twin, and errs on a guard that blocks even a bland call", () => {
    expect(rulesFor("no-push.sh")).toEqual(["hook-denies-benign"]);
    expect(messageFor("no-push.sh", "hook-denies-benign")).toMatch(/denied the benign Bash `git push`/);
    expect(rulesFor("blocks-all.sh")).toEqual(["hook-blocks-harmless"]);
    expect(messageFor("blocks-all.sh", "hook-blocks-harmless")).toMatch(
      /harmless Bash `echo vigiles-audit-probe`.*jq: error/,
    );
  });

  it("feeds a Write|Edit guard file events, a Bash guard commands, within the budget", () => {
    const files = runsOf("files.sh");
    expect(new Set(files.map((r) => r.event.tool_name))).toEqual(new Set(["Write", "Edit"]));
    expect(
      files.some((r) => String((r.event.tool_input as { file_path?: string }).file_path).endsWith("/.env")),
    ).toBe(true);
    const bash = runsOf("good.sh");
    expect(bash).toHaveLength(12);
    expect(bash.every((r) => r.event.tool_name === "Bash")).toBe(true);
    expect(bash.map((r) => r.probe.kind)).toEqual(expect.arrayContaining(["bland", "disaster", "benign"]));
  });

  it("shows the audited root in messages, never the scratch copy", () => {
    const scratch = new RegExp(`${tmpdir()}/vigiles-(?:audit|home|tmp|work)-`);
    for (const f of result.findings) expect(f.message).not.toMatch(scratch);
    expect(messageFor("crash.sh", "hook-crash")).toContain("${CLAUDE_PLUGIN_ROOT}/hooks/crash.sh");
  });
});

describe("runBudget", () => {
  it("gives twice the registered budget (at least 2 s more), capped, and says when the cap decides", () => {
    expect(runBudget(1, 30_000)).toEqual({ registeredMs: 1000, runMs: 3000, judged: true });
    expect(runBudget(10, 30_000)).toEqual({ registeredMs: 10_000, runMs: 20_000, judged: true });
    expect(runBudget(180, 30_000)).toEqual({ registeredMs: 180_000, runMs: 30_000, judged: false });
    expect(runBudget(25, 30_000)).toMatchObject({ runMs: 30_000, judged: false });
  });
});

describe("probes", () => {
  const reg = {
    file: "x",
    harness: "claude-code" as const,
    dialect: dialectOf("claude-code"),
    event: "PreToolUse",
    eventRange: { line: 1, column: 1 },
    type: "command",
    handlerRange: { line: 1, column: 1 },
  };

  it("selects the tools a guard's matcher names or matches", () => {
    expect(guardTools({ ...reg, matcher: "Bash" })).toEqual(["Bash"]);
    expect(guardTools({ ...reg, matcher: "Write|Edit" })).toEqual(["Write", "Edit"]);
    expect(guardTools({ ...reg, matcher: "mcp__github__.*" })).toEqual(["mcp__github__probe"]);
    expect(guardTools({ ...reg })).toEqual(["Bash", "Write", "Read"]);
    // No valid regex: the harness never runs the hook (issue 35: a permission rule as a matcher).
    expect(guardTools({ ...reg, matcher: "Edit(docs/prds/**)" })).toEqual([]);
  });

  it("spans the corpus categories within a small budget, bland call first", () => {
    const probes = auditProbes({ ...reg, matcher: "Bash" }, "/p", { budget: 8 });
    expect(probes).toHaveLength(8);
    expect(probes[0]?.kind).toBe("bland");
    expect(probes.slice(1, 5).map((p) => p.label)).toEqual([
      "Bash `git push --force`",
      "Bash `git push`",
      "Bash `rm -rf /`",
      "Bash `rm -rf ./build`",
    ]);
  });

  it("reads the strings a hook's source compares against: commands, regexes, trailers, file names", () => {
    const source = `
      if echo "$cmd" | grep -qE 'git\\s+push\\s+--force'; then deny; fi
      case "$cmd" in *"git commit"*) ;; esac
      if "Co-Authored-By:" in msg: pass
      PROTECTED = [".env", "package-lock.json"]
      print("Error: the command failed.")
      x = "hookSpecificOutput"
    `;
    expect(sourceLiterals(source)).toEqual([
      { text: "git push --force", kind: "command" },
      { text: "git commit", kind: "command" },
      { text: "Co-Authored-By:", kind: "trailer" },
      { text: ".env", kind: "path" },
      { text: "package-lock.json", kind: "path" },
    ]);
  });
});

describe("syntheticEvents", () => {
  it("feeds a regex matcher a tool it matches and fills the event's own fields", () => {
    const reg = {
      file: "x",
      harness: "claude-code" as const,
      dialect: dialectOf("claude-code"),
      event: "PostToolUse",
      eventRange: { line: 1, column: 1 },
      matcher: "Write|Ed.*",
      type: "command",
      handlerRange: { line: 1, column: 1 },
    };
    const [first] = syntheticEvents(reg, "/tmp");
    expect(first?.target).toBe("Edit");
    expect(first?.event).toMatchObject({
      hook_event_name: "PostToolUse",
      tool_name: "Edit",
      tool_response: {},
    });
    const stop = syntheticEvents({ ...reg, event: "Stop", matcher: undefined }, "/tmp");
    expect(stop).toEqual([
      { event: expect.objectContaining({ hook_event_name: "Stop", stop_hook_active: false }) },
    ]);
  });

  // Gemini CLI compares a SessionStart matcher with the source for equality: `startup|clear` never
  // fires there, so --run must not report how the hook fails on a run Gemini never makes; Claude
  // Code reads the same matcher as a regex and runs it on both values.
  it("feeds only the values the harness's own matcher rule selects", () => {
    const reg = {
      file: "hooks/hooks.json",
      harness: "gemini" as const,
      dialect: dialectOf("gemini"),
      event: "SessionStart",
      eventRange: { line: 1, column: 1 },
      matcher: "startup|clear",
      type: "command",
      handlerRange: { line: 1, column: 1 },
    };
    expect(syntheticEvents(reg, "/tmp")).toEqual([]);
    expect(syntheticEvents({ ...reg, matcher: "clear" }, "/tmp").map((e) => e.target)).toEqual(["clear"]);
    const claude = { ...reg, harness: "claude-code" as const, dialect: dialectOf("claude-code") };
    expect(syntheticEvents(claude, "/tmp").map((e) => e.target)).toEqual(["startup", "clear"]);
  });
});
