/**
 * The `opencode run --format json "<prompt>"` command line of one run, pointed at the endpoint by a
 * provider given in OPENCODE_CONFIG_CONTENT (the `@ai-sdk/openai-compatible` package is built into
 * 1.18.33, so nothing is installed), so the project's own config is left as it is. The environment
 * is built from scratch (PATH and locale inherited) with a private HOME and XDG dirs, and every
 * variable that routes model traffic, credentials or configuration is pinned (the Bun-compiled binary
 * may load a `.env` from the work dir, which never overrides a variable already set). stdin is empty: 1.18.33
 * reads it to EOF and appends it to the prompt.
 */
import { join } from "node:path";
import type { HarnessLaunch, LaunchInput, ModelEndpoint, RunDirs } from "../port.js";
import { assertEndpointAllowed, PROXY_ENV, specEnvLeavingRouting } from "../shared/endpoint.js";
import { OpenCodeUnsupportedError } from "./errors.js";
import { openCodeToolConfig } from "./tool-lists.js";

/** The provider id vigiles registers for its endpoint, and the model name when the endpoint names none. */
export const OPENCODE_PROVIDER = "vigiles";
export const OPENCODE_DEFAULT_MODEL = "mock-model";

/** Variables that route model traffic, credentials or OpenCode's configuration, pinned empty for every run. */
const PINNED_EMPTY = [
  "OPENCODE_CONFIG",
  "OPENCODE_CONFIG_DIR",
  "OPENCODE_TUI_CONFIG",
  "OPENCODE_API_KEY",
  "OPENCODE_AUTH_CONTENT",
  "OPENCODE_CONSOLE_TOKEN",
  "OPENCODE_MODELS_URL",
  "OPENCODE_MODELS_PATH",
  "OPENCODE_PERMISSION",
  "OPENCODE_SERVER_PASSWORD",
  "OPENCODE_SERVER_USERNAME",
  "OPENCODE_REPO_CLONE_GITHUB_BASE_URL",
  "OPENCODE_WEBSEARCH_PROVIDER",
  "OPENCODE_DB",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "GEMINI_API_KEY",
  "GOOGLE_API_KEY",
  "OPENROUTER_API_KEY",
  "GITHUB_TOKEN",
  ...PROXY_ENV,
  "OTEL_EXPORTER_OTLP_ENDPOINT",
  "OTEL_EXPORTER_OTLP_HEADERS",
] as const;

/** Switches that keep a run offline and quiet (measured: with them no outbound request at all). */
const PINNED_VALUES: Readonly<Record<string, string>> = {
  // Else it installs @opencode-ai/plugin into the config dirs, and waits 70 s for it to fail offline.
  npm_config_offline: "true",
  OPENCODE_DISABLE_MODELS_FETCH: "1",
  OPENCODE_DISABLE_AUTOUPDATE: "1",
  OPENCODE_DISABLE_SHARE: "1",
  OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
  OPENCODE_DISABLE_TERMINAL_TITLE: "1",
  // Booleans refuse "" (a SchemaError at start), so these are pinned off rather than empty.
  OPENCODE_AUTO_SHARE: "0",
  OPENCODE_ENABLE_EXA: "0",
  OPENCODE_EXPERIMENTAL_EXA: "0",
};
const ROUTING_ENV =
  /^(OPENCODE_|OPENAI_|ANTHROPIC_|GEMINI_|GOOGLE_|OPENROUTER_|AWS_|AZURE_|GITHUB_TOKEN$|OTEL_|XDG_|npm_config_|HTTPS?_PROXY$|ALL_PROXY$|NO_PROXY$|HOME$)/i;

/** The private XDG dirs of a run (under its HOME). */
export function openCodeXdgDirs(dirs: RunDirs): Readonly<Record<string, string>> {
  return {
    XDG_CONFIG_HOME: join(dirs.homeDir, ".config"),
    XDG_DATA_HOME: join(dirs.homeDir, ".local", "share"),
    XDG_CACHE_HOME: join(dirs.homeDir, ".cache"),
    XDG_STATE_HOME: join(dirs.homeDir, ".local", "state"),
  };
}

