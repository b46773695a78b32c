// Gemini CLI's project and .env paths get the checks fixture files get. Before: a `project:` whose
// .gemini/settings.json turned telemetry and usage statistics on ran anyway (the prompt landed in the
// telemetry file), and its hooks ran unrecorded (`hooks: []`, so a crashed guard passed); a `.env`
// (which Gemini loads at start for every variable not already set) could turn telemetry on, point
// it at Google Cloud or at a metadata host. Refusals happen before the CLI starts; the recorded
// project hook is a real run of the pinned CLI against the mock.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { geminiAdapter } from "../../src/adapters/gemini-cli/adapter.js";
import { GeminiUnsafeEnvFileError, GeminiUnsafeSettingsError } from "../../src/adapters/gemini-cli/errors.js";
import { buildGeminiLaunch } from "../../src/adapters/gemini-cli/launch.js";
import { dotenvKeys } from "../../src/adapters/gemini-cli/prepare.js";
import { makeRunDirs } from "../../src/tiers/harness/session.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { removeTempDir } from "../../src/runtime/temp-dir.js";

const TIMEOUT = 240_000;
const projects: string[] = [];
afterAll(() => {
  for (const p of projects) rmSync(p, { recursive: true, force: true });
});

/** A project dir holding `files` (paths relative to it). */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync("/var/tmp/vigiles-gemini-project-");
  projects.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, ".."), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

const GUARD = '#!/bin/sh\nif grep -q "rm -rf"; then echo "guard: no rm -rf" >&2; exit 2; fi\nexit 0\n';
const guardSettings = (command: string) => ({
  hooks: {
    BeforeTool: [{ matcher: "run_shell_command", hooks: [{ type: "command", command }] }],
  },
});
const model = [{ tool: "Bash", input: { command: "rm -rf keep" } }, { text: "blocked" }];

describe("Gemini CLI: project settings and .env files", () => {
  test("a project's .gemini/settings.json with telemetry and usage statistics is refused, as in `files`", async () => {
    const settings = {
      telemetry: { enabled: true, target: "local", outfile: "telemetry.log", logPrompts: true },
      privacy: { usageStatisticsEnabled: true },
      ...guardSettings("sh ./hooks/missing-guard.sh"),
    };
    const dir = project({ ".gemini/settings.json": JSON.stringify(settings), "keep/a.txt": "a" });
    const run = runHarnessTest({ prompt: "tidy", model, project: dir }, { adapter: geminiAdapter });
    await expect(run).rejects.toBeInstanceOf(GeminiUnsafeSettingsError);
    await expect(run).rejects.toThrow(/\.gemini\/settings\.json sets `(privacy|telemetry)`/);
  });

  test(
    "a project's BeforeTool guard is recorded: its fire is in the Trace and it blocks",
    async () => {
      const dir = project({
        ".gemini/settings.json": JSON.stringify(guardSettings('sh "$GEMINI_PROJECT_DIR"/hooks/guard.sh')),
        "hooks/guard.sh": GUARD,
        "keep/a.txt": "a",
      });
      chmodSync(join(dir, "hooks/guard.sh"), 0o755);
      const r = await runHarnessTest(
        { prompt: "tidy", model, project: dir, transcript: true },
        { adapter: geminiAdapter },
      );
      try {
        expect(r.hooks?.map((h) => [h.event, h.exitCode, h.blocked])).toEqual([["BeforeTool", 2, true]]);
        expect(r.file("keep/a.txt")).toBe("a");
      } finally {
        r.cleanup();
      }
    },
    TIMEOUT,
  );

  test("a .env (fixture or project, .env or .gemini/.env) that turns telemetry on or routes it is refused", async () => {
    const fixture = runHarnessTest(
      {
        prompt: "x",
        model: [{ text: "ok" }],
        files: { ".env": "GEMINI_TELEMETRY_ENABLED=true\nGEMINI_TELEMETRY_TARGET=gcp\nFOO=bar\n" },
      },
      { adapter: geminiAdapter },
    );
    await expect(fixture).rejects.toBeInstanceOf(GeminiUnsafeEnvFileError);
    await expect(fixture).rejects.toThrow(/\.env sets GEMINI_TELEMETRY_ENABLED, GEMINI_TELEMETRY_TARGET,/);
    const dir = project({
      ".gemini/.env": "export OTLP_GOOGLE_CLOUD_PROJECT=my-proj\nGCE_METADATA_HOST: 10.0.0.1\n",
    });
    const fromProject = runHarnessTest(
      { prompt: "x", model: [{ text: "ok" }], project: dir },
      { adapter: geminiAdapter },
    );
    await expect(fromProject).rejects.toMatchObject({
      code: "VIGILES_UNSAFE_ENDPOINT",
      variables: ["OTLP_GOOGLE_CLOUD_PROJECT", "GCE_METADATA_HOST"],
    });
  });

  test("dotenvKeys reads the names as the dotenv parser does", () => {
    expect(dotenvKeys("# c\nA=1\n export B = 2\nC: 3\nnot a line\n  D.E-F=x\r\n")).toEqual([
      "A",
      "B",
      "C",
      "D.E-F",
    ]);
  });

  test("the launch pins every variable that routes telemetry, cloud projects or the metadata server", () => {
    const { root, dirs } = makeRunDirs();
    try {
      const launch = buildGeminiLaunch({
        harness: { adapterId: "gemini", path: "/x/gemini.js", version: "0.61.0", source: "option" },
        dirs,
        endpoint: { kind: "mock", baseUrl: "http://127.0.0.1:9/", apiKey: "k" },
        asRoot: false,
        spec: { prompt: "hi" },
      });
      expect(launch.env).toMatchObject({
        GEMINI_TELEMETRY_ENABLED: "",
        GEMINI_TELEMETRY_LOG_PROMPTS: "",
        GEMINI_TELEMETRY_OUTFILE: "",
        // "" would be an invalid target to 0.61.0: pinned to local (telemetry is off anyway).
        GEMINI_TELEMETRY_TARGET: "local",
        OTLP_GOOGLE_CLOUD_PROJECT: "",
        GCE_METADATA_HOST: "",
        GCE_METADATA_IP: "",
        METADATA_SERVER_DETECTION: "none",
        GEMINI_CLI_HOME: "",
      });
    } finally {
      removeTempDir(root);
    }
  });
});
