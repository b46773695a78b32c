/**
 * `qwenAdapter`: Qwen Code behind the adapter port. Pass it as `{ adapter: qwenAdapter }`. What Qwen
 * cannot report (hook fires in its stream) or has no measured mapping for (effort, plugin dirs,
 * several prompts) is declared here as data, and fails loudly when asked for.
 */
import type { HarnessAdapter } from "../port.js";
import { QWEN_CAPABILITIES } from "./capabilities.js";
import { diagnoseQwenRun } from "./diagnose.js";
import { qwenFactProbes } from "./fact-probes.js";
import { buildQwenLaunch } from "./launch.js";
import { findQwenManagedSettings, QWEN_MANAGED_DIR } from "./managed-settings.js";
import { startQwenMock } from "./mock/server.js";
import { QWEN_PIN } from "./package-pin.js";
import { prepareQwenRun } from "./prepare.js";
import { resolveQwen } from "./resolve.js";
import { createQwenStreamReader } from "./stream/stream-reader.js";

/**
 * The Qwen Code adapter.
 *
 * @example
 * import { runHarnessTest } from "vigiles";
 * import { qwenAdapter } from "vigiles/qwen";
 * await runHarnessTest(spec, { adapter: qwenAdapter });
 */
export const qwenAdapter: HarnessAdapter = {
  id: "qwen-code",
  displayName: "Qwen Code",
  pinnedPackage: QWEN_PIN,
  capabilities: QWEN_CAPABILITIES,
  managedSettingsDir: QWEN_MANAGED_DIR,
  findManagedRouting: () => findQwenManagedSettings(),
  resolve: (options) => resolveQwen(options),
  prepare: (spec, dirs) => prepareQwenRun(spec, dirs),
  launch: (input) => buildQwenLaunch(input),
  createStreamReader: (dirs) => createQwenStreamReader(dirs),
  diagnose: (summary, proc, requests) => diagnoseQwenRun(summary, proc, requests),
  startMock: (script, options) => startQwenMock(script, options ?? {}),
  factProbes: qwenFactProbes,
};
