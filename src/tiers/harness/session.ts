/**
 * One harness session: private dirs, the adapter's configuration, the CLI run against an endpoint
 * (optionally confined), the stream read as it arrives, and the work dir diffed before and after.
 * `runHarnessTest` runs it against its mock; an eval driver runs the same session against a real
 * model by passing a `remote` endpoint.
 */
import { dirname, isAbsolute, resolve } from "node:path";
import type {
  HarnessAdapter,
  HarnessLaunch,
  ModelEndpoint,
  ResolvedHarness,
  RunDirs,
  SessionSpec,
  StreamSummary,
} from "../../adapters/port.js";
import { openRunDirs, type RunDirsLease } from "./run-dirs.js";
import { runSetupScript } from "./setup-script.js";
import { managedSettingsDirs } from "../../adapters/registry.js";
import { confineArgv, hostHomes, type ManagedSettingsBind } from "../../runtime/confine.js";
import { confinedCli } from "../../runtime/confine-cli.js";
import { endpointOfUrl } from "../../runtime/confine-egress.js";
import { copyProject } from "../../runtime/copy-project.js";
import { pluginDependenciesOf } from "../../runtime/plugin-copy.js";
import { runProcess, type ProcessResult } from "../../runtime/process.js";
import { changedPaths, snapshotDir } from "../../runtime/work-dir-snapshot.js";
import { InvalidOptionError } from "../../core/errors.js";
import { assertEnvRoutesNowhere } from "../../adapters/shared/endpoint.js";

