/**
 * `vigiles audit --run` probes a hook the way the harness would run it, so hooks that are fine are
 * not reported. Each fixture (our own) reproduces a false alarm seen on public plugins (issue 35):
 * - a deny gated by `if: "Bash(git push *--force*)"` was probed with `echo` and called "blocks every
 *   call"; the harness never runs it for `echo`;
 * - a nested project's hook naming its script relative to the project (`./scripts/check.sh`) was run,
 *   confined, from the audited root;
 * - a hook that logs under `~/.claude/projects` failed on the private HOME, which had no such dir;
 * - a once-per-session gate (deny the first call, allow the rest) was judged by its first answer;
 * - a guard for WebSearch alone that denies it with a reason ("use the docs skill") was said to
 *   block harmless work: it bans the tool, a policy (a warning now);
 * - `{"continue": true, "decision": "approve"}` on SessionStart was called outside the contract,
 *   though Claude Code's one output schema takes it on every event (and ignores it there).
 * And the findings still come where the hook is broken as the harness runs it.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDynamicAudit, type DynamicAuditResult } from "../../src/tools/audit/dynamic-audit.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";
import { callSelectedBy } from "../../src/tools/audit/if-gate.js";

let root: string;
let result: DynamicAuditResult;

const write = (rel: string, text: string, mode?: number) => {
  const path = join(root, rel);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  if (mode !== undefined) chmodSync(path, mode);
};

/** Denies the first call of a session (Claude Code `session_id`, Copilot `sessionId`), then allows. */
const ONCE_PER_SESSION = `#!/bin/sh
input=$(cat)
sid=$(printf '%s' "$input" | sed -n 's/.*"session\\(_id\\|Id\\)":"\\([^"]*\\)".*/\\2/p')
marker="\${TMPDIR:-/tmp}/once-$sid"
if [ -e "$marker" ]; then exit 0; fi
: > "$marker"
echo "Read CONTRIBUTING.md first, then retry." >&2
exit 2
`;

const scripts: Record<string, string> = {
  // Denies every call it sees: the `if:` rule is what narrows it to force pushes.
  "force-push.sh": `#!/bin/sh\ncat >/dev/null\necho "no force pushes" >&2\nexit 2\n`,
  // The same hook gated by a rule that `echo` matches: it does block harmless work.
  "gated-broken.sh": `#!/bin/sh\ncat >/dev/null\necho "jq: error" >&2\nexit 2\n`,
  // Logs under ~/.claude/projects before it answers; a failed write is an exit 2.
  "logs-home.sh": `#!/bin/sh\ncat >/dev/null\necho probe >> "$HOME/.claude/projects/vigiles-hook.log" || exit 2\nexit 0\n`,
  // Asks for the guidelines once per session, then lets calls through.
  "once.sh": ONCE_PER_SESSION,
  // Bans WebSearch on purpose and says what to use instead.
  "no-websearch.sh": `#!/bin/sh\ncat >/dev/null\nprintf '%s\\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"WebSearch is disabled here: use the docs skill"}}'\n`,
  "approve.sh": `#!/bin/sh\ncat >/dev/null\nprintf '%s\\n' '{"continue": true, "decision": "approve"}'\n`,
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "vigiles-as-run-"));
  write(".claude-plugin/plugin.json", JSON.stringify({ name: "as-run" }));
  for (const [name, text] of Object.entries(scripts)) write(`hooks/${name}`, text, 0o755);
  const h = (script: string, extra: Record<string, unknown> = {}) => ({
    type: "command",
    command: `"\${CLAUDE_PLUGIN_ROOT}/hooks/${script}"`,
    timeout: 10,
    ...extra,
  });
  write(
    "hooks/hooks.json",
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              h("force-push.sh", { if: "Bash(git push *--force*)" }),
              h("gated-broken.sh", { if: "Bash(echo *)" }),
              h("logs-home.sh"),
              h("once.sh"),
            ],
          },
          { matcher: "WebSearch", hooks: [h("no-websearch.sh")] },
        ],
        SessionStart: [{ hooks: [h("approve.sh")] }],
      },
    }),
  );
  // A nested project whose hook names its script relative to the project: the harness runs it there.
  write(
    "examples/app/scripts/check.sh",
    `#!/bin/sh\n[ "$(basename "$PWD")" = app ] || { echo "not in the project" >&2; exit 1; }\nexit 0\n`,
    0o755,
  );
  write(
    "examples/app/.claude/settings.json",
    JSON.stringify({
      hooks: {
        SessionStart: [
          {
            hooks: [
              {
                type: "command",
                command: "./scripts/check.sh",
              },
            ],
          },
        ],
      },
    }),
  );
  result = await runDynamicAudit(auditHarness(root), { maxRunMs: 5000, probesPerHook: 6 });
}, 240_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const findingsFor = (text: string) => result.findings.filter((f) => f.message.includes(text));
const runsOf = (text: string) => result.runs.filter((r) => (r.registration.command ?? "").includes(text));
const commandOf = (event: Record<string, unknown>) =>
  String((event.tool_input as Record<string, unknown> | undefined)?.command ?? "");

