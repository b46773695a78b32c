/**
 * The Claude Code command line and environment of one run, against any endpoint: the harness
 * tier's local mock or, for the eval drivers, a real model. The environment is built from scratch
 * (PATH and locale only are inherited), so no user key, base URL or setting leaks in.
 * The endpoint is pinned a second time in flag settings, which outrank every settings file a fixture
 * or a hook can write (flag-settings.ts). Never `--bare`: it skips hooks, the thing under test.
 */
import { InvalidOptionError } from "../../core/errors.js";
import type { HarnessLaunch, LaunchInput } from "../port.js";
import { UnsafeEndpointError } from "../shared/errors.js";
import { assertEndpointAllowed } from "../shared/endpoint.js";
import { resolvedMcpServers } from "../shared/mcp-servers.js";
import { endpointFlagSettings } from "./flag-settings.js";
import { isRoutingEnvName } from "./settings-routing.js";

/** Efforts the pinned CLI accepts in CLAUDE_CODE_EFFORT_LEVEL. */
export const CLAUDE_EFFORT_LEVELS = ["low", "medium", "high", "xhigh", "max", "auto"] as const;

export function buildClaudeLaunch(input: LaunchInput): HarnessLaunch {
  const { spec, dirs, endpoint, harness } = input;
  assertEndpointAllowed(endpoint, "Claude Code");
  const extraEnv = spec.env ?? {};
  for (const name of Object.keys(extraEnv)) {
    if (isRoutingEnvName(name)) throw new UnsafeEndpointError(`the spec's env sets ${name}`);
  }
  if (
    endpoint.effort !== undefined &&
    !(CLAUDE_EFFORT_LEVELS as readonly string[]).includes(endpoint.effort)
  ) {
    throw new InvalidOptionError(
      `effort ${JSON.stringify(endpoint.effort)} is not one Claude Code accepts (${CLAUDE_EFFORT_LEVELS.join(", ")})`,
    );
  }
  const env: Record<string, string> = {
    PATH: process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
    LANG: process.env["LANG"] ?? "C.UTF-8",
    ...extraEnv,
    HOME: dirs.homeDir,
    CLAUDE_CONFIG_DIR: `${dirs.homeDir}/.claude`,
    CLAUDE_CODE_TMPDIR: dirs.tmpDir,
    TMPDIR: dirs.tmpDir,
    XDG_RUNTIME_DIR: dirs.tmpDir,
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    ANTHROPIC_BASE_URL: endpoint.baseUrl,
    ANTHROPIC_API_KEY: endpoint.apiKey,
    ...(endpoint.effort !== undefined ? { CLAUDE_CODE_EFFORT_LEVEL: endpoint.effort } : {}),
    ...(input.asRoot ? { IS_SANDBOX: "1" } : {}),
  };
  const prompts = typeof spec.prompt === "string" ? [spec.prompt] : [...spec.prompt];
  if (prompts.length === 0)
    throw new InvalidOptionError("the spec has no prompt; give `prompt` a string or a non-empty list");
  const multi = prompts.length > 1;
  const argv: string[] = [harness.path, "-p"];
  if (!multi) argv.push(prompts[0] ?? "");
  argv.push("--output-format", "stream-json", "--verbose");
  if (multi) argv.push("--input-format", "stream-json");
  // Always: a crashed hook must fail the run even when the test did not ask for `transcript`
  // (the tier exposes `hooks` only when asked).
  argv.push("--include-hook-events");
  argv.push("--settings", endpointFlagSettings(endpoint));
  const mode = spec.permissionMode ?? (spec.allowedTools !== undefined ? "acceptEdits" : "bypassPermissions");
  argv.push("--permission-mode", mode);
  if (spec.allowedTools !== undefined && spec.allowedTools.length > 0)
    argv.push("--allowedTools", spec.allowedTools.join(","));
  if (spec.disallowedTools !== undefined && spec.disallowedTools.length > 0) {
    argv.push("--disallowedTools", spec.disallowedTools.join(","));
  }
  if (spec.maxTurns !== undefined) argv.push("--max-turns", String(spec.maxTurns));
  if (endpoint.model !== undefined) argv.push("--model", endpoint.model);
  for (const dir of spec.pluginDirs ?? []) argv.push("--plugin-dir", dir);
  // Servers given with --mcp-config start without the approval a project .mcp.json asks for.
  const mcp = resolvedMcpServers(spec.mcpServers, dirs);
  if (Object.keys(mcp).length > 0) {
    const servers = Object.fromEntries(
      Object.entries(mcp).map(([name, s]) => [name, { type: "stdio", command: s.command, args: s.args }]),
    );
    argv.push("--mcp-config", JSON.stringify({ mcpServers: servers }));
  }
  const input_ = multi
    ? prompts
        .map((text) => JSON.stringify({ type: "user", message: { role: "user", content: text } }))
        .join("\n") + "\n"
    : undefined;
  return {
    argv: argv as [string, ...string[]],
    env,
    cwd: dirs.workDir,
    ...(input_ !== undefined ? { input: input_ } : {}),
  };
}
