/**
 * What in a Claude Code settings object would send model requests, or credentials, somewhere other
 * than the run's endpoint: an `env` that routes (base URLs, keys, provider switches, proxies) and the
 * credential helpers. The pre-launch check of a run's settings and the check of machine-wide managed
 * settings share it.
 */
import { UnsafeEndpointError } from "../shared/errors.js";

/** Settings env names that route model traffic or carry credentials. */
const ROUTING_ENV =
  /^(ANTHROPIC_|CLAUDE_CODE_USE_|CLAUDE_CODE_SKIP_.*_AUTH|AWS_|GOOGLE_|VERTEX_|HTTPS?_PROXY$|ALL_PROXY$)/i;

/** Settings keys that run a credential helper (their output authenticates the requests). */
const CREDENTIAL_KEYS = ["apiKeyHelper", "awsAuthRefresh", "awsCredentialExport", "gcpAuthRefresh"];

/** Environment names a spec may not set: they route model traffic or carry credentials. */
export function isRoutingEnvName(name: string): boolean {
  return ROUTING_ENV.test(name) || /^CLAUDE_CONFIG_DIR$|^CLAUDE_CODE_TMPDIR$|^HOME$/.test(name);
}

/** Each setting of `settings` that routes or authenticates, as `apiKeyHelper` or `env.ANTHROPIC_BASE_URL`. */
export function routingSettings(settings: Readonly<Record<string, unknown>>): string[] {
  const found = CREDENTIAL_KEYS.filter((key) => key in settings);
  const env = settings["env"];
  if (typeof env === "object" && env !== null) {
    for (const key of Object.keys(env)) if (ROUTING_ENV.test(key)) found.push(`env.${key}`);
  }
  return found;
}

/** Refuses settings that would send model requests (or credentials) elsewhere. */
export function assertSettingsStayLocal(
  settings: Readonly<Record<string, unknown>>,
  where = "settings",
): void {
  const found = routingSettings(settings);
  if (found.length > 0) throw new UnsafeEndpointError(`${where} set ${found.join(", ")}`);
}