describe("audit --run probes as the harness runs", () => {
  it("runs an if:-gated deny only on calls its rule selects, one of them made from the rule", () => {
    const commands = runsOf("force-push.sh").map((r) => commandOf(r.event));
    expect(commands).toContain("git push --force");
    for (const c of commands) expect(c).toMatch(/git push .*--force/);
    expect(findingsFor("force-push.sh")).toEqual([]);
  });

  it("still reports a gated hook that denies the harmless calls its rule selects", () => {
    expect(findingsFor("gated-broken.sh").map((f) => f.ruleId)).toContain("hook-blocks-harmless");
  });

  it("gives the private HOME the harness's dirs, so logging under ~/.claude/projects works", () => {
    expect(runsOf("logs-home.sh").length).toBeGreaterThan(0);
    expect(findingsFor("logs-home.sh")).toEqual([]);
  });

  it("reads a reasoned deny of every call of the one tool a guard names as a ban: a warning", () => {
    expect(findingsFor("no-websearch.sh").map((f) => f.ruleId)).toEqual(["hook-denies-benign"]);
    expect(findingsFor("no-websearch.sh")[0]?.message).toMatch(/denies every WebSearch call/);
  });

  it("judges a once-per-session gate on its steady answer", () => {
    expect(findingsFor("once.sh")).toEqual([]);
  });

  it('takes {"continue": true, "decision": "approve"} on SessionStart as Claude Code does', () => {
    expect(runsOf("approve.sh")[0]?.result.decision).not.toBe("invalid");
    expect(findingsFor("approve.sh")).toEqual([]);
  });

  it("runs a nested project's hook in that project, payload cwd and process cwd alike", () => {
    const runs = runsOf("scripts/check.sh");
    expect(runs.length).toBeGreaterThan(0);
    expect(String(runs[0]?.result.input.cwd)).toMatch(/examples\/app$/);
    expect(findingsFor("scripts/check.sh")).toEqual([]);
  });
});

/**
 * The same judgements for Gemini CLI and GitHub Copilot CLI hooks, each in a nested project of its
 * own: a guard that names its script relative to the project, one that logs under the harness's
 * home dir, and a once-per-session gate. None of them is broken as the harness runs it.
 */
const otherHarnesses: Record<
  string,
  { project: string; homeLog: string; config: (cmd: string[]) => string; file: string }
> = {
  gemini: {
    project: "examples/gemini-app",
    file: ".gemini/settings.json",
    homeLog: ".gemini/tmp/vigiles-hook.log",
    config: (cmds) =>
      JSON.stringify({
        hooks: {
          BeforeTool: [
            {
              matcher: "run_shell_command",
              hooks: cmds.map((command) => ({ type: "command", command })),
            },
          ],
        },
      }),
  },
  "copilot-cli": {
    project: "examples/copilot-app",
    file: ".github/hooks/guards.json",
    homeLog: ".copilot/logs/vigiles-hook.log",
    config: (cmds) =>
      JSON.stringify({
        version: 1,
        hooks: { preToolUse: cmds.map((bash) => ({ type: "command", bash, timeoutSec: 10 })) },
      }),
  },
};

