/**
 * A session's setup script (a plugin eval case's `scaffold_script`): `bash <script>` in the run's
 * work dir before the agent starts, ALWAYS confined (bubblewrap, no network, the run's HOME and
 * temp dir, the script's folder read-only), whether or not the run itself is, since it is bash an
 * eval suite's author wrote. The environment is the one Claude Code 2.1.328 gives it (PATH, HOME,
 * TMPDIR, TERM=dumb, GIT_CONFIG_NOSYSTEM=1), and it is killed after its time limit (the CLI's 120 s).
 * A script that exits non-zero fails the run, as the CLI fails it.
 */
import { dirname } from "node:path";
import type { RunDirs } from "../../adapters/port.js";
import { managedSettingsDirs } from "../../adapters/registry.js";
import { VigilesError } from "../../core/errors.js";
import { confineArgv } from "../../runtime/confine.js";
import { runProcess } from "../../runtime/process.js";

/** The setup script exited non-zero, or was killed. */
export class SetupScriptError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_SETUP_SCRIPT", message);
  }
}

/** How a session's setup script runs. */
export interface SetupScript {
  /** Absolute path of the bash script. */
  readonly path: string;
  readonly timeoutMs: number;
}

/** Runs the script in `dirs.workDir`, confined. Throws {@link SetupScriptError} when it fails. */
export async function runSetupScript(
  script: SetupScript,
  dirs: RunDirs,
  signal?: AbortSignal,
): Promise<void> {
  const argv = confineArgv(["bash", script.path], {
    managedSettingsDirs: managedSettingsDirs(),
    workDir: dirs.workDir,
    home: dirs.homeDir,
    tmpDir: dirs.tmpDir,
    readOnly: [dirname(script.path)],
    network: "none",
  });
  const result = await runProcess({
    argv,
    cwd: dirs.workDir,
    env: {
      PATH: process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
      HOME: dirs.homeDir,
      TMPDIR: dirs.tmpDir,
      TMP: dirs.tmpDir,
      TEMP: dirs.tmpDir,
      TERM: "dumb",
      GIT_CONFIG_NOSYSTEM: "1",
    },
    timeoutMs: script.timeoutMs,
    maxBufferBytes: 16_384,
    ...(signal ? { signal } : {}),
  });
  if (result.exitCode === 0) return;
  const why = result.timedOut
    ? `killed after ${Math.round(script.timeoutMs / 1000)} s`
    : `exit ${result.exitCode ?? result.signal ?? "unknown"}`;
  throw new SetupScriptError(`scaffold failed (${why}): ${result.stderr.trim().slice(0, 500)}`);
}
