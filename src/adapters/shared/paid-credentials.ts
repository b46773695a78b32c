/** How a paid tier's credentials are usually found: an API key in the environment, else a CLI login file. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { PaidCredentials } from "../harness-entry.js";

/** `envVar` set, else the login file at `loginPath` under HOME (described as `login`). */
export function keyOrLogin(
  envVar: string,
  loginPath: readonly string[],
  login: string,
): PaidCredentials["find"] {
  return (env, home) =>
    env[envVar] !== undefined ? `${envVar} is set` : existsSync(join(home, ...loginPath)) ? login : undefined;
}
