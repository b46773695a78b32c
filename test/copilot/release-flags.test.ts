// Pins how the Copilot adapter adapts to a release that lacks a flag it passes (issue 32): Copilot
// 1.0.92 has no `--disable-client-telemetry` and exits 1 with only its usage text, so the flag is left
// out and that release's own telemetry switches are set instead (COPILOT_OFFLINE, CAFE_METRICS=false,
// read from its bundle), and a usage-only exit is a rejected command line, never a result. Stand-in binaries (shell scripts
// whose `--help` lists or omits the flag), not the real CLI: CI has only the pinned release.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { privatePackageCache } from "./private-package-cache.js";
import type { FinishedProcess, LaunchInput, StreamSummary } from "../../src/adapters/port.js";
import { buildCopilotLaunch } from "../../src/adapters/copilot-cli/launch.js";
import { diagnoseCopilotRun } from "../../src/adapters/copilot-cli/diagnose.js";

const { root, cache } = privatePackageCache("vigiles-copilot-flags-");

/** A stand-in release with an unpacked package; its `--help` lists the telemetry flag or not. */
function release(version: string, hasFlag: boolean): LaunchInput["harness"] {
  mkdirSync(join(cache, version, "pkg", "p", version), { recursive: true });
  writeFileSync(join(cache, version, "pkg", "p", version, "index.js"), "");
  const path = join(root, `copilot-${version}`);
  const help = [
    "Usage: copilot [options]",
    "  --no-ask-user",
    ...(hasFlag ? ["  --disable-client-telemetry  Disable telemetry"] : []),
  ];
  writeFileSync(path, `#!/bin/sh\ncat <<'EOF'\n${help.join("\n")}\nEOF\n`);
  chmodSync(path, 0o755);
  return { adapterId: "copilot-cli", path, version, source: "option" };
}

function launchInput(harness: LaunchInput["harness"]): LaunchInput {
  const dirs = { workDir: join(root, "w"), homeDir: join(root, "h"), tmpDir: join(root, "t") };
  return {
    harness,
    spec: { prompt: "go" },
    dirs,
    endpoint: { kind: "mock", baseUrl: "http://127.0.0.1:1", apiKey: "k" },
    asRoot: false,
  } as LaunchInput;
}

describe("a release without --disable-client-telemetry", () => {
  test("a release that lists the flag gets it, and no offline switch", () => {
    const launch = buildCopilotLaunch(launchInput(release("1.0.95", true)));
    expect(launch.argv).toContain("--disable-client-telemetry");
    expect(launch.env["COPILOT_OFFLINE"]).toBeUndefined();
  });

  test("a release without it: the flag is left out and its own telemetry switches are set", () => {
    const launch = buildCopilotLaunch(launchInput(release("1.0.92", false)));
    expect(launch.argv).not.toContain("--disable-client-telemetry");
    expect(launch.argv).toContain("--no-ask-user");
    expect(launch.env).toMatchObject({ COPILOT_OFFLINE: "true", CAFE_METRICS: "false" });
  });
});

describe("an exit with only the usage text", () => {
  const summary = { events: [], toolCalls: [] } as unknown as StreamSummary;
  // What 1.0.92 printed for `--disable-client-telemetry` (measured), exit 1, nothing on stdout.
  const usage: FinishedProcess = {
    exitCode: 1,
    signal: null,
    stdout: "",
    stderr:
      "error: Invalid command format.\n\nIt looks like your prompt was not quoted, so the extra words were treated as separate arguments.\n" +
      "Wrap the prompt in quotes, for example: copilot -p \"your prompt here\"\n\nTry 'copilot --help' for more information.\n",
    timedOut: false,
  };

  test("is a rejected command line, not a crash or a result", () => {
    expect(diagnoseCopilotRun(summary, usage)).toMatchObject({
      kind: "flag-rejected",
      message: expect.stringMatching(/only its usage text .* does not take one of the flags vigiles passed/),
    });
  });

  test("a crash after the stream started stays a crash", () => {
    const started = { events: [{ type: "session.start" }], toolCalls: [] } as unknown as StreamSummary;
    expect(diagnoseCopilotRun(started, { ...usage, stderr: "boom" })?.kind).toBe("crashed");
  });
});
