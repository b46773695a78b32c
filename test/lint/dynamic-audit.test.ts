/**
 * `vigiles audit --run`: real hook scripts run through runHook on synthetic events; each way a hook
 * fails open is reported once, and a sound hook is not.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDynamicAudit, type DynamicAuditResult } from "../../src/tiers/audit/dynamic-audit.js";
import { auditHarness } from "../../src/tiers/audit/static-audit.js";
import { syntheticEvents } from "../../src/tiers/audit/synthetic-events.js";

let root: string;
let result: DynamicAuditResult;

const scripts: Record<string, string> = {
  "good.sh": `#!/bin/sh
input=$(cat)
case "$input" in *'"tool_name":"Bash"'*) ;; *) echo "no tool_name on stdin" >&2; exit 1 ;; esac
printf '%s\\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'
`,
  "crash.sh": `#!/bin/sh\ncat >/dev/null\necho "Traceback: KeyError tool_input" >&2\nexit 1\n`,
  "slow.sh": `#!/bin/sh\ncat >/dev/null\nsleep 5\n`,
  "noisy.sh": `#!/bin/sh\ncat >/dev/null\necho "checking the command..."\nprintf '%s\\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}'\n`,
  "warn.sh": `#!/bin/sh\ncat >/dev/null\nprintf '%s\\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"warn"}}'\n`,
  "session.sh": `#!/bin/sh\ninput=$(cat)\ncase "$input" in *'"source":"fork"'*) exit 3 ;; esac\nexit 0\n`,
};

beforeAll(() => {
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
              hooks: [h("good.sh"), h("crash.sh"), h("slow.sh", 1), h("noisy.sh"), h("warn.sh")],
            },
          ],
          SessionStart: [{ matcher: "startup|fork", hooks: [h("session.sh")] }],
        },
      },
      null,
      2,
    ),
  );
  const report = auditHarness(root);
  // The static audit already sees the "warn" in warn.sh's source; the run must confirm it.
  expect(report.findings.map((f) => [f.ruleId, f.file])).toEqual([
    ["invalid-permission-decision", "hooks/warn.sh"],
  ]);
  result = runDynamicAudit(report);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ruleFor = (script: string) =>
  result.findings.filter((f) => f.message.includes(`/${script}`)).map((f) => f.ruleId);

describe("runDynamicAudit", () => {
  it("runs each registration once per event and matcher value", () => {
    expect(
      result.runs.map(
        (r) => `${r.registration.event}:${r.target}:${r.registration.command?.split("/").pop()}`,
      ),
    ).toEqual([
      'PreToolUse:Bash:good.sh"',
      'PreToolUse:Bash:crash.sh"',
      'PreToolUse:Bash:slow.sh"',
      'PreToolUse:Bash:noisy.sh"',
      'PreToolUse:Bash:warn.sh"',
      'SessionStart:startup:session.sh"',
      'SessionStart:fork:session.sh"',
    ]);
  });

  it("reports each way of failing open, and nothing for the sound hook", () => {
    expect(ruleFor("good.sh")).toEqual([]);
    expect(ruleFor("crash.sh")).toEqual(["hook-crash"]);
    expect(ruleFor("slow.sh")).toEqual(["hook-timeout"]);
    expect(ruleFor("noisy.sh")).toEqual(["hook-stdout-noise"]);
    expect(ruleFor("warn.sh")).toEqual(["hook-output-contract"]);
    const session = result.findings.filter((f) => f.message.includes("/session.sh"));
    expect(session.map((f) => f.message)).toEqual([
      expect.stringMatching(/^The SessionStart \(fork\) hook .* exited 3/),
    ]);
  });

  it("names the stderr of a crash and the budget of a timeout", () => {
    const crash = result.findings.find((f) => f.ruleId === "hook-crash" && f.message.includes("crash.sh"));
    expect(crash?.message).toMatch(/KeyError tool_input/);
    expect(result.findings.find((f) => f.ruleId === "hook-timeout")?.message).toMatch(/budget 1 s/);
  });
});

describe("syntheticEvents", () => {
  it("feeds a regex matcher a tool it matches and fills the event's own fields", () => {
    const reg = {
      file: "x",
      harness: "claude-code" as const,
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
});
