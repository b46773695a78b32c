/**
 * The `copilot -p … --allow-all --output-format json` command line of one run, in BYOK mode against
 * an endpoint: `COPILOT_PROVIDER_TYPE=anthropic` makes Copilot speak the Messages API to
 * `COPILOT_PROVIDER_BASE_URL` (no GitHub login, no network beyond it). The environment is built
 * from scratch (PATH and locale inherited), with a private HOME and COPILOT_HOME, and the shared
 * unpacked package (package-cache.ts) named by COPILOT_CLI_DIST_DIR.
 */
import type { HarnessLaunch, LaunchInput } from "../port.js";
import { assertEndpointAllowed, specEnvLeavingRouting } from "../shared/endpoint.js";
import { CopilotPackageError, CopilotUnsupportedError } from "./errors.js";
import { copilotPackageCacheRoot, findUnpackedPackage } from "./package-cache.js";
import { copilotPluginCopyOf } from "./plugin-dirs.js";
import { copilotHomeOf } from "./prepare.js";
import { copilotOffersFlag } from "./release-flags.js";
import { resolvedMcpServers } from "../shared/mcp-servers.js";

/** The model name sent when the spec names none (a name Copilot's BYOK anthropic provider accepts). */
export const COPILOT_DEFAULT_MODEL = "claude-sonnet-4";
/** Environment a spec may not set: model routing, credentials, Copilot's own dirs. */
const ROUTING_ENV = /^(COPILOT_|GITHUB_|GH_|ANTHROPIC_|OPENAI_|HTTPS?_PROXY$|ALL_PROXY$|HOME$|XDG_)/i;

/**
 * Telemetry off: `--disable-client-telemetry` where the release's parser declares it (release-flags.ts,
 * the reader its surface uses too). 1.0.92 and 1.0.86 lack the flag
 * (passing it exits 1); there their bundle's own switches are set instead: `COPILOT_OFFLINE` (read by
 * 1.0.86 on; offline mode skips the metrics client) and `CAFE_METRICS=false` (read by 1.0.92 on).
 */
function telemetryOff(distDir: string): { flags: string[]; env: Record<string, string> } {
  const flag = "--disable-client-telemetry";
  if (copilotOffersFlag(distDir, flag)) return { flags: [flag], env: {} };
  return { flags: [], env: { COPILOT_OFFLINE: "true", CAFE_METRICS: "false" } };
}

export function buildCopilotLaunch(input: LaunchInput): HarnessLaunch {
  const { spec, dirs, endpoint, harness } = input;
  assertEndpointAllowed(endpoint, "GitHub Copilot CLI");
  if (endpoint.effort !== undefined) {
    throw new CopilotUnsupportedError(
      `pin the reasoning effort ${JSON.stringify(endpoint.effort)}`,
      "no mapping from vigiles' effort levels to Copilot's --reasoning-effort has been measured",
    );
  }
  const prompts = typeof spec.prompt === "string" ? [spec.prompt] : [...spec.prompt];
  if (prompts.length !== 1) {
    throw new CopilotUnsupportedError(
      "take several user turns",
      "`copilot -p` runs one prompt; give a single prompt",
    );
  }
  if (spec.maxTurns !== undefined)
    throw new CopilotUnsupportedError("cap turns", "`copilot -p` has no max-turns flag");
  if ((spec.allowedTools?.length ?? 0) > 0 || (spec.disallowedTools?.length ?? 0) > 0) {
    throw new CopilotUnsupportedError(
      "take allowedTools / disallowedTools",
      "runs use --allow-all (vigiles confines them); no per-tool mapping to Copilot's --allow-tool/--deny-tool has been measured",
    );
  }
  if (spec.permissionMode !== undefined) {
    throw new CopilotUnsupportedError(
      `run in permission mode ${JSON.stringify(spec.permissionMode)}`,
      "Copilot has no such mode",
    );
  }
  const extraEnv = specEnvLeavingRouting(spec.env, ROUTING_ENV);
  const distDir = findUnpackedPackage(copilotPackageCacheRoot(), harness.version);
  if (distDir === undefined) {
    throw new CopilotPackageError(
      `no unpacked package ${harness.version} in ${copilotPackageCacheRoot()}; resolve the CLI with copilotAdapter.resolve() first`,
    );
  }
  const telemetry = telemetryOff(distDir);
  const argv: [string, ...string[]] = [
    harness.path,
    "-p",
    prompts[0] ?? "",
    // Confinement is vigiles' (bubblewrap), and approvals have no one to answer them in a test.
    "--allow-all",
    "--output-format",
    "json",
    "--no-auto-update",
    "--no-ask-user",
    ...telemetry.flags,
    // The run's copies, whose hooks are recorded (plugin-dirs.ts), never the spec's dirs themselves.
    ...(spec.pluginDirs ?? []).flatMap((source, i) => ["--plugin-dir", copilotPluginCopyOf(dirs, i, source)]),
    ...copilotMcpFlags(input),
  ];
  const env: Record<string, string> = {
    PATH: process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
    LANG: process.env["LANG"] ?? "C.UTF-8",
    ...extraEnv,
    HOME: dirs.homeDir,
    COPILOT_HOME: copilotHomeOf(dirs),
    TMPDIR: dirs.tmpDir,
    COPILOT_CLI_DIST_DIR: distDir,
    ...telemetry.env,
    COPILOT_PROVIDER_TYPE: "anthropic",
    COPILOT_PROVIDER_BASE_URL: endpoint.baseUrl,
    COPILOT_PROVIDER_API_KEY: endpoint.apiKey,
    COPILOT_MODEL: endpoint.model ?? COPILOT_DEFAULT_MODEL,
  };
  return { argv, env, cwd: dirs.workDir, input: "", readOnlyPaths: [distDir] };
}

/** The run's MCP servers (a plugin eval's stand-ins) as `--additional-mcp-config`, every tool enabled. */
function copilotMcpFlags(input: LaunchInput): string[] {
  const mcp = resolvedMcpServers(input.spec.mcpServers, input.dirs);
  if (Object.keys(mcp).length === 0) return [];
  const servers = Object.fromEntries(
    Object.entries(mcp).map(([name, s]) => [
      name,
      { type: "local", command: s.command, args: s.args, tools: ["*"] },
    ]),
  );
  return ["--additional-mcp-config", JSON.stringify({ mcpServers: servers })];
}
