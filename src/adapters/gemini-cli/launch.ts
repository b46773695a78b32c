/**
 * The `gemini -p … --yolo --output-format stream-json` command line of one run (several prompts: one
 * `--resume latest` process each, under sh), pointed at an
 * endpoint by GOOGLE_GEMINI_BASE_URL with API-key auth. The environment is built from scratch (PATH
 * and locale inherited) with a private HOME. Gemini CLI loads `.env` files from the work dir, its
 * parents and HOME, but never over a variable already set, so every variable that routes model
 * traffic is set here (empty when unused) and a fixture's `.env` cannot reroute a run.
 */
import { InvalidOptionError } from "../../core/errors.js";
import type { HarnessLaunch, LaunchInput } from "../port.js";
import { assertEndpointAllowed, PROXY_ENV, specEnvLeavingRouting } from "../shared/endpoint.js";
import { GeminiUnsupportedError } from "./errors.js";
import { geminiMaskedSystemDefaultsPath, geminiMaskedSystemSettingsPath } from "./prepare.js";
import { shellQuote } from "../../core/shell-quote.js";

/** The model named when the spec names none: without one the CLI routes through an auto-selector. */
export const GEMINI_DEFAULT_MODEL = "gemini-2.5-pro";

/** Variables that route model traffic, credentials or the CLI's own sandbox, pinned for every run. */
const PINNED_EMPTY = [
  "GOOGLE_API_KEY",
  "GOOGLE_GENAI_USE_VERTEXAI",
  "GOOGLE_GENAI_USE_GCA",
  "GOOGLE_CLOUD_PROJECT",
  "GOOGLE_CLOUD_LOCATION",
  "GOOGLE_APPLICATION_CREDENTIALS",
  "GOOGLE_VERTEX_BASE_URL",
  "CODE_ASSIST_ENDPOINT",
  ...PROXY_ENV,
  "OTEL_EXPORTER_OTLP_ENDPOINT",
  "GEMINI_TELEMETRY_OTLP_ENDPOINT",
  "GEMINI_MODEL",
  "CLOUD_SHELL",
  // Telemetry: a `.env` (which Gemini loads for any variable not yet set) could turn it on, send it
  // to Google Cloud or log prompts to a file. An empty flag reads as false in 0.61.0.
  "GEMINI_TELEMETRY_ENABLED",
  "GEMINI_TELEMETRY_TRACES_ENABLED",
  "GEMINI_TELEMETRY_LOG_PROMPTS",
  "GEMINI_TELEMETRY_OUTFILE",
  "GEMINI_TELEMETRY_USE_COLLECTOR",
  "GEMINI_TELEMETRY_USE_CLI_AUTH",
  "OTLP_GOOGLE_CLOUD_PROJECT",
  "OTEL_EXPORTER_OTLP_HEADERS",
  "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
  "OTEL_EXPORTER_OTLP_LOGS_ENDPOINT",
  "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT",
  // Google Cloud credentials, projects and the metadata server (read as `a || b || default`).
  "GCE_METADATA_HOST",
  "GCE_METADATA_IP",
  "GOOGLE_CLOUD_ACCESS_TOKEN",
  "GOOGLE_CLOUD_QUOTA_PROJECT",
  "GOOGLE_CLOUD_PROJECT_ID",
  "GCLOUD_PROJECT",
  "CLOUDSDK_CONFIG",
  "GEMINI_CLI_USE_COMPUTE_ADC",
  // Headers and auth mechanism of the requests to the endpoint, and where the CLI's own HOME is.
  "GEMINI_CLI_CUSTOM_HEADERS",
  "GEMINI_API_KEY_AUTH_MECHANISM",
  "GEMINI_CLI_HOME",
] as const;

/**
 * Variables an empty value would break (0.61.0 throws "Invalid telemetry target" on ""), pinned to
 * their harmless value instead: local telemetry (off anyway), the default protocol, and no probing
 * of a metadata server.
 */
