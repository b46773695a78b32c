/**
 * The `qwen -p … --yolo --auth-type openai --output-format stream-json` command line of one run,
 * pointed at an endpoint by `--openai-base-url` and `--openai-api-key`. The environment is built
 * from scratch (PATH and locale inherited) with a private HOME (Qwen writes `$HOME/.qwen`). Qwen
 * loads `.env` files from the work dir and HOME but never over a variable already set, so every
 * variable that routes model, proxy or telemetry traffic is set here (empty when unused), and the
 * machine's system settings (/etc/qwen-code) are never read: QWEN_CODE_SYSTEM_SETTINGS_PATH points at
 * a file that does not exist.
 */
import { join } from "node:path";
import type { HarnessLaunch, LaunchInput, RunDirs } from "../port.js";
import { assertEndpointAllowed, PROXY_ENV, specEnvLeavingRouting } from "../shared/endpoint.js";
import { QwenUnsupportedError } from "./errors.js";

/** The model named when the spec names none. */
export const QWEN_DEFAULT_MODEL = "mock-model";

/** Variables that route model traffic, credentials, proxies or telemetry, pinned empty for every run. */
export const QWEN_PINNED_EMPTY = [
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "OPENAI_MODEL",
  "AZURE_OPENAI_ENDPOINT",
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "GEMINI_API_KEY",
  "GEMINI_MODEL",
  "GOOGLE_API_KEY",
  "GOOGLE_GENAI_USE_VERTEXAI",
  "GOOGLE_GENAI_USE_GCA",
  "GOOGLE_CLOUD_PROJECT",
  "GOOGLE_CLOUD_LOCATION",
  "GOOGLE_APPLICATION_CREDENTIALS",
  "DASHSCOPE_API_KEY",
  "DASHSCOPE_PROXY_BASE_URL",
  "QWEN_DEFAULT_AUTH_TYPE",
  "QWEN_CODE_MODEL",
  "QWEN_UPDATE_BASE_URL",
  "QWEN_SANDBOX",
  "QWEN_SANDBOX_PROXY_COMMAND",
  "QWEN_HOME",
  "QWEN_RUNTIME_DIR",
  "QWEN_SYSTEM_MD",
  "QWEN_TLS_INSECURE",
  "WEB_SEARCH_API_KEY",
  "WEB_SEARCH_BASE_URL",
  "AWS_ACCESS_KEY_ID",
  "AWS_SECRET_ACCESS_KEY",
  "AWS_SESSION_TOKEN",
  "GITHUB_TOKEN",
  "NODE_TLS_REJECT_UNAUTHORIZED",
  "NODE_EXTRA_CA_CERTS",
  "NODE_OPTIONS",
  ...PROXY_ENV,
  "OTEL_EXPORTER_OTLP_ENDPOINT",
  "OTEL_EXPORTER_OTLP_HEADERS",
] as const;

/** A spec's env may not set these: vigiles owns model routing. */
export const QWEN_ROUTING_ENV =
  /^(OPENAI_|AZURE_|ANTHROPIC_|GEMINI_|GOOGLE_|DASHSCOPE_|QWEN_|WEB_SEARCH_|AWS_|OTEL_|HTTPS?_PROXY$|ALL_PROXY$|NO_PROXY$|NODE_TLS|NODE_EXTRA_CA|NODE_OPTIONS$|HOME$)/i;

/** Where the CLI is told its system settings are: a path that does not exist. */
export const qwenMaskedSystemDir = (dirs: RunDirs) => join(dirs.tmpDir, "vigiles-no-system-settings");

export function buildQwenLaunch(input: LaunchInput): HarnessLaunch {
  const { spec, dirs, endpoint, harness } = input;
  assertEndpointAllowed(endpoint, "Qwen Code");
  if (endpoint.effort !== undefined) {
    throw new QwenUnsupportedError(
      `pin the reasoning effort ${JSON.stringify(endpoint.effort)}`,
      "no mapping from vigiles' effort levels to Qwen Code has been measured",
    );
  }
  if (typeof spec.prompt !== "string") {
    throw new QwenUnsupportedError(
      "take several prompts",
      "only one `-p` prompt a run is mapped for Qwen Code; give the prompt as one string",
    );
  }
  if (spec.permissionMode !== undefined) {
    throw new QwenUnsupportedError(
      `run in permission mode ${JSON.stringify(spec.permissionMode)}`,
      "a headless run here is always --yolo (vigiles' confinement is the sandbox)",
    );
  }
  const extraEnv = specEnvLeavingRouting(spec.env, QWEN_ROUTING_ENV);
  const argv: [string, ...string[]] = [
    harness.path,
    "-p",
    spec.prompt,
    // Approvals have no one to answer them in a test; confinement is vigiles' (bubblewrap).
    "--yolo",
    "--auth-type",
    "openai",
    "--openai-base-url",
    `${endpoint.baseUrl.replace(/\/$/, "")}${endpoint.kind === "mock" ? "/v1" : ""}`,
    "--openai-api-key",
    endpoint.apiKey,
    "-m",
    endpoint.model ?? QWEN_DEFAULT_MODEL,
    "--output-format",
    "stream-json",
    ...(spec.maxTurns !== undefined ? ["--max-session-turns", String(spec.maxTurns)] : []),
    ...((spec.allowedTools?.length ?? 0) > 0 ? ["--allowed-tools", ...(spec.allowedTools ?? [])] : []),
    ...((spec.disallowedTools?.length ?? 0) > 0 ? ["--exclude-tools", ...(spec.disallowedTools ?? [])] : []),
  ];
  const masked = qwenMaskedSystemDir(dirs);
  const env: Record<string, string> = {
    PATH: process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
    LANG: process.env["LANG"] ?? "C.UTF-8",
    ...extraEnv,
    ...Object.fromEntries(QWEN_PINNED_EMPTY.map((name) => [name, ""])),
    HOME: dirs.homeDir,
    TMPDIR: dirs.tmpDir,
    // Without it the CLI re-executes itself in a child node with a larger heap.
    QWEN_CODE_NO_RELAUNCH: "true",
    QWEN_CODE_SUPPRESS_YOLO_WARNING: "1",
    QWEN_USAGE_STATISTICS_ENABLED: "false",
    QWEN_DISABLE_AUTO_TITLE: "1",
    QWEN_CODE_SYSTEM_SETTINGS_PATH: join(masked, "settings.json"),
    QWEN_CODE_SYSTEM_DEFAULTS_PATH: join(masked, "system-defaults.json"),
    QWEN_CODE_TRUSTED_FOLDERS_PATH: join(dirs.homeDir, ".qwen", "trustedFolders.json"),
    NO_BROWSER: "1",
  };
  return { argv, env, cwd: dirs.workDir, input: "" };
}
