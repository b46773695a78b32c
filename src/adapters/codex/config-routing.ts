/**
 * What in a Codex config.toml could send its requests somewhere other than the run's endpoint.
 * vigiles points Codex at the mock with `-c model_provider="vigiles"` and
 * `-c model_providers.vigiles.*`; a project `.codex/config.toml` that picks a provider or a profile,
 * or defines a provider, and a machine-wide `/etc/codex/managed_config.toml` (which beats `-c`
 * overrides) are the ways around that. The scan is lexical and errs toward refusing: any key below,
 * as a key, a table header or a dotted path, counts, whatever its value.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The environment variable naming the folder of Codex's managed config vigiles reads (default /etc/codex). */
export const CODEX_MANAGED_DIR_ENV = "VIGILES_CODEX_MANAGED_DIR";

const ROUTING_KEYS = [
  "model_provider",
  "model_providers",
  "profile",
  "profiles",
  "base_url",
  "openai_base_url",
  "chatgpt_base_url",
  "env_key",
  "experimental_bearer_token",
  "forced_login_method",
];

function keyPath(line: string): string[] | undefined {
  const text = line.trim();
  if (text === "" || text.startsWith("#")) return undefined;
  const header = /^\[\[?\s*([^\]]+?)\s*\]\]?/.exec(text);
  const raw = header ? header[1] : /^([^=]+?)\s*=/.exec(text)?.[1];
  if (raw === undefined) return undefined;
  return raw.split(".").map((part) => part.trim().replace(/^["']|["']$/g, ""));
}

/** The routing keys a config.toml text sets, in order (`model_provider`, `model_providers.x.base_url` …). */
export function codexRoutingKeys(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const path = keyPath(line);
    if (path?.some((part) => ROUTING_KEYS.includes(part))) found.push(path.join("."));
    // An inline table can hide a key: `model_providers = { x = { base_url = "…" } }` is caught by its
    // name above; `p = { base_url = "…" }` by this.
    else if (/[{,]\s*["']?(base_url|model_provider|env_key)["']?\s*=/.test(line)) found.push(line.trim());
  }
  return found;
}

/** The managed config folder: `VIGILES_CODEX_MANAGED_DIR`, else `/etc/codex`. */
export function codexManagedDir(): string {
  return process.env[CODEX_MANAGED_DIR_ENV] ?? "/etc/codex";
}

/** Each routing key of the machine-wide managed config, as `<file> sets <key>`. */
export function findCodexManagedRouting(dir: string = codexManagedDir()): string[] {
  const file = join(dir, "managed_config.toml");
  if (!existsSync(file)) return [];
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    return [`${file} cannot be read (${(error as Error).message})`];
  }
  return codexRoutingKeys(text).map((key) => `${file} sets ${key}`);
}
