/** Options and result of runScript: a real process, both streams, and (confined) the files it wrote. */

/** How a confined run is set up. `true` means `{ network: "none" }`. */
export interface ConfineSpec {
  /**
   * The script always has a network namespace of its own. `none` (default): only its loopback.
   * `shared`: also the endpoints in `allow`, through vigiles' egress proxy (HTTP_PROXY, HTTPS_PROXY
   * and ALL_PROXY point at it inside; a client that ignores them reaches nothing). A request to any
   * other host:port is refused, and named on stderr with VIGILES_EGRESS_REFUSED. The host's own
   * network (its abstract unix sockets, every port) is never shared.
   */
  readonly network?: "none" | "shared";
  /** With `network: "shared"`, required: the `host:port` endpoints the script may reach, e.g. `["registry.npmjs.org:443"]`. */
  readonly allow?: readonly string[];
  /** More paths the script may write (besides its work dir, private HOME and TMPDIR). */
  readonly writable?: readonly string[];
  /** Paths bound read-only on top of the writable ones. */
  readonly readOnly?: readonly string[];
}

/** Options of `runScript`: stdin, environment, limits and confinement. */
export interface ScriptRunOptions {
  /** Written to the script's stdin, then stdin is closed. */
  readonly stdin?: string | Uint8Array;
  /** Added to (and overriding) the inherited environment; `undefined` removes a variable. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Inherit this process's environment (default true). False: only PATH, plus `env`. */
  readonly inheritEnv?: boolean;
  /** The working directory (and, confined, the writable work dir). Default: the current directory; confined: a fresh temp dir. */
  readonly cwd?: string;
  /** Kill the script's whole process group after this long. Default 600 000 (the harness's hook default). */
  readonly timeoutMs?: number;
  /** Between SIGTERM and SIGKILL when the script is stopped. Default 1000. */
  readonly killGraceMs?: number;
  /** Cap on captured bytes per stream (the rest is drained and dropped). Default 4 MiB. */
  readonly maxBufferBytes?: number;
  /**
   * Run under bubblewrap: read-only file system except the work dir, a private HOME and TMPDIR,
   * no network. Where bubblewrap cannot run this throws ConfinementUnavailableError; it never
   * runs unconfined. The work dir is hashed before and after the run to find `filesWritten`, so
   * keep it small (a fixture dir, not a checkout with node_modules).
   */
  readonly confine?: boolean | ConfineSpec;
}

/** What a script did. A script has effects, not a decision: there is no decision field here. */
export interface ScriptRunResult {
  /** Null when the script was killed by a signal or could not start. */
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly durationMs: number;
  /** Killed at `timeoutMs`, with its whole process group. */
  readonly timedOut: boolean;
  /** A stream passed `maxBufferBytes`; the text kept is its beginning. */
  readonly truncated: boolean;
  /**
   * Paths created or changed in the work dir (content, permission bits or link target), sorted,
   * relative posix paths. Set only on a confined run: `[]` means it looked and found none;
   * `undefined` means nobody looked.
   */
  readonly filesWritten?: readonly string[];
  /** The argv that ran (before confinement): `["sh", "-c", command]` for a command string. */
  readonly command: readonly string[];
  /** Set when the program could not start (ENOENT: not found, EACCES: not executable …). */
  readonly spawnError?: { readonly code: string; readonly message: string };
}
