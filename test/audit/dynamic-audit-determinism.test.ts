/**
 * `vigiles audit --run` gives the same findings on an idle and on a loaded machine: the same tree is
 * audited twice, the second time while busy child processes keep every core at 100%. A hook that
 * hangs is `hook-timeout` both times (judged past twice its registered budget), a hook that takes a
 * third of its budget is never reported, and crash, contract and computed-verdict findings repeat
 * word for word. Notes are left out of the comparison: "slow here" is by design this machine's.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDynamicAudit } from "../../src/tools/audit/dynamic-audit.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

let root: string;
const busy: ChildProcess[] = [];

const scripts: Record<string, string> = {
  "good.sh": `#!/bin/sh\ncat >/dev/null\nexit 0\n`,
  "crash.sh": `#!/bin/sh\ncat >/dev/null\necho "boom" >&2\nexit 1\n`,
  "hang.sh": `#!/bin/sh\ncat >/dev/null\nsleep 30\n`,
  "third.sh": `#!/bin/sh\ncat >/dev/null\nsleep 0.3\nexit 0\n`,
  "warn.sh": `#!/bin/sh\ncat >/dev/null\nprintf '%s\\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"warn"}}'\n`,
  "computed.sh": `#!/bin/sh\ninput=$(cat)\nd=allow\ncase "$input" in *'rm -rf'*) d=block ;; esac\nprintf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"%s"}}\\n' "$d"\n`,
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "vigiles-determinism-"));
  mkdirSync(join(root, ".claude"));
  mkdirSync(join(root, "hooks"));
  for (const [name, text] of Object.entries(scripts)) {
    writeFileSync(join(root, "hooks", name), text);
    chmodSync(join(root, "hooks", name), 0o755);
  }
  const h = (script: string, timeout: number) => ({
    type: "command",
    command: `"$CLAUDE_PROJECT_DIR/hooks/${script}"`,
    timeout,
  });
  writeFileSync(
    join(root, ".claude/settings.json"),
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              h("good.sh", 5),
              h("crash.sh", 5),
              h("hang.sh", 1),
              h("third.sh", 1),
              h("warn.sh", 5),
              h("computed.sh", 5),
            ],
          },
        ],
      },
    }),
  );
});
afterAll(() => {
  for (const child of busy) child.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

const audit = async () => {
  const r = await runDynamicAudit(auditHarness(root), { probesPerHook: 6 });
  // Notes ("slow here": a run past its budget on this machine) may come and go with the load; errors
  // and warnings may not.
  return r.findings
    .filter((f) => f.severity !== "note")
    .map((f) => `${f.ruleId} ${f.file} ${f.message}`)
    .sort();
};

describe("audit --run on an idle and a loaded machine", () => {
  it("gives the same findings, and none for the hook inside its budget", async () => {
    const idle = await audit();
    for (let i = 0; i < availableParallelism() + 1; i++) {
      // Bounded, so a run stopped mid-test (its afterAll never reached) leaves no core busy for long.
      const spin = `const end = Date.now() + 240000; while (Date.now() < end) {}`;
      busy.push(spawn(process.execPath, ["-e", spin], { stdio: "ignore" }));
    }
    const loaded = await audit();
    for (const child of busy.splice(0)) child.kill("SIGKILL");
    expect(loaded).toEqual(idle);
    const rules = idle.map((line) => line.split(" ")[0]);
    // computed.sh answers an explicit allow to every call but `rm -rf`, the disaster probes among
    // them: on Claude Code that skips the permission prompt (hook-allows-disaster).
    expect(rules.sort()).toEqual([
      "hook-allows-disaster",
      "hook-crash",
      "hook-output-contract",
      "hook-output-contract",
      "hook-timeout",
    ]);
    expect(idle.find((l) => l.startsWith("hook-allows-disaster"))).toMatch(/computed\.sh/);
    expect(idle.join("\n")).not.toMatch(/third\.sh/);
    expect(idle.find((l) => l.startsWith("hook-output-contract") && l.includes("computed.sh"))).toMatch(
      /on Bash `rm -rf`: permissionDecision "block"/,
    );
  }, 240_000);
});