const PINNED_VALUES: Readonly<Record<string, string>> = {
  GEMINI_TELEMETRY_TARGET: "local",
  GEMINI_TELEMETRY_OTLP_PROTOCOL: "grpc",
  METADATA_SERVER_DETECTION: "none",
};
const ROUTING_ENV =
  /^(GOOGLE_|GEMINI_|CODE_ASSIST|VERTEX|OTEL_|OTLP_|GCE_METADATA|METADATA_SERVER|GCLOUD_|CLOUDSDK_|HTTPS?_PROXY$|ALL_PROXY$|NO_PROXY$|HOME$|CLOUD_SHELL$)/i;

/**
 * Several user turns: `gemini -p` takes one prompt, so each further prompt is a process of its own
 * resuming the session (`--resume latest`: the run's private HOME holds only this session), one after
 * another, stopping at the first that fails. Each prints its own stream; the reader reads them as one.
 * Usage: `sh -c <script> vigiles-gemini-prompts <gemini> <prompt>…`.
 */
function severalPromptsScript(flags: readonly string[]): string {
  const rest = flags.map(shellQuote).join(" ");
  return [
    "bin=$1; shift; resume=",
    "for p do",
    `  "$bin" $resume -p "$p" ${rest} || exit $?`,
    "  resume='--resume latest'",
    "done",
    "",
  ].join("\n");
}

export function buildGeminiLaunch(input: LaunchInput): HarnessLaunch {
  const { spec, dirs, endpoint, harness } = input;
  assertEndpointAllowed(endpoint, "Gemini CLI");
  if (endpoint.effort !== undefined) {
    throw new GeminiUnsupportedError(
      `pin the reasoning effort ${JSON.stringify(endpoint.effort)}`,
      "no mapping from vigiles' effort levels to Gemini's thinking budget has been measured",
    );
  }
  const prompts = typeof spec.prompt === "string" ? [spec.prompt] : [...spec.prompt];
  if (prompts.length === 0)
    throw new InvalidOptionError("the spec's prompt list is empty; give at least one prompt");
  // maxTurns and disallowedTools are settings (run-limits.ts, written by prepare).
  if ((spec.allowedTools?.length ?? 0) > 0) {
    throw new GeminiUnsupportedError(
      "take an allowed-tools list",
      "Claude Code's allowedTools skip its permission prompt for those tools, and a Gemini run here is --yolo, " +
        "which prompts for nothing: the list would change nothing. Use disallowedTools to take tools away",
    );
  }
  if (spec.permissionMode !== undefined) {
    throw new GeminiUnsupportedError(
      `run in permission mode ${JSON.stringify(spec.permissionMode)}`,
      "a headless run here is always --yolo (vigiles' confinement is the sandbox)",
    );
  }
  const extraEnv = specEnvLeavingRouting(spec.env, ROUTING_ENV);
  const flags = [
    "-m",
    endpoint.model ?? GEMINI_DEFAULT_MODEL,
    // Approvals have no one to answer them in a test; confinement is vigiles' (bubblewrap).
    "--yolo",
    "--output-format",
    "stream-json",
  ];
  const argv: [string, ...string[]] =
    prompts.length === 1
      ? [harness.path, "-p", prompts[0] ?? "", ...flags]
      : ["/bin/sh", "-c", severalPromptsScript(flags), "vigiles-gemini-prompts", harness.path, ...prompts];
  const env: Record<string, string> = {
    PATH: process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
    LANG: process.env["LANG"] ?? "C.UTF-8",
    ...extraEnv,
    ...Object.fromEntries(PINNED_EMPTY.map((name) => [name, ""])),
    ...PINNED_VALUES,
    HOME: dirs.homeDir,
    TMPDIR: dirs.tmpDir,
    GOOGLE_GEMINI_BASE_URL: endpoint.baseUrl.replace(/\/$/, ""),
    GEMINI_API_KEY: endpoint.apiKey,
    // Without it the CLI re-executes itself in a child node with a larger heap.
    GEMINI_CLI_NO_RELAUNCH: "true",
    // Without it a headless run refuses the (fresh, untrusted) work dir.
    GEMINI_CLI_TRUST_WORKSPACE: "true",
    // The CLI's own container sandbox is never started; vigiles confines the run.
    GEMINI_SANDBOX: "false",
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: geminiMaskedSystemSettingsPath(dirs),
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: geminiMaskedSystemDefaultsPath(dirs),
  };
  return { argv, env, cwd: dirs.workDir, input: "" };
}