/** The chat-completions base URL: the mock serves under `/v1`; a remote endpoint is taken as given. */
const baseUrlOf = (endpoint: ModelEndpoint) => {
  const base = endpoint.baseUrl.replace(/\/$/, "");
  return endpoint.kind === "mock" ? `${base}/v1` : base;
};

/** The inline config that points OpenCode at the endpoint (OPENCODE_CONFIG_CONTENT). */
export function openCodeProviderConfig(endpoint: ModelEndpoint): Record<string, unknown> {
  const model = endpoint.model ?? OPENCODE_DEFAULT_MODEL;
  return {
    provider: {
      [OPENCODE_PROVIDER]: {
        npm: "@ai-sdk/openai-compatible",
        name: "vigiles",
        options: { baseURL: baseUrlOf(endpoint), apiKey: endpoint.apiKey },
        models: { [model]: {} },
      },
    },
    // Only vigiles' provider: no other is listed, so none is asked for models or credentials.
    enabled_providers: [OPENCODE_PROVIDER],
    model: `${OPENCODE_PROVIDER}/${model}`,
    small_model: `${OPENCODE_PROVIDER}/${model}`,
    share: "disabled",
    autoupdate: false,
  };
}

export function buildOpenCodeLaunch(input: LaunchInput): HarnessLaunch {
  const { spec, dirs, endpoint, harness } = input;
  assertEndpointAllowed(endpoint, "OpenCode");
  if (endpoint.effort !== undefined)
    throw new OpenCodeUnsupportedError(
      `pin the reasoning effort ${JSON.stringify(endpoint.effort)}`,
      "no mapping from vigiles' effort levels to OpenCode's variants has been measured",
    );
  const prompts = typeof spec.prompt === "string" ? [spec.prompt] : [...spec.prompt];
  if (prompts.length !== 1)
    throw new OpenCodeUnsupportedError(
      "take several prompts in one run",
      "a headless `opencode run` takes one prompt; write one harness test per prompt",
    );
  // Refused by name, each with what OpenCode 1.18.33's config schema offers instead.
  for (const [what, given, why] of [
    [
      "cap the turns (maxTurns)",
      spec.maxTurns !== undefined,
      'its nearest, an agent\'s `steps` ("Maximum number of agentic iterations before forcing text-only response"), forces a text answer rather than ending the run: not the same limit, so not mapped',
    ],
    [
      `run in permission mode ${JSON.stringify(spec.permissionMode)}`,
      spec.permissionMode !== undefined,
      "OpenCode has no permission modes, only per-tool `permission` rules (allowedTools sets them) and agents (build, plan) whose run-time effect has not been measured",
    ],
  ] as const) {
    if (given) throw new OpenCodeUnsupportedError(what, why);
  }
  const extraEnv = specEnvLeavingRouting(spec.env, ROUTING_ENV);
  const env: Record<string, string> = {
    PATH: process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
    LANG: process.env["LANG"] ?? "C.UTF-8",
    ...extraEnv,
    ...Object.fromEntries(PINNED_EMPTY.map((name) => [name, ""])),
    ...PINNED_VALUES,
    HOME: dirs.homeDir,
    TMPDIR: dirs.tmpDir,
    ...openCodeXdgDirs(dirs),
    OPENCODE_CONFIG_CONTENT: JSON.stringify({
      ...openCodeProviderConfig(endpoint),
      ...openCodeToolConfig(spec),
    }),
    // 1.18.33 reads machine-wide managed config from /etc/opencode, over every other layer, unless
    // this names another dir (its own test hook, read by the binary): a dir that does not exist.
    OPENCODE_TEST_MANAGED_CONFIG_DIR: join(dirs.tmpDir, "vigiles-no-managed-config"),
  };
  const argv: [string, ...string[]] = [harness.path, "run", "--format", "json", prompts[0] ?? ""];
  return { argv, env, cwd: dirs.workDir, input: "" };
}
