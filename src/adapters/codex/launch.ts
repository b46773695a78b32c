/**
 * The `codex exec --json` command line of one run, pointed at an endpoint through a custom model
 * provider in `-c` overrides. The environment is built from scratch (PATH and locale inherited),
 * with a private HOME (kept out of `bash -lc` profiles) and CODEX_HOME.
 */
import type { HarnessLaunch, LaunchInput } from "../port.js";
import { assertEndpointAllowed } from "../shared/endpoint.js";
import { UnsafeEndpointError } from "../shared/errors.js";
import { CodexUnsupportedError } from "./errors.js";
import { codexHomeOf } from "./prepare.js";

/** The model name sent when the spec names none: one from the pinned binary's own list (an unknown one drops apply_patch). */
export const CODEX_DEFAULT_MODEL = "gpt-5.5";
const KEY_ENV = "VIGILES_MODEL_KEY";
const ROUTING_ENV = /^(OPENAI_|CODEX_|AZURE_OPENAI|HTTPS?_PROXY$|ALL_PROXY$|HOME$)/i;

export function buildCodexLaunch(input: LaunchInput): HarnessLaunch {
  const { spec, dirs, endpoint, harness } = input;
  assertEndpointAllowed(endpoint, "Codex");
  if (endpoint.effort !== undefined) {
    throw new CodexUnsupportedError(
      `pin the reasoning effort ${JSON.stringify(endpoint.effort)}`,
      "no mapping from vigiles' effort levels to Codex's has been measured, so a number recorded at this effort would not mean what it says",
    );
  }
  const prompts = typeof spec.prompt === "string" ? [spec.prompt] : [...spec.prompt];
  if (prompts.length !== 1) {
    throw new CodexUnsupportedError(
      "take several user turns",
      "`codex exec` runs one prompt; give a single prompt",
    );
  }
  if (spec.maxTurns !== undefined)
    throw new CodexUnsupportedError("cap turns", "`codex exec` has no max-turns flag");
  if ((spec.disallowedTools?.length ?? 0) > 0) {
    throw new CodexUnsupportedError("disallow tools", "Codex has no per-tool deny list on the command line");
  }
  const extraEnv = spec.env ?? {};
  for (const name of Object.keys(extraEnv)) {
    if (ROUTING_ENV.test(name)) throw new UnsafeEndpointError(`the spec's env sets ${name}`, "Codex");
  }
  const provider = (key: string, value: string) => [
    "-c",
    `model_providers.vigiles.${key}=${JSON.stringify(value)}`,
  ];
  const argv: [string, ...string[]] = [
    harness.path,
    "exec",
    "--json",
    "--skip-git-repo-check",
    // Confinement is vigiles' (bubblewrap), and approvals have no one to answer them in a test.
    "--dangerously-bypass-approvals-and-sandbox",
    "-c",
    'model_provider="vigiles"',
    ...provider("name", "vigiles"),
    ...provider("base_url", `${endpoint.baseUrl.replace(/\/$/, "")}/v1`),
    ...provider("wire_api", "responses"),
    ...provider("env_key", KEY_ENV),
    "-m",
    endpoint.model ?? CODEX_DEFAULT_MODEL,
    prompts[0] ?? "",
  ];
  const env: Record<string, string> = {
    PATH: process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
    LANG: process.env["LANG"] ?? "C.UTF-8",
    ...extraEnv,
    HOME: dirs.homeDir,
    CODEX_HOME: codexHomeOf(dirs),
    TMPDIR: dirs.tmpDir,
    [KEY_ENV]: endpoint.apiKey,
  };
  // Codex reads "additional input" from a non-tty stdin; an empty one ends it at once.
  return { argv, env, cwd: dirs.workDir, input: "" };
}