/** Options of `runHarnessSession`: the adapter, the spec and the model endpoint. */
export interface SessionOptions {
  readonly adapter: HarnessAdapter;
  readonly spec: SessionSpec;
  readonly endpoint: ModelEndpoint;
  /** An explicit CLI path. */
  readonly harnessPath?: string;
  /** Already resolved (skips the lookup). */
  readonly harness?: ResolvedHarness;
  /**
   * Run under bubblewrap in a network namespace of its own: a mock is reached through `relaySocket`
   * (required then), a remote endpoint through the egress proxy, which connects to its host:port only.
   */
  readonly confine?: boolean;
  /** The mock's unix socket, relayed into a confined run's namespace. */
  readonly relaySocket?: string;
  /** A confined run's managed settings, bound over the harness's masked machine-wide folder. */
  readonly managedSettings?: readonly ManagedSettingsBind[];
  /** The run's private root (work, home, tmp are made under it); made here when absent. */
  readonly root?: string;
  /** Dirs the caller opened and owns (made once, removed by the caller): the session neither makes nor removes them. */
  readonly runDirs?: RunDirsLease;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

/** A finished session: the CLI that ran, its dirs and launch, and how the process ended. */
export interface SessionResult {
  readonly harness: ResolvedHarness;
  readonly dirs: RunDirs;
  readonly root: string;
  readonly launch: HarnessLaunch;
  /** The argv actually spawned (the launch wrapped by confinement and the relay when confined). */
  readonly argv: readonly string[];
  readonly process: ProcessResult;
  readonly summary: StreamSummary;
  readonly filesWritten: readonly string[];
  readonly confined: boolean;
  /** Removes the run's private dirs; idempotent. */
  cleanup(): void;
}

export { makeRunDirs } from "./run-dirs.js";

const RELAY_SCRIPT = new URL("./relay.mjs", import.meta.url).pathname;
/** The relay's shared half (it imports it): bound into the sandbox beside the relay. */
const RELAY_KIT = new URL("../../runtime/pipe-relay.mjs", import.meta.url).pathname;

/** Runs one harness session through an adapter: resolve the CLI, prepare its dirs, launch it and wait for it to end. */
export async function runHarnessSession(options: SessionOptions): Promise<SessionResult> {
  const { adapter, endpoint } = options;
  const harness =
    options.harness ?? (await adapter.resolve(options.harnessPath ? { path: options.harnessPath } : {}));
  const lease = options.runDirs ?? openRunDirs(options.root !== undefined ? { root: options.root } : {});
  const { root, dirs } = lease;
  const cleanup = lease.remove;
  try {
    const spec: SessionSpec = {
      ...options.spec,
      ...(options.spec.pluginDirs
        ? { pluginDirs: options.spec.pluginDirs.map((d) => (isAbsolute(d) ? d : resolve(d))) }
        : {}),
    };
    // Every adapter, whatever names its own launch refuses.
    assertEnvRoutesNowhere(spec.env, adapter.displayName);
    if (Object.keys(spec.mcpServers ?? {}).length > 0 && !adapter.capabilities.mcpServers)
      throw new InvalidOptionError(
        `${adapter.displayName}: vigiles cannot register MCP servers for one run of this harness yet; run the case on a harness that can`,
      );
    if (spec.projectDir !== undefined) await copyProject(spec.projectDir, dirs.workDir);
    await adapter.prepare(spec, dirs);
    const asRoot = process.getuid?.() === 0;
    const confined = options.confine === true;
    // Confined, the CLI runs by its real path and only its package is bound: a link to it in HOME
    // (`harnessPath: "~/gemini"`) would otherwise bind HOME itself over the HOME mask.
    const cli = confined ? confinedCli(harness.path, hostHomes()) : undefined;
    const launch = adapter.launch({
      harness: cli ? { ...harness, path: cli.program } : harness,
      spec,
      dirs,
      endpoint,
      asRoot,
    });
    let argv: readonly [string, ...string[]] = launch.argv;
    if (confined) {
      if (endpoint.kind === "mock" && options.relaySocket === undefined) {
        throw new InvalidOptionError("a confined run against a mock needs the mock's relay socket");
      }
      const inner: [string, ...string[]] =
        options.relaySocket !== undefined
          ? [
              // The relay's node skips NODE_EXTRA_CA_CERTS (it only pipes loopback to a unix socket):
              // parsing a CA bundle cost each start ~80 ms of CPU here. It hands the value back to the CLI.
              "/usr/bin/env",
              "-u",
              "NODE_EXTRA_CA_CERTS",
              `VIGILES_RELAY_PORT=${new URL(endpoint.baseUrl).port}`,
              ...(process.env["NODE_EXTRA_CA_CERTS"] !== undefined
                ? [`VIGILES_RELAY_NODE_EXTRA_CA_CERTS=${process.env["NODE_EXTRA_CA_CERTS"]}`]
                : []),
              process.execPath,
              RELAY_SCRIPT,
              options.relaySocket,
              "--",
              ...argv,
            ]
          : [...argv];
      // /tmp is a fresh tmpfs inside: plugins, the CLI and the relay, when kept under it, must be bound
      // in (read-only) or the sandbox cannot see them.
      // A plugin's node_modules may be a link out of it (a workspace): its real path is bound too,
      // since the run's copy of the plugin links there (runtime/plugin-copy.ts).
      const dependencies = await Promise.all((spec.pluginDirs ?? []).map(pluginDependenciesOf));
      const readOnly = [
        ...new Set([
          ...(spec.pluginDirs ?? []),
          ...dependencies.filter((d): d is string => d !== undefined),
          ...(cli ? [cli.readOnly] : []),
          dirname(RELAY_SCRIPT),
          dirname(RELAY_KIT),
          ...(launch.readOnlyPaths ?? []),
          // An MCP server the CLI starts runs inside the sandbox with it: its script and files are bound.
          ...Object.values(spec.mcpServers ?? {}).flatMap((s) => s.readOnlyPaths),
        ]),
      ];
      argv = confineArgv(inner, {
        managedSettingsDirs: managedSettingsDirs(),
        workDir: dirs.workDir,
        home: dirs.homeDir,
        tmpDir: dirs.tmpDir,
        readOnly,
        // A remote model is reached through the egress proxy, which connects to its host:port only;
        // the run never shares the host's network namespace (its abstract sockets answer there).
        ...(endpoint.kind === "remote"
          ? { network: "shared" as const, allow: [endpointOfUrl(endpoint.baseUrl)] }
          : { network: "none" as const }),
        ...(options.relaySocket !== undefined ? { allowedSockets: [options.relaySocket] } : {}),
        ...(options.managedSettings ? { managedSettings: options.managedSettings } : {}),
      });
    }
    if (spec.setupScript !== undefined) await runSetupScript(spec.setupScript, dirs, options.signal);
    const before = snapshotDir(dirs.workDir);
    const reader = adapter.createStreamReader(dirs);
    const proc = await runProcess({
      argv,
      cwd: launch.cwd,
      env: launch.env,
      ...(launch.input !== undefined ? { input: launch.input } : {}),
      timeoutMs: options.timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
      onStdout: (chunk) => reader.push(chunk),
    });
    const summary = reader.finish();
    const filesWritten = changedPaths(before, snapshotDir(dirs.workDir));
    return { harness, dirs, root, launch, argv, process: proc, summary, filesWritten, confined, cleanup };
  } catch (error) {
    // Dirs the caller opened are the caller's to remove.
    if (options.runDirs === undefined) cleanup();
    throw error;
  }
}