describe("audit --run probes Gemini CLI and Copilot CLI hooks as their harness runs them", () => {
  for (const [harness, h] of Object.entries(otherHarnesses)) {
    it.concurrent(
      `${harness}: nested project, home dirs and a once-per-session gate raise nothing`,
      async () => {
        const dir = mkdtempSync(join(tmpdir(), `vigiles-as-run-${harness}-`));
        try {
          const put = (rel: string, text: string, mode?: number) => {
            mkdirSync(dirname(join(dir, rel)), { recursive: true });
            writeFileSync(join(dir, rel), text);
            if (mode !== undefined) chmodSync(join(dir, rel), mode);
          };
          put(`${h.project}/scripts/check.sh`, `#!/bin/sh\ncat >/dev/null\nexit 0\n`, 0o755);
          put(
            `${h.project}/scripts/log.sh`,
            `#!/bin/sh\ncat >/dev/null\necho probe >> "$HOME/${h.homeLog}" || exit 1\n`,
            0o755,
          );
          put(`${h.project}/scripts/once.sh`, ONCE_PER_SESSION, 0o755);
          put(
            `${h.project}/${h.file}`,
            h.config(["./scripts/check.sh", "./scripts/log.sh", "./scripts/once.sh"]),
          );
          const report = auditHarness(dir);
          expect(new Set(report.registrations.map((r) => r.harness))).toEqual(new Set([harness]));
          const run = await runDynamicAudit(report, { maxRunMs: 5000, probesPerHook: 3 });
          expect(run.stats.hooks).toBe(3);
          for (const script of ["check.sh", "log.sh", "once.sh"])
            expect(run.runs.filter((r) => r.registration.command?.includes(script)).length).toBeGreaterThan(
              0,
            );
          // The gate's first answer was a deny of the bland call: it was asked again.
          const once = run.runs.filter((r) => r.registration.command?.includes("once.sh"));
          expect(once[0]?.probe.kind).toBe("bland");
          expect(run.findings).toEqual([]);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
      120_000,
    );
  }
});

/**
 * A crash is judged by what the harness does on that exit: Copilot CLI denies a preToolUse call on
 * any non-zero exit (1.0.102), so a guard that cannot run blocks every call; the finding must not say
 * the action proceeds (it said so for every harness).
 */
describe("audit --run says what the harness does on a crash", () => {
  it("a Copilot CLI preToolUse guard that exits 126 blocks every call", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vigiles-as-run-crash-"));
    try {
      mkdirSync(join(dir, ".github/hooks"), { recursive: true });
      writeFileSync(join(dir, ".github/hooks/guard.sh"), "#!/bin/sh\nexit 0\n"); // not executable
      writeFileSync(
        join(dir, ".github/hooks/guard.json"),
        JSON.stringify({
          version: 1,
          hooks: { preToolUse: [{ type: "command", bash: ".github/hooks/guard.sh", timeoutSec: 10 }] },
        }),
      );
      const run = await runDynamicAudit(auditHarness(dir), { maxRunMs: 5000, probesPerHook: 2 });
      const crash = run.findings.find((f) => f.ruleId === "hook-crash");
      expect(crash?.message).toMatch(/denies the call on this exit, so every such call is blocked/);
      expect(crash?.message).not.toMatch(/action proceeds/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** The call made from an `if:` rule is one the rule selects, and a file where the rule names files. */
describe("callSelectedBy", () => {
  const ctx = { cwd: "/p", projectDir: "/p", home: "/h" };
  it.each([
    ["Bash(git push *--force*)", { command: "git push --force" }],
    ["Bash(git push:*)", { command: "git push" }],
    ["Edit(src/**)", { file_path: "/p/src/vigiles-probe.txt" }],
    ["Write(**/.env)", { file_path: "/p/.env" }],
    ["Read(~/.ssh/**)", { file_path: "/h/.ssh/vigiles-probe.txt" }],
  ])("%s", (rule, input) => {
    expect(callSelectedBy(rule, ctx)?.input).toMatchObject(input);
  });
});
