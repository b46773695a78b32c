// Pins how the Copilot adapter adapts to a release that lacks a flag it passes (issue 32): Copilot
// 1.0.92 has no `--disable-client-telemetry` and exits 1 with only its usage text, so the flag is left
// out and that release's own telemetry switches are set instead (COPILOT_OFFLINE, CAFE_METRICS=false,
// read from its bundle), and a usage-only exit is a rejected command line, never a result. The flags
// are read by one reader (release-flags.ts) for the launch and the release surface alike. Stand-in
// packages (a `cli-native.node` whose bytes declare the flags the way clap does, measured on 1.0.86,
// 1.0.92 and 1.0.102), not the real CLI: CI has only the pinned release.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { privatePackageCache } from "./private-package-cache.js";
import type { FinishedProcess, LaunchInput, StreamSummary } from "../../src/adapters/port.js";
import { buildCopilotLaunch } from "../../src/adapters/copilot-cli/launch.js";
import { diagnoseCopilotRun } from "../../src/adapters/copilot-cli/diagnose.js";
import { readCopilotFlags } from "../../src/adapters/copilot-cli/release-flags.js";
import { extractCopilotSurfaceFrom } from "../../src/adapters/copilot-cli/surface.js";
import { SurfaceUnreadableError } from "../../src/adapters/shared/surface-kit.js";

const { root, cache } = privatePackageCache("vigiles-copilot-flags-");

/** clap's bytes for a long flag: the id in upper snake case, the name, its help text. */
const declared = (name: string): string => `${name.toUpperCase().replace(/-/g, "_")}${name}Some help text\0`;

/**
 * A stand-in release with an unpacked package whose parser module declares the launch's flags, with
 * the telemetry flag or not (`parser: false`: no parser module at all, a layout the reader does not know).
 */
function release(version: string, hasFlag: boolean, parser = true): LaunchInput["harness"] {
  const dir = join(cache, version, "pkg", "p", version);
  mkdirSync(join(dir, "prebuilds", "linux-x64"), { recursive: true });
  writeFileSync(join(dir, "index.js"), '{"path":"hooks.preToolUse"}\n"COPILOT_HOME"');
  const flags = ["allow-all", "no-ask-user", "no-auto-update", "output-format", "plugin-dir"];
  if (hasFlag) flags.push("disable-client-telemetry");
  // The name alone, outside a declaration (a changelog line, a help sentence), is not the flag.
  const other = "see --disable-client-telemetry in the changelog";
  if (parser)
    writeFileSync(
      join(dir, "prebuilds", "linux-x64", "cli-native.node"),
      `\x7fELF${flags.map(declared).join("")}`,
    );
  writeFileSync(join(dir, "changelog.js"), `// ${other}`);
  return { adapterId: "copilot-cli", path: join(root, `copilot-${version}`), version, source: "option" };
}

const packageDir = (version: string): string => join(cache, version, "pkg", "p", version);

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
  test("a release that declares the flag gets it, and no offline switch", () => {
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

  test("a parser that cannot be read: the flag is passed (a rejection is then the named usage error)", () => {
    const launch = buildCopilotLaunch(launchInput(release("1.0.80", false, false)));
    expect(readCopilotFlags(packageDir("1.0.80"))).toBeUndefined();
    expect(launch.argv).toContain("--disable-client-telemetry");
    expect(launch.env["COPILOT_OFFLINE"]).toBeUndefined();
  });
});

describe("the release surface reads its flags with the launch's reader", () => {
  test("the surface lists the flag exactly where the launch passes it", () => {
    for (const [version, hasFlag] of [
      ["1.0.96", true],
      ["1.0.91", false],
    ] as const) {
      const harness = release(version, hasFlag);
      const flags = extractCopilotSurfaceFrom(packageDir(version), version)
        .entries.filter((e) => e.kind === "cli-flag")
        .map((e) => e.name);
      const passed = buildCopilotLaunch(launchInput(harness)).argv.includes("--disable-client-telemetry");
      expect(flags.includes("--disable-client-telemetry")).toBe(hasFlag);
      expect(passed).toBe(hasFlag);
      expect(flags).toContain("--allow-all");
    }
  });

  test("a package whose parser cannot be read has no surface (refused, not an empty flag list)", () => {
    release("1.0.79", true, false);
    expect(() => extractCopilotSurfaceFrom(packageDir("1.0.79"), "1.0.79")).toThrow(SurfaceUnreadableError);
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
