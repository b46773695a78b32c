// Pins `subprocess-timeout` on detached children (issue 18): a hook that re-launches itself detached
// with `--background` and exits, or backgrounds a shell command with `&`, is not killed at its budget
// while that work runs, so a long subprocess timeout there is no finding; the same timeout on the
// hook's own path still is. Fixtures of our own, reproducing a pattern seen on a public plugin.
import { describe, expect, it } from "vitest";
import { dialectOf } from "../../src/adapters/registry.js";
import { detachedCode, inDetachedChild } from "../../src/core/audit/detached-children.js";
import { checkHookScript } from "../../src/core/audit/rules/hook-script.js";
import type { SourceLanguage } from "../../src/core/audit/source-scan.js";

const reg = {
  file: "hooks/hooks.json",
  harness: "claude-code" as const,
  dialect: dialectOf("claude-code"),
  event: "Stop",
  eventRange: { line: 1, column: 1 },
  type: "command",
  handlerRange: { line: 1, column: 1 },
  timeoutSeconds: 1,
};
const timeoutFindings = (source: string, language: SourceLanguage) =>
  checkHookScript({
    registration: reg,
    file: "hooks/notify",
    direct: true,
    exists: true,
    executable: true,
    source,
    language,
  }).filter((f) => f.ruleId === "subprocess-timeout");

const pySelfRelaunch = `import subprocess, sys
def notify():
    subprocess.run(["notify-send", "done"], timeout=3)
def main():
    subprocess.Popen([sys.executable, __file__, "--background"], start_new_session=True)
    sys.exit(0)
if len(sys.argv) > 1 and sys.argv[1] == "--background":
    notify()
else:
    main()
`;
const pyForeground = `import subprocess
subprocess.run(["notify-send", "done"], timeout=3)
`;

describe("subprocess-timeout and detached children", () => {
  it("Python: no finding when the timeout runs in the detached re-launch of the script", () => {
    expect(timeoutFindings(pySelfRelaunch, "python")).toEqual([]);
    expect(timeoutFindings(pyForeground, "python")).toHaveLength(1);
  });

  it("shell: a timeout behind `&`, nohup or a `( … ) &` group is detached; a plain one is not", () => {
    const shell = [
      "#!/bin/sh",
      "cat >/dev/null",
      "timeout 30 ./sync.sh >/dev/null 2>&1 &",
      "nohup timeout 30 ./upload.sh",
      "(",
      "  timeout 60 ./index.sh",
      ") >/dev/null 2>&1 &",
      "timeout 5 ./check.sh && echo ok",
    ].join("\n");
    const lines = timeoutFindings(shell, "shell").map((f) => f.range?.line);
    expect(lines).toEqual([8]);
    const code = detachedCode(shell, "shell");
    expect([3, 4, 5, 6, 7].every((l) => inDetachedChild(code, l))).toBe(true);
    expect(inDetachedChild(code, 8)).toBe(false);
  });
});
