/** Text helpers for the settings and fixture files an adapter writes into a run's work dir. */

/**
 * `value` with `{cwd}` in every string replaced by `cwd`, through arrays and objects: specs write
 * absolute paths (a hook command's script) before the run's work dir exists.
 */
export function replaceCwd(value: unknown, cwd: string): unknown {
  if (typeof value === "string") return value.split("{cwd}").join(cwd);
  if (Array.isArray(value)) return value.map((v) => replaceCwd(v, cwd));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceCwd(v, cwd)]));
  }
  return value;
}
